import type { CardKind, CardStatus, Cents, TransferRail } from '@keel/domain';
import type { Db, Tx } from '../../db/client';
import type { BankPostingKind } from '../../db/schema';

/**
 * The banking core behind one interface: what a bank partner decides for Keel's deposit
 * accounts. Approving an application, numbering an account, when a transfer settles and whether it
 * comes back, the daily limits, and the bank's ledger (every posting double-entry). The sandbox
 * (default, sandbox.ts) simulates a bank in our database; the Increase adapter (increase.ts) talks to
 * Increase's API and mirrors its ledger. Configuration chooses (BANKING_PROVIDER).
 *
 * Writes take the caller's database transaction, so a posting and the bookkeeping transaction that
 * mirrors it in the company's books (modules/banking) commit together.
 */

export type BankingProviderKind = 'sandbox' | 'increase';

/** The applicant the bank reviews (already valid by the domain's application form). */
export type Applicant = {
  firstName: string;
  lastName: string;
  email: string;
  dateOfBirth: string;
  tin: string;
  address: {
    streetLine1: string;
    streetLine2: string | null;
    city: string;
    state: string;
    postalCode: string;
  };
};

/** The bank's answer; an approval may carry the bank's own id of the applicant (Increase's Entity). */
export type ApplicationDecision =
  | { approved: true; providerEntityId: string | null }
  | { approved: false; reason: string };

/** The account the bank is asked to open: `requestKey` makes asking twice open one account. */
export type AccountRequest = {
  entityId: string;
  name: string;
  providerEntityId: string | null;
  requestKey: string;
};

/** What the bank gives a new account (a real bank's ids of it too; null in the sandbox). */
export type NewDepositAccount = {
  accountNumber: string;
  routingNumber: string;
  apyBasisPoints: number;
  providerAccountId: string | null;
  providerAccountNumberId: string | null;
};

/** A transfer Keel sends, as the bank needs it. */
export type OutgoingTransfer = {
  /** Keel's idempotency key of the transfer, already scoped to the company: the bank's key too. */
  requestKey: string;
  rail: TransferRail;
  now: Date;
  sendOn: string;
  amount: Cents;
  recipient: {
    name: string;
    accountNumber: string;
    routingNumber: string;
    accountType: string | null;
  };
  memo: string;
  /** When Keel expects it to settle (the domain's settlementTime when it was sent: what the review showed). */
  expectedSettleAt: Date;
  /** The deposit account sending it, with the bank's ids of it (null in the sandbox). */
  account: { id: string; providerAccountId: string | null; providerAccountNumberId: string | null };
};

/** The bank's answer to a transfer: when it is expected to settle, and its id at the bank once submitted. */
export type TransferSubmission = TransferSchedule & { providerTransferId: string | null };

/** When a transfer settles and whether it comes back (the bank's decision, made when it is sent). */
export type TransferSchedule = {
  settleAt: Date;
  /** The transfer comes back: a wire at settlement (never posted), an ACH at returnAt after posting. */
  willReturn: boolean;
  returnAt: Date | null;
  returnReason: string | null;
};

/**
 * What a real bank answered for one company, fetched outside any transaction (fetchDue): each deposit
 * account's transactions since its cursor, by Keel's account id, and the bank's status of each of the
 * company's pending transfers, by the bank's transfer id. Opaque to everyone but the adapter.
 */
export type BankFetch = {
  transactionsByAccount: ReadonlyMap<string, readonly unknown[]>;
  transferStatuses: ReadonlyMap<string, string>;
};

/** A posting the bank booked on a deposit account: what the books must mirror. */
export type BankPostingMade = {
  id: string;
  entityId: string;
  depositAccountId: string;
  kind: BankPostingKind;
  date: string;
  description: string;
  /** Money into the account positive. */
  amount: Cents;
  transferId: string | null;
  /** The real bank's transaction it mirrors (Increase); absent in the sandbox. */
  providerTransactionId?: string | null;
};

