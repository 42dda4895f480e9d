/** A run of text in a legal document: plain, or a link (an app path such as '/legal#e-sign-agreement', or mailto:/tel:). */
export type LegalInline = string | { text: string; to: string };

/** A paragraph's or list item's text: one string, or strings and links in reading order. */
export type LegalText = string | readonly LegalInline[];

/**
 * A block of a section. A bare string is a paragraph; the others are lists, term–definition pairs
 * (a document's definitions or an "at a glance" summary) and tables (the bank's sharing chart).
 */
export type LegalBlock =
  | LegalText
  | { kind: 'list'; items: readonly LegalText[]; ordered?: boolean }
  | { kind: 'terms'; items: readonly { term: string; text: LegalText }[] }
  | { kind: 'table'; caption: string; columns: readonly string[]; rows: readonly (readonly string[])[] };

/** A numbered part of a document; its anchor on the page is `${document.id}-${section.id}`. */
export type LegalSection = { id: string; heading: string; blocks: readonly LegalBlock[] };

/**
 * One legal document as a page shows it. `id` is its anchor (other pages link to `/legal/disclosures#truth-in-savings`),
 * so it never changes once published. Dates are ISO days.
 */
export type LegalDocument = {
  id: string;
  title: string;
  effectiveDate: string;
  lastUpdated: string;
  /** One or two sentences under the title: what the document is and whom it binds. */
  summary: string;
  sections: readonly LegalSection[];
};
