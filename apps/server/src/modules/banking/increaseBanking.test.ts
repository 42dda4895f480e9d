import { isLuhnValid } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import type Increase from 'increase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  ACH,
  APPLY,
  achRequest,
  applicant,
  applicantAddress,
  type BankAccountView,
  deposit,
  expectBankingBalancesAgree,
  openDepositAccount,
  runBankMirror,
  runTransferHandOver,
  TRANSFERS,
  type TransferView,
  WIRE,
  wireRequest,
} from '../../../test/bankingTestKit';
import { ACTIVATE_PHYSICAL, type CardView, FREEZE, issueCardOnNewAccount } from '../../../test/cardsTestKit';
import type { TestApp } from '../../../test/harness';
import type { IncreaseSimulator } from '../../../test/increaseSimulator/index';
import { createIncreaseTestApp } from '../../../test/increaseTestApp';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { eventually } from '../../../test/sseTestKit';
import {
  bankApplications,
  bankPostings,
  bankTransfers,
  cards,
  depositAccounts,
  taxDocuments,
} from '../../db/schema';
import { createIncreaseBanking, createIncreaseClient } from '../../providers/banking/increase';
import { secretBoxOf } from '../../secrets/secretBox';
import { issueAccessToken } from '../auth/tokens';
import { cardSealContext } from './cards';
import { sendTransfer } from './sendTransfer';
import { fileDueTaxDocuments } from './taxDocuments';
import { HandOverFailed, handOverTransfer } from './transferHandOver';

/**
 * Keel's deposit accounts and cards held at Increase (BANKING_PROVIDER=increase), through Increase's
 * official SDK against a local simulation of Increase's API (test/increaseSimulator/): the
 * application, the account, transfers created there once per idempotency key, Increase's transactions
 * mirrored once into the bank ledger and the books, returns, cancellations, held transfers, interest,
 * and cards. Increase's own balance is compared with Keel's at every step.
 */

let increase: IncreaseSimulator;
let t: TestApp;
let client: Increase;
/** Wednesday 18 November 2026, 15:00 UTC: a business day. */
const WEDNESDAY = new Date('2026-11-18T15:00:00.000Z');

beforeAll(async () => {
  ({ t, increase, client } = await createIncreaseTestApp());
});
afterAll(async () => {
  await t.close();
  await increase.close();
});
beforeEach(() => {
  t.clock.set(WEDNESDAY);
});

/** Lets time pass, then runs the company's BankMirror (what the scheduled job does): reads never ask Increase. */
async function mirrorLater(fixture: LedgerFixture, seconds = 31) {
  t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));
  await runBankMirror(t, fixture.entityId);
}

async function accountsOf(fixture: LedgerFixture): Promise<BankAccountView[]> {
  const result = await fixture.gql<{ providerBankAccounts: BankAccountView[] }>(ACCOUNTS, {
    e: fixture.entityId,
  });
  if (!result.data) throw new Error(`providerBankAccounts: ${JSON.stringify(result.errors)}`);
  return result.data.providerBankAccounts;
}

async function transfersOf(fixture: LedgerFixture): Promise<TransferView[]> {
  const result = await fixture.gql<{ transfers: TransferView[] }>(TRANSFERS, { e: fixture.entityId });
  if (!result.data) throw new Error(`transfers: ${JSON.stringify(result.errors)}`);
  return result.data.transfers;
}

async function increaseIdsOf(accountId: string) {
  const [row] = await t.db.select().from(depositAccounts).where(eq(depositAccounts.id, accountId));
  if (!row?.providerAccountId || !row.providerAccountNumberId) throw new Error('not held at Increase');
  return { account: row.providerAccountId, number: row.providerAccountNumberId };
}

/**
 * Lets the transfer's hand-over time come (the clock moved to it when it is later) and runs its
 * BankTransferHandOver job: the outbox hands it to Increase. Answers Increase's id of it.
 */
async function handOver(fixture: LedgerFixture, transferId: string): Promise<string | null> {
  const [row] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, transferId));
  if (row?.handOverAt && row.handOverAt > t.clock.now()) {
    t.clock.set(row.handOverAt);
    fixture.owner.token = (await issueAccessToken(t.db, t.clock, fixture.owner.user.id, 24)).token;
  }
  await runTransferHandOver(t, transferId);
  // The app's own job runner may have claimed it first: its call to Increase may still be under way.
  await eventually(async () => {
    const [now] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, transferId));
    return now?.providerTransferId != null || now?.handedOverAt == null;
  });
  return providerTransferIdOf(transferId);
}