export type BankingProvider = {
  kind: BankingProviderKind;
  reviewApplication(applicant: Applicant): Promise<ApplicationDecision>;
  /** Opens and numbers a new account for the company (unique at the bank). */
  numberAccount(tx: Tx, request: AccountRequest): Promise<NewDepositAccount>;
  /** The daily sending limit of one deposit account on each rail (tprimeTransferLimits), in cents. */
  dailyLimits(): Record<TransferRail, Cents>;
  /**
   * Hands a transfer to the bank (Keel's outbox does so at its hand-over time, with no database
   * transaction or lock open: modules/banking/transferHandOver.ts). The bank answers when it settles
   * and whether it comes back. Asked again with the same `requestKey` (a retry after a lost answer),
   * the bank answers the same transfer.
   */
  submitTransfer(transfer: OutgoingTransfer): Promise<TransferSubmission>;
  /**
   * What settleDue needs from the bank, asked with no transaction open and no row locked, so a slow or
   * unreachable bank never holds a database connection (the BankMirror job calls it, then settleDue
   * with its answer). A bank in our database (the sandbox) needs nothing: null. Throws when the bank
   * cannot be reached.
   */
  fetchDue(db: Db, entityId: string, now: Date): Promise<BankFetch | null>;
  /**
   * Brings the company's accounts up to `now`: posts or returns the transfers due (only ones handed
   * over to the bank), returns posted ACH
   * transfers whose return is due, credits each complete month's interest. Returns the postings made,
   * oldest first. Locks the company's deposit accounts, so two callers settle once. Given `fetched`
   * (fetchDue's answer), a real bank's adapter only writes what it holds, calling nobody under the
   * lock; without it, it asks the bank itself.
   */
  settleDue(tx: Tx, entityId: string, now: Date, fetched?: BankFetch | null): Promise<BankPostingMade[]>;
  /**
   * Whether settleDue would do anything for the company at `now`: a read without locks, so the banking
   * reads (which settle first) take no write lock while nothing is due. A true answer may be stale by
   * the time settleDue runs, which then finds nothing; a false one is only ever followed by work that
   * came due later.
   */
  hasDue(db: Db | Tx, entityId: string, now: Date): Promise<boolean>;
  /** Money arriving from outside (an incoming ACH or wire: sandbox simulation, demo and tests). */
  receiveDeposit(
    tx: Tx,
    deposit: { depositAccountId: string; amount: Cents; date: string; description: string },
  ): Promise<BankPostingMade>;
};

/**
 * The card issuer behind Keel's cards (createTprimeCard): it numbers a card and is told when the
 * company changes its status, so its authorizations follow (a frozen card is declined). Keel keeps the
 * number and CVV sealed (modules/banking/cards.ts); the sandbox (sandboxCards.ts) is the default.
 */
export type CardIssuer = {
  kind: BankingProviderKind;
  /**
   * Issues a card for the company's deposit account. `cardId` is Keel's id of the card, which the
   * issuer takes as its idempotency key: asked again for the same id, it answers the same card.
   */
  issueCard(request: {
    cardId: string;
    entityId: string;
    depositAccountId: string;
    /** The bank's id of that account (null in the sandbox). */
    providerAccountId: string | null;
    kind: CardKind;
    /** Whom a physical card is printed for and shipped to: the approved applicant. */
    cardholder: Pick<Applicant, 'firstName' | 'lastName' | 'address'> | null;
    now: Date;
  }): Promise<IssuedCard>;
  /** Tells the issuer a card's new status (activation, freeze, unfreeze). */
  setCardStatus(providerCardId: string, status: CardStatus): Promise<void>;
  /**
   * The charges an issuer asks Keel to decide at authorization (Increase: real-time decisions of the
   * card_authorization_requested category), which Keel approves or declines by the card's status and
   * limits (modules/banking/cardAuthorizations.ts). The sandbox has none: its charges are made by its
   * development route and decided by Keel directly.
   */
  authorizations?: CardAuthorizationDesk;
};

/** A charge an issuer asks Keel to decide. `requestId` is the issuer's id of the request. */
export type CardAuthorizationRequest = {
  requestId: string;
  providerCardId: string;
  merchant: string;
  /** The amount to settle, in cents (a refund is not asked for: it is always approved). */
  amount: Cents;
};

export type CardAuthorizationDesk = {
  /** The request, or null when it is not a card charge still waiting for a decision. */
  read(requestId: string): Promise<CardAuthorizationRequest | null>;
  /** Gives the issuer Keel's decision; a declined charge carries Keel's reason. */
  answer(
    requestId: string,
    decision: { approved: true } | { approved: false; reason: string },
  ): Promise<void>;
};

/** What the issuer gives a new card: its number, CVV and expiry, and its own id of it (spec §3 cardId). */
export type IssuedCard = {
  providerCardId: string;
  /** The full card number (PAN), 16 digits, Luhn-valid. */
  pan: string;
  cvv: string;
  expirationMonth: number;
  expirationYear: number;
};
