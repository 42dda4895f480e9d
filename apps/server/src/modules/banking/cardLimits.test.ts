import { CARD_DECLINE_REASONS, CARD_LIMIT_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { outboxOf } from '../../../test/authKit';
import { type BankAccountView, openDepositAccount } from '../../../test/bankingTestKit';
import { type CardView, CREATE_CARD } from '../../../test/cardsTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { cards, cardTransactions, entities } from '../../db/schema';
import { DEMO_CARD_CHARGES, seedDemoCardTransactions } from '../../demo/seedDemoCardTransactions';
import { authorizeCardCharge } from './cardAuthorizations';

/**
 * Card limits: each card's daily and monthly limits, set by those who may change
 * cards and enforced at authorization in the company's time zone, under the card row's lock; each
 * card's charges listed; the card-issued email. On both databases.
 */

let t: TestApp;
const NOW = new Date('2026-11-22T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(NOW);
});

type Company = { fixture: LedgerFixture; account: BankAccountView };

async function companyWithAccount(name: string, timeZone?: string): Promise<Company> {
  const fixture = await createLedgerFixture(t, name);
  if (timeZone) await t.db.update(entities).set({ timeZone }).where(eq(entities.id, fixture.entityId));
  return { fixture, account: await openDepositAccount(fixture) };
}

async function issued(company: Company, kind: 'physical' | 'virtual' = 'virtual'): Promise<CardView> {
  const result = await company.fixture.gql<{ createTprimeCard: CardView }>(CREATE_CARD, {
    a: company.account.id,
    k: kind,
  });
  if (!result.data) throw new Error(`createTprimeCard: ${JSON.stringify(result.errors)}`);
  return result.data.createTprimeCard;
}

const SET_LIMITS = `mutation($id: ID!, $d: Cents, $m: Cents) {
  setCardLimits(id: $id, dailyLimit: $d, monthlyLimit: $m) { id dailyLimit monthlyLimit spent { today thisMonth day month } } }`;

type LimitsView = {
  id: string;
  dailyLimit: number | null;
  monthlyLimit: number | null;
  spent: { today: number; thisMonth: number; day: string; month: string };
};

async function setLimits(company: Company, id: string, d: number | null, m: number | null, token?: string) {
  return company.fixture.gql<{ setCardLimits: LimitsView }>(SET_LIMITS, { id, d, m }, token);
}

async function limited(company: Company, daily: number | null, monthly: number | null): Promise<string> {
  const card = await issued(company);
  const result = await setLimits(company, card.id, daily, monthly);
  if (!result.data) throw new Error(`setCardLimits: ${JSON.stringify(result.errors)}`);
  return card.id;
}

const charge = (cardId: string, amount: number, merchant = 'Acme Supplies') =>
  authorizeCardCharge(t, { cardId, merchant, amount });

async function limitsOf(cardId: string) {
  const [row] = await t.db
    .select({ dailyLimit: cards.dailyLimit, monthlyLimit: cards.monthlyLimit })
    .from(cards)
    .where(eq(cards.id, cardId));
  return row;
}