async function providerTransferIdOf(transferId: string): Promise<string | null> {
  const [row] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, transferId));
  return row?.providerTransferId ?? null;
}

/** Keel's balance, its bank ledger, its postings and its books agree with each other and with Increase. */
async function expectAgreesWithIncrease(fixture: LedgerFixture, accountId: string) {
  const [view] = (await accountsOf(fixture)).filter((account) => account.id === accountId);
  const atIncrease = await client.accounts.balance((await increaseIdsOf(accountId)).account);
  expect(view?.currentBalance).toBe(atIncrease.current_balance);
  expect(view?.availableBalance).toBe(atIncrease.available_balance);
  await expectBankingBalancesAgree(t.db, fixture.entityId);
}

const postsTo = (path: string) => increase.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('deposit accounts at Increase', () => {
  it('opens the account at Increase on approval: an active Entity, an Account and its Account Number', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Opened');
    const account = await openDepositAccount(fixture);
    const ids = await increaseIdsOf(account.id);
    const atIncrease = await client.accountNumbers.retrieve(ids.number);
    expect(atIncrease.account_id).toBe(ids.account);
    expect(account.routingNumber).toBe(atIncrease.routing_number);
    expect(account.accountNumber).toBe(`********${atIncrease.account_number.slice(-4)}`);
    expect(account.accountYield.apyBasisPoints).toBe(200);
    const [application] = await t.db
      .select()
      .from(bankApplications)
      .where(eq(bankApplications.entityId, fixture.entityId));
    const entity = await client.entities.retrieve(application?.providerEntityId ?? '');
    expect(entity.status).toBe('active');
    expect(entity.natural_person?.name).toBe('Ada Lovelace');
    expect((await client.accounts.retrieve(ids.account)).entity_id).toBe(entity.id);
    expect(account.currentBalance).toBe(0);
  });

  it('declines an applicant Increase could not verify, and opens nothing', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Declined');
    const accountsBefore = postsTo('/accounts').length;
    const result = await fixture.gql<{
      createTprimeApplication: { application: { status: string; declineReason: string }; account: null };
    }>(APPLY, { e: fixture.entityId, p: applicant({ tin: '000000000' }), a: applicantAddress, ack: true });
    expect(result.data?.createTprimeApplication.application).toMatchObject({
      status: 'declined',
      declineReason: 'We could not verify your identity. Contact support to continue.',
    });
    expect(result.data?.createTprimeApplication.account).toBeNull();
    expect(postsTo('/accounts').length).toBe(accountsBefore);
  });

  it('sends an ACH once per key, posts it when Increase submits it, and credits it back when it returns', async () => {
    const fixture = await createLedgerFixture(t, 'Increase ACH');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 2_000_000, '2026-11-18');
    await expectAgreesWithIncrease(fixture, account.id);

    const request = achRequest(fixture, account.id, 'increase-ach-1');
    const first = await fixture.gql<{ createAchTransfer: TransferView }>(ACH, request);
    const again = await fixture.gql<{ createAchTransfer: TransferView }>(ACH, request);
    const transfer = first.data?.createAchTransfer;
    expect(transfer?.status).toBe('pending');
    expect(again.data?.createAchTransfer.id).toBe(transfer?.id);
    // Kept by Keel (cancelable) until the ACH cut-off, then handed to Increase once.
    expect(await providerTransferIdOf(transfer?.id ?? '')).toBeNull();
    const providerId = await handOver(fixture, transfer?.id ?? '');
    expect(await handOver(fixture, transfer?.id ?? '')).toBe(providerId);
    expect(providerId).toMatch(/^ach_transfer_/);
    const created = await client.achTransfers.list({ account_id: (await increaseIdsOf(account.id)).account });
    expect(created.data.map((row) => row.id)).toEqual([providerId]);
    expect(created.data[0]).toMatchObject({ amount: 125_000, account_number: '123456789012' });
    // Held at Increase: the available balance fell, the current one did not.
    await expectAgreesWithIncrease(fixture, account.id);

    await client.simulations.achTransfers.submit(providerId ?? '');
    await mirrorLater(fixture);
    await expectAgreesWithIncrease(fixture, account.id);
    expect((await transfersOf(fixture)).find((row) => row.id === transfer?.id)?.status).toBe('posted');
    expect((await accountsOf(fixture))[0]?.currentBalance).toBe(2_000_000 - 125_000);

    await client.simulations.achTransfers.return(providerId ?? '', { reason: 'no_account' });
    await mirrorLater(fixture);
    await expectAgreesWithIncrease(fixture, account.id);
    const returned = (await transfersOf(fixture)).find((row) => row.id === transfer?.id);
    expect(returned).toMatchObject({ status: 'returned', returnReason: 'no_account' });
    expect((await accountsOf(fixture))[0]?.currentBalance).toBe(2_000_000);

    // Mirroring again finds nothing new: each Increase transaction is booked once.
    const postings = await t.db
      .select()
      .from(bankPostings)
      .where(eq(bankPostings.depositAccountId, account.id));
    expect(postings.map((row) => row.kind).sort()).toEqual(['deposit', 'transfer', 'transfer_return']);
    await mirrorLater(fixture);
    expect(
      (await t.db.select().from(bankPostings).where(eq(bankPostings.depositAccountId, account.id))).length,
    ).toBe(3);
  });

  it('takes a transfer while Increase cannot be reached: the bank is only called at hand-over, which keeps trying until it can', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Outage');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 500_000, '2026-11-18');
    const unreachable = createIncreaseBanking(
      createIncreaseClient({ apiKey: 'wrong key', environment: 'sandbox', baseURL: increase.baseURL }),
      { apiKey: 'wrong key', environment: 'sandbox' },
    );
    const deps = { db: t.db, clock: t.clock, banking: unreachable, secrets: secretBoxOf(t.config) };
    const sent = await sendTransfer(deps, {
      entityId: fixture.entityId,
      userId: fixture.owner.user.id,
      rail: 'ach',
      idempotencyKey: 'increase-outage-1',
      accountId: account.id,
      form: {
        recipientName: 'Figma Inc.',
        routingNumber: '021000021',
        accountNumber: '123456789012',
        recipientAccountType: 'checking',
        amount: 10_000,
        date: '2026-11-18',
        memo: '',
      },
    });
    expect(sent).toMatchObject({ status: 'pending', handedOverAt: null, providerTransferId: null });
    const due = { now: () => sent.handOverAt ?? t.clock.now() };
    // The bank refuses the key: the claim is undone, the reason kept, and it can still be canceled.
    await expect(handOverTransfer({ ...deps, clock: due }, sent.id)).rejects.toBeInstanceOf(HandOverFailed);
    const [failed] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, sent.id));
    expect(failed).toMatchObject({ status: 'pending', handedOverAt: null, providerTransferId: null });
    expect(failed?.handOverError).toBeTruthy();
    expect(failed?.handOverAttempts).toBe(1);
    // With the bank reachable again, the same transfer reaches it once.
    const handed = await handOverTransfer({ ...deps, clock: due, banking: t.providers.banking }, sent.id);
    expect(handed.outcome).toBe('handed_over');
    const [after] = await t.db.select().from(bankTransfers).where(eq(bankTransfers.id, sent.id));
    expect(after?.providerTransferId).toBeTruthy();
    expect(after?.handOverError).toBeNull();
  });

  it('posts a wire when Increase submits it, and returns one Increase canceled before it moved money', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Wires');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 2_000_000, '2026-11-18');
    const sent = await fixture.gql<{ createWireTransfer: TransferView }>(
      WIRE,
      wireRequest(fixture, account.id, 'increase-wire-1'),
    );
    const canceled = await fixture.gql<{ createWireTransfer: TransferView }>(
      WIRE,
      wireRequest(fixture, account.id, 'increase-wire-2', { amt: 100_000 }),
    );
    const sentAt = await handOver(fixture, sent.data?.createWireTransfer.id ?? '');
    const canceledAt = await handOver(fixture, canceled.data?.createWireTransfer.id ?? '');
    expect(sentAt).toMatch(/^wire_transfer_/);
    await client.simulations.wireTransfers.submit(sentAt ?? '');
    await client.wireTransfers.cancel(canceledAt ?? '');
    await mirrorLater(fixture);
    const byId = new Map((await transfersOf(fixture)).map((row) => [row.id, row]));
    expect(byId.get(sent.data?.createWireTransfer.id ?? '')?.status).toBe('posted');
    expect(byId.get(canceled.data?.createWireTransfer.id ?? '')).toMatchObject({
      status: 'returned',
      returnReason: 'Canceled at the bank',
    });
    expect((await accountsOf(fixture))[0]?.currentBalance).toBe(2_000_000 - 300_000);
    await expectAgreesWithIncrease(fixture, account.id);
  });

  it('holds a wire dated later and hands it to Increase on its date, once', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Held');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 2_000_000, '2026-11-18');
    const wiresBefore = postsTo('/wire_transfers').length;
    const result = await fixture.gql<{ createWireTransfer: TransferView }>(
      WIRE,
      wireRequest(fixture, account.id, 'increase-held-1', { d: '2026-11-20' }),
    );
    const id = result.data?.createWireTransfer.id ?? '';
    expect(result.data?.createWireTransfer.status).toBe('pending');
    await mirrorLater(fixture);
    expect(await providerTransferIdOf(id)).toBeNull();
    expect(postsTo('/wire_transfers').length).toBe(wiresBefore);

    // On its date (the bank's opening) its hand-over job gives it to Increase (no page read), once
    // however often it runs.
    const providerId = await handOver(fixture, id);
    expect(t.clock.now().toISOString()).toBe('2026-11-20T14:00:00.000Z');
    await runTransferHandOver(t, id);
    await runBankMirror(t, fixture.entityId);
    expect(await providerTransferIdOf(id)).toBe(providerId);
    expect(providerId).toMatch(/^wire_transfer_/);
    expect(postsTo('/wire_transfers').length).toBe(wiresBefore + 1);
    expect((await client.wireTransfers.retrieve(providerId ?? '')).amount).toBe(300_000);
  });

  it("books Increase's interest payments as interest earned", async () => {
    const fixture = await createLedgerFixture(t, 'Increase Interest');
    const account = await openDepositAccount(fixture);
    await deposit(t, account.id, 1_000_000, '2026-11-18');
    await client.simulations.interestPayments.create({
      account_id: (await increaseIdsOf(account.id)).account,
      amount: 1_644,
    });
    await mirrorLater(fixture);
    const [view] = await accountsOf(fixture);
    expect(view?.accountYield.amount).toBe(1_644);
    expect(view?.currentBalance).toBe(1_001_644);
    await expectAgreesWithIncrease(fixture, account.id);

    // The year's Form 1099-INT is filed by the mirror once its January 31 has come.
    expect((await runBankMirror(t, fixture.entityId))?.taxDocuments).toBe(0);
    t.clock.set(new Date('2027-01-30T12:00:00.000Z'));
    expect((await runBankMirror(t, fixture.entityId))?.taxDocuments).toBe(0);
    t.clock.set(new Date('2027-01-31T12:00:00.000Z'));
    expect((await runBankMirror(t, fixture.entityId))?.taxDocuments).toBe(1);
    expect(await fileDueTaxDocuments(t.db, t.clock, fixture.entityId)).toBe(0);
    const [form] = await t.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.depositAccountId, account.id));
    expect(form).toMatchObject({ type: '1099-INT', year: 2026, amount: 1_644, status: 'filed' });
  });
});

