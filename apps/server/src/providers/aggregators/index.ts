import type { Cents } from '@keel/domain';
import type { LinkProvider } from '../../db/schema';

/**
 * Bank aggregators behind one interface: provider A (Plaid: link tokens, Link, a public token
 * exchanged for an item and its access token) and provider B (MoneyKit: link sessions, Connect, an
 * exchangeable token exchanged for a link). Both are normalised to what linking needs: a link with its
 * institution and accounts, balances, an incremental transactions feed from a cursor, a refresh, a
 * removal, and an update mode that repairs a link whose login expired.
 *
 * The sandboxes (sandbox.ts, the default) simulate both vendors in our database; real adapters (Plaid's
 * official SDK, MoneyKit's REST API) implement the same type. Every call says when it happens (`at`):
 * the sandboxes follow the app's clock, a vendor its own.
 */

export type AggregatorKind = 'sandbox' | 'live';

/** depository, credit, loan, investment or other (Plaid's account types; MoneyKit's mapped onto them). */
export type AggregatorAccountType = 'depository' | 'credit' | 'loan' | 'investment' | 'other';

/**
 * An account of a link. Balances in cents as the institution states them: for depository and
 * investment accounts what is in the account, for credit and loan accounts what is owed (positive).
 * `current` counts pending transactions, as the books (which import pending ones) do; an adapter whose
 * vendor leaves them out adds them, so the books and the provider agree.
 */
export type AggregatorAccount = {
  accountId: string;
  name: string;
  officialName: string | null;
  mask: string | null;
  type: AggregatorAccountType;
  subtype: string | null;
  balances: { current: Cents | null; available: Cents | null; limit: Cents | null };
};

export type AggregatorInstitution = { id: string; name: string };

/** A transaction as the feed gives it. `amount`: money into the account positive (Plaid's sign negated). */
export type AggregatorTransaction = {
  transactionId: string;
  accountId: string;
  date: string;
  name: string;
  merchantName: string | null;
  category: string | null;
  amount: Cents;
  pending: boolean;
  /** A posted transaction naming the pending one it replaces (Plaid's pending_transaction_id). */
  pendingTransactionId: string | null;
};

/** One page of the transactions feed: what changed since `cursor`, and where the next page starts. */
export type TransactionsPage = {
  added: AggregatorTransaction[];
  modified: AggregatorTransaction[];
  removed: { transactionId: string; accountId: string }[];
  nextCursor: string;
  /** More changes wait: ask again from nextCursor. */
  hasMore: boolean;
};

/** What the provider needs to read a link: its id and, for A, the access token (B has none). */
export type LinkCredential = { providerLinkId: string; accessToken: string | null };

/**
 * What a vendor says of a token before it is exchanged (asking spends nothing): the client user its flow
 * was made for and the link it would give (update mode: the link it repairs). Null where the vendor
 * cannot tell without exchanging the token.
 */
export type TokenPreview = { clientUserId: string | null; providerLinkId: string | null };

/** A link made by an exchange. `clientUserId` is whom its token was made for, when the vendor says. */
export type ExchangedLink = LinkCredential & { clientUserId: string | null };

/** What a link is: its institution and its accounts with their balances. */
export type LinkDescription = { institution: AggregatorInstitution; accounts: AggregatorAccount[] };

export type LinkTokenRequest = {
  /** Whom the link is for: the company's id (Plaid's user.client_user_id). */
  clientUserId: string;
  /** Where an OAuth institution sends the browser back (/plaid-oauth, /moneykit-oauth); null: none. */
  redirectUrl: string | null;
  /** Update mode: a token that repairs this link (reconnect) instead of making a new one. */
  update: LinkCredential | null;
  at: Date;
};

/**
 * A vendor's refusal, normalised. `loginRequired`: the link's login expired (A's ITEM_LOGIN_REQUIRED,
 * B's auth_expired) and only the user can repair it through update mode. `invalidToken`: a public or
 * exchangeable token that is unknown, expired or used. The other fields are the vendor's words.
 */
export class AggregatorError extends Error {
  readonly errorType: string;
  readonly errorCode: string;
  readonly displayMessage: string | null;
  readonly loginRequired: boolean;
  readonly invalidToken: boolean;
  constructor(details: {
    errorType: string;
    errorCode: string;
    message: string;
    displayMessage?: string | null;
    loginRequired?: boolean;
    invalidToken?: boolean;
  }) {
    super(details.message);
    this.name = 'AggregatorError';
    this.errorType = details.errorType;
    this.errorCode = details.errorCode;
    this.displayMessage = details.displayMessage ?? null;
    this.loginRequired = details.loginRequired ?? false;
    this.invalidToken = details.invalidToken ?? false;
  }
}

/**
 * What only a sandbox does, for the simulated Link/Connect screens, tests and development: list its
 * institutions, complete a link flow with credentials (what the vendor's hosted screen does), and force
 * a link's login to expire (Plaid's /sandbox/item/reset_login).
 */
export type SandboxAggregatorControls = {
  institutions(): { id: string; name: string; accounts: string[] }[];
  /**
   * Completes the flow a link token started: checks the credentials, makes the link (or, in update
   * mode, repairs it) and answers the token the browser hands to Keel (A's public token, B's
   * exchangeable token).
   */
  completeLink(input: {
    linkToken: string;
    institutionId: string | null;
    username: string;
    password: string;
    at: Date;
  }): Promise<{ token: string; providerLinkId: string }>;
  forceLoginRequired(providerLinkId: string): Promise<boolean>;
};

export type AggregatorProvider = {
  provider: LinkProvider;
  kind: AggregatorKind;
  /** A token the browser opens the vendor's flow with (A's link_token, B's link_session_token). */
  createLinkToken(request: LinkTokenRequest): Promise<{ linkToken: string; expiresAt: Date }>;
  /**
   * Whom a public or exchangeable token was made for, asked before exchanging it, since an exchange
   * spends the token: a token refused after its exchange is lost to its rightful owner too. Throws the
   * vendor's invalid-token refusal for a token it knows to be unknown, expired or used.
   */
  previewToken(token: string, at: Date): Promise<TokenPreview>;
  /**
   * A's public token or B's exchangeable token, exchanged for the link (once). Only the exchange: what
   * follows (describeLink) may fail, and the caller then removes the link it was given.
   */
  exchangeToken(token: string, at: Date): Promise<ExchangedLink>;
  /** The link's institution and accounts, as a new link is stored with them. */
  describeLink(link: LinkCredential, at: Date): Promise<LinkDescription>;
  /**
   * Whether the vendor holds the link under this client user: true or false where the vendor can say
   * after an exchange (MoneyKit lists a customer user's links), null where it cannot.
   */
  isLinkOf(link: LinkCredential, clientUserId: string): Promise<boolean | null>;
  getAccounts(link: LinkCredential, at: Date): Promise<AggregatorAccount[]>;
  /** The transactions feed after `cursor` (null: from the start), at most `count` changes a page. */
  syncTransactions(
    link: LinkCredential,
    cursor: string | null,
    options: { at: Date; count?: number; signal?: AbortSignal },
  ): Promise<TransactionsPage>;
  /** Asks the institution for fresh data now (B's refresh; A refreshes on its own and accepts it). */
  refresh(link: LinkCredential, at: Date): Promise<void>;
  /** Removes the link at the vendor (its credential stops working). Removing a removed link is fine. */
  removeLink(link: LinkCredential): Promise<void>;
  /** Present on sandboxes only. */
  sandbox?: SandboxAggregatorControls;
};

export type Aggregators = Record<LinkProvider, AggregatorProvider>;
