import { isLuhnValid } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import Increase from 'increase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  ACH,
  APPLY,
  achRequest,
  applicant,
  applicantAddress,
  type BankAccountView,
  balanceViews,
  bankingSnapshot,
  deposit,
  openKeelAccount,
  TRANSFERS,
  type TransferView,
  WIRE,
  wireRequest,
} from '../../../test/bankingTestKit';
import { ACTIVATE_PHYSICAL, type CardView, FREEZE, issueTestCard } from '../../../test/cardsTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { type IncreaseSimulator, startIncreaseSimulator } from '../../../test/increaseSimulator/index';
import { createLedgerFixture, type LedgerFixture, rollupMismatches } from '../../../test/ledgerTestKit';
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
  // Increase's clock is the app's, so its transactions are dated by the test's days.
  increase = await startIncreaseSimulator({ now: () => (t ? t.clock.now() : new Date()) });
  t = await createTestApp({
    env: {
      BANKING_PROVIDER: 'increase',
      INCREASE_API_KEY: increase.apiKey,
      INCREASE_BASE_URL: increase.baseURL,
    },
  });
  client = new Increase({ apiKey: increase.apiKey, baseURL: increase.baseURL, maxRetries: 0 });
});
afterAll(async () => {
  await t.close();
  await increase.close();
});
beforeEach(() => {
  t.clock.set(WEDNESDAY);
});

/** Lets the mirror go stale (30 s), so the next read asks Increase again. */
function laterBy(seconds: number) {
  t.clock.set(new Date(t.clock.now().getTime() + seconds * 1000));
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
  const views = await balanceViews(t.db, fixture.entityId);
  expect(views.unbalanced).toEqual([]);
  for (const account of views.accounts) {
    expect(account.postings).toBe(account.ledger);
    expect(account.books).toBe(account.ledger);
  }
  expect(await rollupMismatches(t.db, fixture.entityId)).toEqual([]);
}

const postsTo = (path: string) => increase.requests.filter((r) => r.method === 'POST' && r.path === path);

