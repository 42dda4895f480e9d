import type { Cents } from '@keel/domain';

/**
 * The accounting software a company connects (spec §7 CreateQuickbooksConnection; §6 the
 * accounting-connected mode, apiFlags.qbo): QuickBooks Online, behind one interface. OAuth 2.0
 * (authorize URL, code exchange, refresh, revoke) and, per company file (realm), its chart of accounts
 * and its transactions normalised to journal lines: what the books need to mirror the company file.
 *
 * The sandbox (sandbox.ts) is the only implementation: a simulated company file in our database, so the
 * whole flow works offline. A real adapter (Intuit's OAuth client and the Accounting API's Account query
 * and change data capture) would implement the same type and be chosen by configuration when Intuit's
 * keys are set; until then there is no QUICKBOOKS_* setting. Every call says when it happens (`at`):
 * the sandbox follows the app's clock, Intuit its own.
 */

export type AccountingKind = 'sandbox' | 'live';

/** QuickBooks' Classification of an account. */
export type QuickbooksClassification = 'Asset' | 'Liability' | 'Equity' | 'Revenue' | 'Expense';

/**
 * A QuickBooks Account. `currentBalance` in cents as QuickBooks states it: what an asset holds, what a
 * liability owes or equity stands at (positive when credit), and 0 for income and expense accounts
 * (QuickBooks keeps no running balance for them). Without sub-accounts' balances.
 */
export type QuickbooksAccount = {
  id: string;
  name: string;
  /** 'Bank', 'Accounts Receivable', 'Other Current Asset', 'Fixed Asset', 'Credit Card', 'Expense'… */
  accountType: string;
  accountSubType: string | null;
  classification: QuickbooksClassification;
  currentBalance: Cents;
  active: boolean;
  /** The parent account's Id when it is a sub-account (QuickBooks' ParentRef). */
  parentId: string | null;
  syncToken: string;
};

/** The QuickBooks transaction entities Keel imports. */
export const QUICKBOOKS_TRANSACTION_TYPES = [
  'Invoice',
  'Payment',
  'Deposit',
  'Bill',
  'BillPayment',
  'Purchase',
  'Transfer',
  'JournalEntry',
] as const;
export type QuickbooksTransactionType = (typeof QUICKBOOKS_TRANSACTION_TYPES)[number];

/** One posting of a transaction: an account and signed cents (a debit positive, a credit negative). */
export type QuickbooksLine = { accountId: string; amount: Cents; description: string | null };

/**
 * A QuickBooks transaction as the general ledger sees it: its postings (`lines`), which sum to zero.
 * Ids are unique per entity type. A newer SyncToken means it changed; `deleted` means QuickBooks no
 * longer has it (then it has no lines).
 */
export type QuickbooksTransaction = {
  id: string;
  entityType: QuickbooksTransactionType;
  txnDate: string;
  docNumber: string | null;
  /** Whom it is with (customer, vendor, payee) or what it is (a journal entry's memo). */
  name: string;
  privateNote: string | null;
  lines: QuickbooksLine[];
  syncToken: string;
  deleted: boolean;
  /** When QuickBooks last changed it (MetaData.LastUpdatedTime). */
  lastUpdated: Date;
};

/** One page of a listing: the transactions, where the next page starts, and how many the listing has. */
export type QuickbooksTransactionsPage = {
  transactions: QuickbooksTransaction[];
  /**
   * Give it to the next call. When `hasMore` is false it stands for 'everything up to now': the next
   * sync asks with it for what changed since.
   */
  nextCursor: string;
  hasMore: boolean;
  /** How many transactions this listing (the whole history, or the changes since the cursor) holds. */
  total: number;
  /** How many of them came before this page. */
  offset: number;
};

export type QuickbooksTokens = {
  accessToken: string;
  refreshToken: string;
  /** The access token lasts an hour at Intuit; the refresh token about 100 days. */
  accessTokenExpiresAt: Date;
  refreshTokenExpiresAt: Date;
};

