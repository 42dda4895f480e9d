/**
 * External services, one interface per vendor kind; create.ts picks each kind's adapter (sandbox, real
 * or off) from the settings. docs/architecture.md §2 lists the kinds.
 */

import type { AccountingProvider } from './accounting';
import type { Aggregators } from './aggregators';
import type { AiProvider } from './ai';
import type { BankingProvider, CardIssuer } from './banking';
import type { PaymentsProvider } from './payments';

export type EmailMessage = { to: string; subject: string; text: string };
export type EmailProvider = { send(message: EmailMessage): Promise<void> };

export type SmsMessage = { to: string; body: string };
export type SmsProvider = { send(message: SmsMessage): Promise<void> };

/** A Google ID token, verified: who signed in. */
export type GoogleIdentity = { subject: string; email: string; name: string; emailVerified: boolean };
export type GoogleIdentityProvider = {
  /** Verifies an ID token (signature, audience, expiry); null when it is not valid. */
  verifyIdToken(credential: string): Promise<GoogleIdentity | null>;
};

/**
 * A feature DISABLED_FEATURES names (config.FEATURES) gets an off provider (providers/<kind>/off.ts):
 * every call refused with FeatureUnavailable, before anything is sent or written.
 */
export type Providers = {
  email: EmailProvider;
  sms: SmsProvider;
  /** Present only when GOOGLE_CLIENT_ID is configured. */
  google: GoogleIdentityProvider | null;
  /** The Pro Plan's payments: Stripe when STRIPE_SECRET_KEY is set, else the sandbox. */
  payments: PaymentsProvider;
  /** Keel's deposit accounts: Increase when BANKING_PROVIDER is increase, else the built-in sandbox. */
  banking: BankingProvider;
  /** The cards on those accounts, from the same bank. */
  cards: CardIssuer;
  /**
   * The bank aggregators of linked accounts: A is Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set,
   * B MoneyKit when MONEYKIT_CLIENT_ID and MONEYKIT_CLIENT_SECRET are; each else its built-in sandbox.
   */
  aggregators: Aggregators;
  /**
   * The accounting software a company connects (QuickBooks Online). The built-in sandbox is the only
   * implementation; a real adapter would be chosen here when Intuit's keys are configured.
   */
  accounting: AccountingProvider;
  /**
   * The model behind 'Ask Keel AI': the built-in offline assistant unless AI_PROVIDER is openai (an
   * OpenAI-compatible server, OPENAI_BASE_URL's or OpenAI's).
   */
  ai: AiProvider;
};
