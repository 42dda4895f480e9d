import { LegalPageLayout } from './LegalPageLayout';
import { LEGAL_PAGES } from './legalPages';

/** /legal/data-privacy: the data privacy notice (spec §2). */
export function DataPrivacyPage() {
  return <LegalPageLayout page={LEGAL_PAGES.dataPrivacy} />;
}