/** What reading a company file takes: its realm and a live access token. */
export type AccountingConnection = { realmId: string; accessToken: string };

export type AuthorizeUrlRequest = {
  /**
   * The one-time state the callback must bring back, unchanged: an opaque value the accounting module
   * derived from the asking browser's binding cookie (modules/accounting/quickbooksBrowserBinding.ts).
   * The callback, not the provider, checks it, so every adapter gets the same binding.
   */
  state: string;
  /** This app's callback (GET /api/quickbooks/callback). */
  redirectUri: string;
};

export type CodeExchange = { code: string; realmId: string; redirectUri: string; at: Date };

/** Pages hold at most this many transactions (the sandbox's bound; Intuit's is 1,000). */
export const TRANSACTIONS_PAGE_MAX = 500;
export const TRANSACTIONS_PAGE_DEFAULT = 100;

/**
 * Intuit's refusal, normalised. `loginRequired`: only the user can repair it by connecting again (a
 * refresh token revoked or expired: 'invalid_grant'). `unauthorized`: the access token was refused
 * (expired or revoked): refresh it and try once more. `code` is Intuit's ('invalid_grant',
 * 'AuthenticationFailed', …).
 */
export class AccountingError extends Error {
  readonly code: string;
  readonly loginRequired: boolean;
  readonly unauthorized: boolean;
  constructor(details: { code: string; message: string; loginRequired?: boolean; unauthorized?: boolean }) {
    super(details.message);
    this.name = 'AccountingError';
    this.code = details.code;
    this.loginRequired = details.loginRequired ?? false;
    this.unauthorized = details.unauthorized ?? false;
  }
}

/** A company file the sandbox's consent page offers. */
export type SandboxCompanyChoice = { realmId: string; companyName: string };

/**
 * What only the sandbox does: Intuit's consent screen (its company files, and what 'Connect' does:
 * an authorization code for the redirect) and, for tests and trying 'reconnect' by hand, revoking a
 * realm's grants as a user disconnecting the app inside QuickBooks would.
 */
export type SandboxAccountingControls = {
  /** The client id the sandbox's authorize URL carries and its consent page checks. */
  clientId: string;
  companies(): SandboxCompanyChoice[];
  /** 'Connect' on the consent page: an authorization code (valid 5 minutes, once) for the redirect. */
  grantCode(input: { realmId: string; redirectUri: string; at: Date }): Promise<string>;
  /** Revokes every grant of the realm; answers how many were live. */
  revokeRealm(realmId: string, at: Date): Promise<number>;
};

export type AccountingProvider = {
  kind: AccountingKind;
  /** Where the browser goes to consent (Intuit's appcenter, or the sandbox's page). */
  authorizeUrl(request: AuthorizeUrlRequest): string;
  /** The authorization code exchanged for tokens (once), with the company file's name. */
  exchangeCode(request: CodeExchange): Promise<{ tokens: QuickbooksTokens; companyName: string }>;
  /** New tokens for a refresh token (Intuit rotates the refresh token too). */
  refreshTokens(request: { refreshToken: string; at: Date }): Promise<QuickbooksTokens>;
  /** Every account of the company file, active or not, with its balance at `at`. */
  listAccounts(
    connection: AccountingConnection,
    options: { at: Date; signal?: AbortSignal },
  ): Promise<QuickbooksAccount[]>;
  /**
   * The company file's transactions from `cursor` (null: its whole history as of `at`; else what
   * changed since the listing the cursor ended, deleted ones included), at most `pageSize` a page.
   * A listing continued with the cursors it gives stays the snapshot it began as.
   */
  listTransactions(
    connection: AccountingConnection,
    options: { cursor: string | null; pageSize?: number; at: Date; signal?: AbortSignal },
  ): Promise<QuickbooksTransactionsPage>;
  /** Revokes the grant a token (access or refresh) belongs to. Revoking a revoked one is fine. */
  revoke(request: { token: string; at: Date }): Promise<void>;
  /** Present on the sandbox only. */
  sandbox?: SandboxAccountingControls;
};