describe('setCardLimits', () => {
  it('sets and clears both limits, and serves them with the spend they count', async () => {
    const company = await companyWithAccount('Limits Set');
    const card = await issued(company);
    const set = await setLimits(company, card.id, 50_000, 200_000);
    expect(set.data?.setCardLimits).toEqual({
      id: card.id,
      dailyLimit: 50_000,
      monthlyLimit: 200_000,
      spent: { today: 0, thisMonth: 0, day: '2026-11-22', month: '2026-11' },
    });
    const cleared = await setLimits(company, card.id, null, null);
    expect(cleared.data?.setCardLimits).toMatchObject({ dailyLimit: null, monthlyLimit: null });
  });

  it('refuses a bad limit with a coded error naming the field, and changes nothing', async () => {
    const company = await companyWithAccount('Limits Refused');
    const card = await issued(company);
    await setLimits(company, card.id, 10_000, 90_000);
    const cases: [number | null, number | null, string, string][] = [
      [99, null, 'dailyLimit', CARD_LIMIT_MESSAGES.min('dailyLimit')],
      [null, 100_000_001, 'monthlyLimit', CARD_LIMIT_MESSAGES.max('monthlyLimit')],
      [60_000, 50_000, 'dailyLimit', CARD_LIMIT_MESSAGES.dailyAboveMonthly],
    ];
    for (const [daily, monthly, field, message] of cases) {
      const result = await setLimits(company, card.id, daily, monthly);
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT', field } });
    }
    expect(await limitsOf(card.id)).toEqual({ dailyLimit: 10_000, monthlyLimit: 90_000 });
  });

  it('is for those who may change cards: a bookkeeper and a card-only member are refused', async () => {
    const company = await companyWithAccount('Limits Roles');
    const card = await issued(company);
    for (const role of ['bookkeeper', 'card_only'] as const) {
      const result = await setLimits(company, card.id, 10_000, null, await company.fixture.member(role));
      expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const other = await companyWithAccount('Limits Other');
    const foreign = await setLimits(other, card.id, 10_000, null);
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Card not found' });
    expect(await limitsOf(card.id)).toEqual({ dailyLimit: null, monthlyLimit: null });
  });

  it('refuses a canceled card on id', async () => {
    const company = await companyWithAccount('Limits Canceled');
    const card = await issued(company);
    await t.db.update(cards).set({ status: 'canceled' }).where(eq(cards.id, card.id));
    const result = await setLimits(company, card.id, 10_000, null);
    expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'id' });
  });
});

describe('authorization against the limits', () => {
  it('approves a charge within the daily limit and refuses one above it; declined charges count for nothing', async () => {
    const company = await companyWithAccount('Daily Limit');
    const cardId = await limited(company, 10_000, null);
    expect(await charge(cardId, 6_000)).toMatchObject({ status: 'approved', declineReason: null });
    expect(await charge(cardId, 4_001)).toMatchObject({
      status: 'declined',
      declineReason: CARD_DECLINE_REASONS.daily,
    });
    expect(await charge(cardId, 4_000)).toMatchObject({ status: 'approved' });
    expect(await charge(cardId, 1)).toMatchObject({ declineReason: 'Card daily limit exceeded' });
    // The next day (the company's) starts again.
    t.clock.set(new Date('2026-11-23T12:00:00.000Z'));
    expect(await charge(cardId, 10_000)).toMatchObject({ status: 'approved', day: '2026-11-23' });
  });

  it("counts the month in the company's time zone: 23:30 in Los Angeles on 30 November is still November", async () => {
    const company = await companyWithAccount('Monthly Limit', 'America/Los_Angeles');
    const cardId = await limited(company, null, 10_000);
    // 20:00 in Los Angeles on 30 November: 04:00 UTC on 1 December.
    t.clock.set(new Date('2026-12-01T04:00:00.000Z'));
    expect(await charge(cardId, 8_000)).toMatchObject({ status: 'approved', day: '2026-11-30' });
    // 23:30 in Los Angeles, 07:30 UTC: a UTC month would be December and let it through.
    t.clock.set(new Date('2026-12-01T07:30:00.000Z'));
    expect(await charge(cardId, 3_000)).toMatchObject({
      status: 'declined',
      declineReason: CARD_DECLINE_REASONS.monthly,
      day: '2026-11-30',
    });
    // 00:30 on 1 December in Los Angeles: a new month.
    t.clock.set(new Date('2026-12-01T08:30:00.000Z'));
    expect(await charge(cardId, 3_000)).toMatchObject({ status: 'approved', day: '2026-12-01' });
    const [row] = await t.db
      .select({ month: cardTransactions.month })
      .from(cardTransactions)
      .where(eq(cardTransactions.day, '2026-12-01'));
    expect(row?.month).toBe('2026-12');
  });

  it('declines on a frozen or inactive card, whatever the limits', async () => {
    const company = await companyWithAccount('Frozen Charge');
    const virtual = await issued(company);
    await company.fixture.gql('mutation($id: ID!) { suspendTprimeCard(id: $id) { id } }', { id: virtual.id });
    expect(await charge(virtual.id, 100)).toMatchObject({ declineReason: CARD_DECLINE_REASONS.frozen });
    const physical = await issued(company, 'physical');
    expect(await charge(physical.id, 100)).toMatchObject({ declineReason: CARD_DECLINE_REASONS.inactive });
  });

  it('lets no two charges at the same moment slip under a limit together (the card row is locked)', async () => {
    const company = await companyWithAccount('Concurrent Charges');
    const cardId = await limited(company, 10_000, 10_000);
    const results = await Promise.all(Array.from({ length: 6 }, () => charge(cardId, 3_000)));
    const approved = results.filter((row) => row.status === 'approved');
    expect(approved).toHaveLength(3);
    expect(results.filter((row) => row.status === 'declined')).toHaveLength(3);
  });

  it('answers a retried issuer authorization with its first decision, writing nothing new', async () => {
    const company = await companyWithAccount('Retried Charge');
    const cardId = await limited(company, 5_000, null);
    const first = await authorizeCardCharge(t, {
      cardId,
      merchant: 'Shop',
      amount: 5_000,
      providerAuthorizationId: 'rtd_1',
    });
    const again = await authorizeCardCharge(t, {
      cardId,
      merchant: 'Shop',
      amount: 5_000,
      providerAuthorizationId: 'rtd_1',
    });
    expect(again).toEqual(first);
    expect(first.status).toBe('approved');
    const rows = await t.db.select().from(cardTransactions).where(eq(cardTransactions.cardId, cardId));
    expect(rows).toHaveLength(1);
  });

  it('refuses a bad charge naming the field, and an unknown card as not found', async () => {
    const company = await companyWithAccount('Bad Charge');
    const card = await issued(company);
    await expect(charge(card.id, 0)).rejects.toMatchObject({ extensions: { field: 'amount' } });
    await expect(charge(card.id, 1.5)).rejects.toMatchObject({ extensions: { field: 'amount' } });
    await expect(charge(card.id, 100, ' ')).rejects.toMatchObject({ extensions: { field: 'merchant' } });
    await expect(charge('not-a-card', 100)).rejects.toMatchObject({ message: 'Card not found' });
    expect(await t.db.select().from(cardTransactions).where(eq(cardTransactions.cardId, card.id))).toEqual(
      [],
    );
  });
});

