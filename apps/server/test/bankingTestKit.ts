import { and, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queryRows';
import { jobs } from '../src/db/schema';
import { writeTransaction } from '../src/db/transactions';
import { bookBankPostings } from '../src/modules/banking';
import { bankingDepsOfApp, mirrorBank } from '../src/modules/banking/bankMirrorJob';
import { TRANSFER_HAND_OVER_JOB, transferHandOverHandler } from '../src/modules/banking/transferHandOver';
import type { BankingProvider } from '../src/providers/banking';
import type { TestApp } from './harness';
import { type LedgerFixture, rollupMismatches } from './ledgerTestKit';

/** Test support for the banking suites (test code only). */

const ACCOUNT_FIELDS = `id name accountNumber routingNumber status currentBalance availableBalance accountType
  ledgerAccountId accountYield { apy apyBasisPoints amount } openedOn`;
const TRANSFER_FIELDS = `id accountId rail status amount date vendorId recipientName routingNumber accountNumber
  memo idempotencyKey settleAt postedAt returnedAt returnReason`;

export const APPLY = `mutation($e: ID!, $p: ApplicationPersonInput!, $a: AddressInput!, $ack: Boolean) {
  createTprimeApplication(entityId: $e, person: $p, address: $a, acknowledgedAgreements: $ack) {
    application { id status declineReason tinLast4 } account { ${ACCOUNT_FIELDS} } } }`;
export const ACCOUNTS = `query($e: ID!) { providerBankAccounts(entityId: $e) { ${ACCOUNT_FIELDS} } }`;
export const TRANSFERS = `query($e: ID!) { transfers(entityId: $e) { ${TRANSFER_FIELDS} } }`;
export const LIMITS = `query($id: ID!) { tprimeTransferLimits(tprimeAccountId: $id) {
  accountId date ach { dailyLimit usedToday remainingToday } wire { dailyLimit usedToday remainingToday } } }`;
export const ACH = `mutation($e: ID!, $k: String!, $acc: ID, $v: ID, $n: String, $r: String, $num: String,
  $amt: Cents, $d: String, $m: String, $t: String) {
  createAchTransfer(entityId: $e, idempotencyKey: $k, accountId: $acc, vendorId: $v, recipientName: $n,
    routingNumber: $r, accountNumber: $num, amount: $amt, date: $d, memo: $m, recipientAccountType: $t) {
    ${TRANSFER_FIELDS} } }`;
export const WIRE = `mutation($e: ID!, $k: String!, $acc: ID, $n: String, $r: String, $num: String, $amt: Cents,
  $d: String, $m: String, $ad: WireRecipientAddressInput, $b: WireBankInput) {
  createWireTransfer(entityId: $e, idempotencyKey: $k, accountId: $acc, recipientName: $n, routingNumber: $r,
    accountNumber: $num, amount: $amt, date: $d, memo: $m, recipientAddress: $ad, bank: $b) {
    ${TRANSFER_FIELDS} } }`;
export const VENDOR = `mutation($e: ID!, $n: String, $em: String, $c: String, $no: String, $t: String) {
  createVendor(entityId: $e, name: $n, email: $em, companyName: $c, notes: $no, vendorType: $t) {
    id name email companyName notes vendorType } }`;

/** A valid application form (SSN 123456789 is approved by the sandbox). */
export const applicant = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@acme.test',
  phoneNumber: '4155550134',
  dateOfBirth: '1985-12-10',
  citizen: true,
  tin: '123456789',
  ein: '987654321',
  ...overrides,
});
export const applicantAddress = {
  streetLine1: '1 Market St',
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
};

/** A valid ABA routing number of another bank (Chase's). */
export const RECIPIENT_ROUTING = '021000021';

export type BankAccountView = {
  id: string;
  name: string;
  accountNumber: string;
  routingNumber: string;
  currentBalance: number;
  availableBalance: number;
  accountType: string;
  ledgerAccountId: string;
  accountYield: { apy: number; apyBasisPoints: number; amount: number };
};

export type TransferView = {
  id: string;
  status: string;
  amount: number;
  idempotencyKey: string;
  returnReason: string | null;
};

/** Applies for the fixture's company as its owner and returns the account the approval opened. */
export async function openDepositAccount(fixture: LedgerFixture): Promise<BankAccountView> {
  const result = await fixture.gql<{ createTprimeApplication: { account: BankAccountView | null } }>(APPLY, {
    e: fixture.entityId,
    p: applicant(),
    a: applicantAddress,
    ack: true,
  });
  const account = result.data?.createTprimeApplication.account;
  if (!account) throw new Error(`createTprimeApplication: ${JSON.stringify(result.errors)}`);
  return account;
}

/** Money arriving in the account from outside (the sandbox's incoming ACH), booked like any posting. */
export async function deposit(
  t: TestApp,
  accountId: string,
  amount: number,
  date: string,
  description = 'Incoming ACH',
) {
  const banking: BankingProvider = t.providers.banking;
  await writeTransaction(t.db, async (tx) => {
    const posting = await banking.receiveDeposit(tx, {
      depositAccountId: accountId,
      amount,
      date,
      description,
    });
    await bookBankPostings(tx, t.clock, [posting]);
  });
}

/**
 * Runs the BankMirror job's work for the company once, now, by the test's clock (mirrorBank: the bank
 * settled or mirrored, postings booked, tax documents filed, mirrored_at stored): what the scheduled job
 * does every BANK_MIRROR_INTERVAL_MS. Banking reads no longer settle, so a test that moves the clock and
 * expects transfers to post, interest to be credited or a Form 1099-INT to be filed calls this first.
 * Throws BankMirrorFailed when the bank cannot be reached (mirror_error is stored).
 */
