import { LegalPageLayout } from './LegalPageLayout';
import { LEGAL_PAGES } from './legalPages';

/** /legal: privacy policy, terms of service, and the electronic communications and e-sign agreement (spec §2). */
export function LegalPage() {
  return <LegalPageLayout page={LEGAL_PAGES.legal} />;
}