describe('deposit accounts at Increase', () => {
  it('opens the account at Increase on approval: an active Entity, an Account and its Account Number', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Opened');
    const account = await openKeelAccount(fixture);
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
    const account = await openKeelAccount(fixture);
    await deposit(t, account.id, 2_000_000, '2026-11-18');
    await expectAgreesWithIncrease(fixture, account.id);

    const request = achRequest(fixture, account.id, 'increase-ach-1');
    const first = await fixture.gql<{ createAchTransfer: TransferView }>(ACH, request);
    const again = await fixture.gql<{ createAchTransfer: TransferView }>(ACH, request);
    const transfer = first.data?.createAchTransfer;
    expect(transfer?.status).toBe('pending');
    expect(again.data?.createAchTransfer.id).toBe(transfer?.id);
    const providerId = await providerTransferIdOf(transfer?.id ?? '');
    expect(providerId).toMatch(/^ach_transfer_/);
    const created = await client.achTransfers.list({ account_id: (await increaseIdsOf(account.id)).account });
    expect(created.data.map((row) => row.id)).toEqual([providerId]);
    expect(created.data[0]).toMatchObject({ amount: 125_000, account_number: '123456789012' });
    // Held at Increase: the available balance fell, the current one did not.
    await expectAgreesWithIncrease(fixture, account.id);

    await client.simulations.achTransfers.submit(providerId ?? '');
    laterBy(31);
    await expectAgreesWithIncrease(fixture, account.id);
    expect((await transfersOf(fixture)).find((row) => row.id === transfer?.id)?.status).toBe('posted');
    expect((await accountsOf(fixture))[0]?.currentBalance).toBe(2_000_000 - 125_000);

    await client.simulations.achTransfers.return(providerId ?? '', { reason: 'no_account' });
    laterBy(31);
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
    laterBy(31);
    await accountsOf(fixture);
    expect(
      (await t.db.select().from(bankPostings).where(eq(bankPostings.depositAccountId, account.id))).length,
    ).toBe(3);
  });

  it('refuses a transfer Increase cannot take and keeps nothing, so the same key can be sent again', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Outage');
    const account = await openKeelAccount(fixture);
    await deposit(t, account.id, 500_000, '2026-11-18');
    const before = await bankingSnapshot(t.db, fixture.entityId);
    const unreachable = createIncreaseBanking(
      createIncreaseClient({ apiKey: 'wrong key', environment: 'sandbox', baseURL: increase.baseURL }),
      { apiKey: 'wrong key', environment: 'sandbox' },
    );
    await expect(
      sendTransfer(
        { db: t.db, clock: t.clock, banking: unreachable, secrets: secretBoxOf(t.config) },
        {
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
        },
      ),
    ).rejects.toBeInstanceOf(Increase.AuthenticationError);
    expect(await bankingSnapshot(t.db, fixture.entityId)).toEqual(before);
    const retried = await fixture.gql<{ createAchTransfer: TransferView }>(
      ACH,
      achRequest(fixture, account.id, 'increase-outage-1', { amt: 10_000 }),
    );
    expect(retried.data?.createAchTransfer.status).toBe('pending');
  });

  it('posts a wire when Increase submits it, and returns one Increase canceled before it moved money', async () => {
    const fixture = await createLedgerFixture(t, 'Increase Wires');
    const account = await openKeelAccount(fixture);
    await deposit(t, account.id, 2_000_000, '2026-11-18');
    const sent = await fixture.gql<{ createWireTransfer: TransferView }>(
      WIRE,
      wireRequest(fixture, account.id, 'increase-wire-1'),
    );
    const canceled = await fixture.gql<{ createWireTransfer: TransferView }>(
      WIRE,
      wireRequest(fixture, account.id, 'increase-wire-2', { amt: 100_000 }),
    );
    const sentAt = await providerTransferIdOf(sent.data?.createWireTransfer.id ?? '');
    const canceledAt = await providerTransferIdOf(canceled.data?.createWireTransfer.id ?? '');
    expect(sentAt).toMatch(/^wire_transfer_/);
    await client.simulations.wireTransfers.submit(sentAt ?? '');
    await client.wireTransfers.cancel(canceledAt ?? '');
    laterBy(31);
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
    const account = await openKeelAccount(fixture);
    await deposit(t, account.id, 2_000_000, '2026-11-18');
    const wiresBefore = postsTo('/wire_transfers').length;
    const result = await fixture.gql<{ createWireTransfer: TransferView }>(
      WIRE,
      wireRequest(fixture, account.id, 'increase-held-1', { d: '2026-11-20' }),
    );
    const id = result.data?.createWireTransfer.id ?? '';
    expect(result.data?.createWireTransfer.status).toBe('pending');
    laterBy(31);
    await accountsOf(fixture);
    expect(await providerTransferIdOf(id)).toBeNull();
    expect(postsTo('/wire_transfers').length).toBe(wiresBefore);

    t.clock.set(new Date('2026-11-20T09:00:00.000Z'));
    fixture.owner.token = (await issueAccessToken(t.db, t.clock, fixture.owner.user.id, 24)).token;
    await accountsOf(fixture);
    await accountsOf(fixture);
    const providerId = await providerTransferIdOf(id);
    expect(providerId).toMatch(/^wire_transfer_/);
    expect(postsTo('/wire_transfers').length).toBe(wiresBefore + 1);
    expect((await client.wireTransfers.retrieve(providerId ?? '')).amount).toBe(300_000);
  });

  it("books Increase's interest payments as interest earned", async () => {
    const fixture = await createLedgerFixture(t, 'Increase Interest');
    const account = await openKeelAccount(fixture);
    await deposit(t, account.id, 1_000_000, '2026-11-18');
    await client.simulations.interestPayments.create({
      account_id: (await increaseIdsOf(account.id)).account,
      amount: 1_644,
    });
    laterBy(31);
    const [view] = await accountsOf(fixture);
    expect(view?.accountYield.amount).toBe(1_644);
    expect(view?.currentBalance).toBe(1_001_644);
    await expectAgreesWithIncrease(fixture, account.id);

    // The year's Form 1099-INT is filed once its January 31 has come.
    expect(await fileDueTaxDocuments(t.db, t.clock, fixture.entityId)).toBe(0);
    t.clock.set(new Date('2027-01-31T12:00:00.000Z'));
    expect(await fileDueTaxDocuments(t.db, t.clock, fixture.entityId)).toBe(1);
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
    const account = await openKeelAccount(fixture);
    const cardId = await issueTestCard(t, {
      entityId: fixture.entityId,
      accountId: account.id,
      userId: fixture.owner.user.id,
      kind: 'virtual',
    });
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
    const account = await openKeelAccount(fixture);
    const cardId = await issueTestCard(t, {
      entityId: fixture.entityId,
      accountId: account.id,
      userId: fixture.owner.user.id,
      kind: 'physical',
    });
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