describe('cards at Increase', () => {
  it('issues a virtual card at Increase, seals its details, and freezes it there', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Cards');
    const cardId = await issueCardOnNewAccount(t, fixture, 'virtual');
    const [row] = await t.db.select().from(cards).where(eq(cards.id, cardId));
    expect(row).toMatchObject({ provider: 'increase', cardType: 'Increase::Card', status: 'active' });
    const details = await client.cards.details(row?.providerCardId ?? '');
    const secrets = secretBoxOf(t.config);
    const pan = secrets.open(row?.panSealed ?? '', cardSealContext(cardId, 'pan'));
    expect(pan).toBe(details.primary_account_number);
    expect(isLuhnValid(pan)).toBe(true);
    expect(secrets.open(row?.cvvSealed ?? '', cardSealContext(cardId, 'cvv'))).toBe(
      details.verification_code,
    );

    const frozen = await fixture.gql<{ suspendTprimeCard: CardView }>(FREEZE, { id: cardId });
    expect(frozen.data?.suspendTprimeCard.status).toBe('suspended');
    expect((await client.cards.retrieve(row?.providerCardId ?? '')).status).toBe('disabled');
  });

  it('orders a physical card shipped to the applicant, disabled at Increase until it is activated', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Physical');
    const cardId = await issueCardOnNewAccount(t, fixture, 'physical');
    const [row] = await t.db
      .select()
      .from(cards)
      .where(and(eq(cards.id, cardId), eq(cards.entityId, fixture.entityId)));
    const providerCardId = row?.providerCardId ?? '';
    expect(row?.status).toBe('inactive');
    expect((await client.cards.retrieve(providerCardId)).status).toBe('disabled');
    const ordered = postsTo('/physical_cards').length;
    expect(ordered).toBeGreaterThan(0);

    const activated = await fixture.gql<{ activateTprimePhysicalCard: CardView }>(ACTIVATE_PHYSICAL, {
      id: cardId,
      pin: '4821',
    });
    expect(activated.data?.activateTprimePhysicalCard.status).toBe('active');
    expect((await client.cards.retrieve(providerCardId)).status).toBe('active');
  });
});