const CARD_TRANSACTIONS = `query($c: ID!, $f: Int, $a: String) {
  cardTransactions(cardId: $c, first: $f, after: $a) {
    edges { node { id merchant amount day status declineReason } } pageInfo { hasNextPage endCursor } } }`;

type TransactionNode = {
  id: string;
  merchant: string;
  amount: number;
  day: string;
  status: string;
  declineReason: string | null;
};
type TransactionsPage = {
  edges: { node: TransactionNode }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
};

describe('cardTransactions', () => {
  it("lists a card's charges newest first, page by page, to every member of the company", async () => {
    const company = await companyWithAccount('Card History');
    const cardId = await limited(company, 5_000, null);
    for (const [index, amount] of [1_000, 2_000, 3_000].entries()) {
      t.clock.set(new Date(NOW.getTime() + index * 60_000));
      await charge(cardId, amount, `Merchant ${index + 1}`);
    }
    const cardOnly = await company.fixture.member('card_only');
    const first = await company.fixture.gql<{ cardTransactions: TransactionsPage }>(
      CARD_TRANSACTIONS,
      { c: cardId, f: 2 },
      cardOnly,
    );
    const page = first.data?.cardTransactions;
    expect(page?.edges.map(({ node }) => [node.merchant, node.status, node.declineReason])).toEqual([
      ['Merchant 3', 'declined', 'Card daily limit exceeded'],
      ['Merchant 2', 'approved', null],
    ]);
    expect(page?.pageInfo.hasNextPage).toBe(true);
    const second = await company.fixture.gql<{ cardTransactions: TransactionsPage }>(CARD_TRANSACTIONS, {
      c: cardId,
      f: 2,
      a: page?.pageInfo.endCursor,
    });
    expect(second.data?.cardTransactions.edges.map(({ node }) => node.merchant)).toEqual(['Merchant 1']);
    expect(second.data?.cardTransactions.pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  });

  it("refuses another company's card, a bad page size and a forged cursor", async () => {
    const company = await companyWithAccount('History Guard');
    const card = await issued(company);
    const other = await companyWithAccount('History Other');
    const foreign = await other.fixture.gql(CARD_TRANSACTIONS, { c: card.id });
    expect(foreign.errors?.[0]).toMatchObject({ message: 'Card not found' });
    const big = await company.fixture.gql(CARD_TRANSACTIONS, { c: card.id, f: 101 });
    expect(big.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'first' });
    const forged = await company.fixture.gql(CARD_TRANSACTIONS, { c: card.id, a: 'bm90IGEgY3Vyc29y' });
    expect(forged.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'after' });
  });
});

