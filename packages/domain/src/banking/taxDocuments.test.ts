import { describe, expect, it } from 'vitest';
import { filedTaxDocuments, taxDocumentsByYear } from './taxDocuments';

const doc = (id: string, year: number, name: string, status: string) => ({
  id,
  accountId: 'acc_1',
  type: '1099-INT',
  year,
  name,
  status,
});

const documents = [
  doc('a', 2024, 'Form 1099-INT', 'filed'),
  doc('b', 2025, 'Form 1099-INT', 'pending'),
  doc('c', 2025, 'Form 1099-MISC', 'filed'),
  doc('d', 2023, 'Form 1099-INT', 'void'),
  doc('e', 2025, 'Form 1099-INT (corrected)', 'filed'),
];

describe('filedTaxDocuments', () => {
  it('keeps only filed documents, newest year first, by name within a year', () => {
    expect(filedTaxDocuments(documents).map((d) => d.id)).toEqual(['e', 'c', 'a']);
  });

  it('leaves the list it was given alone', () => {
    const copy = [...documents];
    filedTaxDocuments(documents);
    expect(documents).toEqual(copy);
  });
});

describe('taxDocumentsByYear', () => {
  it('groups the filed documents by year, newest first', () => {
    expect(
      taxDocumentsByYear(documents).map(({ year, documents: inYear }) => [year, inYear.map((d) => d.id)]),
    ).toEqual([
      [2025, ['e', 'c']],
      [2024, ['a']],
    ]);
  });

  it('is empty when nothing is filed', () => {
    expect(taxDocumentsByYear([doc('x', 2025, 'Form 1099-INT', 'pending')])).toEqual([]);
  });
});
