import { LegalPageLayout } from './LegalPageLayout';
import { LEGAL_PAGES } from './legalPages';

/** /legal/disclosures: deposit account agreement, privacy notice, Truth in Savings and the debit card cardholder agreement (spec §2). */
export function DisclosuresPage() {
  return <LegalPageLayout page={LEGAL_PAGES.disclosures} />;
}