describe('the sandbox charge route', () => {
  it('charges a card through POST /api/dev/cards/charge and answers the decision', async () => {
    const company = await companyWithAccount('Dev Charge');
    const cardId = await limited(company, 2_000, null);
    const post = (body: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/dev/cards/charge',
        payload: body,
        remoteAddress: '127.0.0.1',
      });
    const approved = await post({ card_id: cardId, merchant: 'Coffee', amount: 1_500 });
    expect(approved.statusCode).toBe(201);
    expect(approved.json()).toMatchObject({ status: 'approved', amount: 1_500, decline_reason: null });
    const declined = await post({ card_id: cardId, merchant: 'Coffee', amount: 600 });
    expect(declined.json()).toMatchObject({
      status: 'declined',
      decline_reason: 'Card daily limit exceeded',
    });
    expect((await post({ card_id: cardId, merchant: 'Coffee', amount: -1 })).statusCode).toBe(400);
    expect(
      (await post({ card_id: '00000000-0000-4000-8000-000000000000', merchant: 'X', amount: 1 })).statusCode,
    ).toBe(404);
  });
});

describe('the card-issued email', () => {
  it('tells the member who issued a card, and the cardholder of a physical card, by its last 4 digits only', async () => {
    const company = await companyWithAccount('Card Mail');
    const virtual = await issued(company, 'virtual');
    const ownerMail = await outboxOf(t, company.fixture.owner.user.email);
    const notice = ownerMail.find((message) => message.subject === 'A virtual card was issued for Card Mail');
    expect(notice?.body).toContain(`ending in ${virtual.last4}`);
    expect(notice?.body).not.toMatch(/\d{12,}/);
    const physical = await issued(company, 'physical');
    const applicantMail = await outboxOf(t, 'ada@acme.test');
    const shipped = applicantMail.find(
      (message) =>
        message.subject === 'A physical card was issued for Card Mail' &&
        message.body.includes(physical.last4),
    );
    expect(shipped?.body).toContain('printed in your name');
    expect(
      (await outboxOf(t, company.fixture.owner.user.email)).some(
        (message) => message.subject === 'A physical card was issued for Card Mail',
      ),
    ).toBe(true);
  });
});

describe('the demo card activity', () => {
  it('gives the virtual card limits and a week of charges, the last refused by its daily limit, once', async () => {
    for (const [zone, at] of [
      ['America/Los_Angeles', '2026-11-22T08:30:00.000Z'],
      ['UTC', '2026-11-22T00:10:00.000Z'],
    ] as const) {
      t.clock.set(new Date(at));
      const company = await companyWithAccount(`Demo Charges ${zone}`, zone);
      const card = await issued(company);
      await t.db.transaction((tx) => seedDemoCardTransactions(tx, t.clock, company.fixture.entityId));
      await t.db.transaction((tx) => seedDemoCardTransactions(tx, t.clock, company.fixture.entityId));
      const rows = await t.db
        .select()
        .from(cardTransactions)
        .where(eq(cardTransactions.cardId, card.id))
        .orderBy(cardTransactions.authorizedAt, cardTransactions.createdAt);
      expect(rows).toHaveLength(DEMO_CARD_CHARGES.length);
      expect(
        rows.filter((row) => row.status === 'declined').map((row) => [row.merchant, row.declineReason]),
      ).toEqual([['Google Ads', CARD_DECLINE_REASONS.daily]]);
      expect(await limitsOf(card.id)).toEqual({ dailyLimit: 250_000, monthlyLimit: 1_500_000 });
    }
  });
});
