import type { CardKind, CardStatus, Cents, TransferRail } from '@keel/domain';
import type { Db, Tx } from '../../db/client';

/**
 * The banking core (issue 16) behind one interface: what a bank partner decides for Keel's deposit
 * accounts. Approving an application, numbering an account, when a transfer settles and whether it
 * comes back, the daily limits, and the bank's ledger (every posting double-entry). The sandbox
 * (default) simulates a bank in our database; a real adapter (Increase) is not built yet.
 *
 * Writes take the caller's database transaction, so a posting and the bookkeeping transaction that
 * mirrors it in the company's books (modules/banking) commit together.
 */

export type BankingProviderKind = 'sandbox';

/** The applicant the bank reviews (already valid by the domain's application form). */
export type Applicant = {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  tin: string;
};

export type ApplicationDecision = { approved: true } | { approved: false; reason: string };

/** What the bank gives a new account. */
export type NewDepositAccount = {
  accountNumber: string;
  routingNumber: string;
  apyBasisPoints: number;
};

/** When a transfer settles and whether it comes back (the bank's decision, made when it is sent). */
export type TransferSchedule = {
  settleAt: Date;
  /** The transfer comes back: a wire at settlement (never posted), an ACH at returnAt after posting. */
  willReturn: boolean;
  returnAt: Date | null;
  returnReason: string | null;
};

/** A posting the bank booked on a deposit account: what the books must mirror. */
export type BankPostingMade = {
  id: string;
  entityId: string;
  depositAccountId: string;
  kind: 'deposit' | 'transfer' | 'transfer_return' | 'interest';
  date: string;
  description: string;
  /** Money into the account positive. */
  amount: Cents;
  transferId: string | null;
};

export type BankingProvider = {
  kind: BankingProviderKind;
  reviewApplication(applicant: Applicant): Promise<ApplicationDecision>;
  /** Numbers a new account for the company (unique at the bank). */
  numberAccount(tx: Tx, entityId: string): Promise<NewDepositAccount>;
  /** The daily sending limit of one deposit account on each rail (tprimeTransferLimits), in cents. */
  dailyLimits(): Record<TransferRail, Cents>;
  scheduleTransfer(transfer: {
    rail: TransferRail;
    now: Date;
    sendOn: string;
    amount: Cents;
    recipientAccountNumber: string;
  }): TransferSchedule;
  /**
   * Brings the company's accounts up to `now`: posts or returns the transfers due, returns posted ACH
   * transfers whose return is due, credits each complete month's interest. Returns the postings made,
   * oldest first. Locks the company's deposit accounts, so two callers settle once.
   */
  settleDue(tx: Tx, entityId: string, now: Date): Promise<BankPostingMade[]>;
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
  kind: 'sandbox';
  /**
   * Issues a card for the company's deposit account. `cardId` is Keel's id of the card, which the
   * issuer takes as its idempotency key: asked again for the same id, it answers the same card.
   */
  issueCard(request: {
    cardId: string;
    entityId: string;
    depositAccountId: string;
    kind: CardKind;
    now: Date;
  }): Promise<IssuedCard>;
  /** Tells the issuer a card's new status (activation, freeze, unfreeze). */
  setCardStatus(providerCardId: string, status: CardStatus): Promise<void>;
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
