/**
 * A deposit account's tax documents (spec §3 taxDocuments, §2 Statements page 'Tax Documents list
 * grouped by year, newest first', §4 'Only filed tax documents are shown').
 */

export const FILED_TAX_DOCUMENT_STATUS = 'filed';

/** What ordering and filtering read of a tax document (spec §3: id, accountId, type, year, name, status). */
export type TaxDocumentLike = { year: number; name: string; status: string };

export type TaxDocumentYear<T extends TaxDocumentLike> = { year: number; documents: T[] };

/** The filed documents only, newest year first; within a year by name (then in the order given). */
export function filedTaxDocuments<T extends TaxDocumentLike>(documents: readonly T[]): T[] {
  return documents
    .filter((document) => document.status === FILED_TAX_DOCUMENT_STATUS)
    .sort((a, b) => b.year - a.year || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** The filed documents grouped by year, newest year first, as the Statements page lists them. */
export function taxDocumentsByYear<T extends TaxDocumentLike>(documents: readonly T[]): TaxDocumentYear<T>[] {
  const groups: TaxDocumentYear<T>[] = [];
  for (const document of filedTaxDocuments(documents)) {
    const last = groups.at(-1);
    if (last?.year === document.year) last.documents.push(document);
    else groups.push({ year: document.year, documents: [document] });
  }
  return groups;
}