export function runBankMirror(t: TestApp, entityId: string) {
  return mirrorBank(bankingDepsOfApp(t, t.db), entityId);
}

/**
 * Runs the transfer's BankTransferHandOver job once, now, by the test's clock, through its handler (the
 * "transfers" outbox: hands the transfer to the bank when its hand-over time has come). The job is the
 * one its send queued; the handler is given a context of its own (no runner, no lease).
 */
export async function runTransferHandOver(t: TestApp, transferId: string): Promise<void> {
  const [job] = await t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.type, TRANSFER_HAND_OVER_JOB), eq(jobs.subjectId, transferId)))
    .orderBy(desc(jobs.queuedAt))
    .limit(1);
  if (!job) throw new Error(`No hand-over job for transfer ${transferId}`);
  await transferHandOverHandler({ db: t.db, config: t.config, clock: t.clock, providers: t.providers })({
    job,
    attempt: job.attempts + 1,
    signal: new AbortController().signal,
    db: t.db,
    progress: async () => undefined,
    checkpoint: async () => undefined,
  });
}

/** A valid ACH request (variables of ACH) from the account, unless told otherwise. */
export const achRequest = (
  fixture: LedgerFixture,
  accountId: string,
  key: string,
  overrides: Record<string, unknown> = {},
) => ({
  e: fixture.entityId,
  k: key,
  acc: accountId,
  n: 'Figma Inc.',
  r: RECIPIENT_ROUTING,
  num: '123456789012',
  amt: 125_000,
  d: '2026-11-18',
  m: 'Invoice 42',
  ...overrides,
});

export const wireRequest = (
  fixture: LedgerFixture,
  accountId: string,
  key: string,
  overrides: Record<string, unknown> = {},
) => ({
  e: fixture.entityId,
  k: key,
  acc: accountId,
  n: 'Robot Parts GmbH',
  r: RECIPIENT_ROUTING,
  num: '55554444333',
  amt: 300_000,
  d: '2026-11-18',
  ad: { line1: '5 Harbor Way', city: 'Boston', state: 'MA', postalCode: '02110' },
  b: { name: 'First Example Bank', address: '1 Bank St', city: 'Boston', state: 'MA', postalCode: '02110' },
  ...overrides,
});

/** The company's banking rows, every column that a refused call must leave as it was. */
export async function bankingSnapshot(db: Db, entityId: string) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`SELECT
      (SELECT count(*) FROM bank_applications WHERE entity_id = ${entityId}::uuid)::int AS applications,
      (SELECT string_agg(id || ':' || interest_carry || ':' || coalesce(interest_through, '-'), ',' ORDER BY id)
         FROM deposit_accounts WHERE entity_id = ${entityId}::uuid) AS accounts,
      (SELECT string_agg(id || ':' || status || ':' || amount, ',' ORDER BY id)
         FROM bank_transfers WHERE entity_id = ${entityId}::uuid) AS transfers,
      (SELECT count(*) FROM bank_postings WHERE entity_id = ${entityId}::uuid)::int AS postings,
      (SELECT coalesce(sum(abs(amount)), 0) FROM bank_ledger_entries WHERE entity_id = ${entityId}::uuid)::text AS ledger,
      (SELECT count(*) FROM vendors WHERE entity_id = ${entityId}::uuid)::int AS vendors`,
  );
  return row;
}

/**
 * The three views of each deposit account's balance that must agree: the bank's ledger (legs on the
 * account), its postings, and the books (entries on its bookkeeping account); plus the postings whose
 * legs do not sum to zero.
 */
export async function balanceViews(db: Db, entityId: string) {
  const accounts = await queryRows<{
    id: string;
    ledger: string;
    postings: string;
    books: string;
    pending: string;
  }>(
    db,
    sql`SELECT d.id,
          (SELECT coalesce(sum(amount), 0) FROM bank_ledger_entries WHERE deposit_account_id = d.id)::text AS ledger,
          (SELECT coalesce(sum(amount), 0) FROM bank_postings WHERE deposit_account_id = d.id)::text AS postings,
          (SELECT coalesce(sum(amount), 0) FROM entries WHERE account_id = d.ledger_account_id)::text AS books,
          (SELECT coalesce(sum(amount), 0) FROM bank_transfers WHERE deposit_account_id = d.id AND status = 'pending')::text AS pending
        FROM deposit_accounts d WHERE d.entity_id = ${entityId}::uuid ORDER BY d.id`,
  );
  const unbalanced = await queryRows<{ posting_id: string }>(
    db,
    sql`SELECT posting_id FROM bank_ledger_entries WHERE entity_id = ${entityId}::uuid
        GROUP BY posting_id HAVING sum(amount) <> 0 OR count(*) <> 2`,
  );
  return { accounts, unbalanced };
}

/**
 * The company's banking agrees with itself: every bank posting balances, each deposit account's postings
 * and books equal its bank ledger, and every rollup equals a recount of the entries.
 */
export async function expectBankingBalancesAgree(db: Db, entityId: string) {
  const views = await balanceViews(db, entityId);
  expect(views.unbalanced).toEqual([]);
  for (const view of views.accounts) {
    expect(view.postings).toBe(view.ledger);
    expect(view.books).toBe(view.ledger);
  }
  expect(await rollupMismatches(db, entityId)).toEqual([]);
}
