import type { LegalDocument, LegalSection } from './documents/legalDocument';

/** The id of a section's element on its page: unique across the page's documents. */
export function sectionAnchor(document: LegalDocument, section: LegalSection): string {
  return `${document.id}-${section.id}`;
}
