import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  createLedgerFixture,
  expectBooksExact,
  insertImportedTransaction,
  type LedgerFixture,
  ledgerSnapshot,
} from '../../../../test/ledgerTestKit';
import { entries, entryChanges, rules } from '../../../db/schema';
import { applyRulesToImportedEntries } from '../rules';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;

const UPDATE_ENTRIES = `mutation($from: ID!, $to: ID!, $start: Date, $actualsEnd: Date, $end: Date, $search: String, $subtree: Boolean, $reportId: ID) {
  updateEntries(fromAccountId: $from, toAccountId: $to, startDate: $start, actualsEndDate: $actualsEnd, endDate: $end,
                searchFilter: $search, includeSubtree: $subtree, reportId: $reportId) {
    movedCount accounts { id name } fromAccount { id } toAccount { id }
  }
}`;
const CREATE_RULE = `mutation($from: ID!, $to: ID!, $date: Date, $search: String!) {
  createRule(fromAccountId: $from, toAccountId: $to, date: $date, searchFilter: $search) {
    movedCount rule { id searchFilter fromAccount { id } toAccount { id } } fromAccount { id } toAccount { id }
  }
}`;

async function book(accountId: string, date: string, amount: number, name: string, memo = '') {
  const result = await acme.gql<{ createUserTransaction: { id: string } }>(
    `mutation($e: ID!, $a: ID!, $d: Date!, $m: Cents!, $n: String, $memo: String) {
      createUserTransaction(entityId: $e, accountId: $a, date: $d, amount: $m, name: $n, memo: $memo) { id } }`,
    { e: acme.entityId, a: accountId, d: date, m: amount, n: name, memo },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createUserTransaction.id;
}

async function forecast(accountId: string, date: string, amount: number, name: string) {
  const result = await acme.gql<{ createForecast: { id: string } }>(
    `mutation($e: ID!, $a: ID!, $d: MonthKey!, $m: Units, $n: String) {
      createForecast(entityId: $e, accountId: $a, date: $d, amount: $m, name: $n, recurring: monthly) { id } }`,
    { e: acme.entityId, a: accountId, d: date, m: amount, n: name },
  );
  expect(result.errors).toBeUndefined();
  return result.data!.createForecast.id;
}

async function accountOf(entryId: string) {
  const [row] = await t.db
    .select({ accountId: entries.accountId })
    .from(entries)
    .where(eq(entries.id, entryId));
  return row?.accountId;
}

let expense: string;
let marketing: string;
let ads: string;
let events: string;
let travel: string;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  expense = await acme.account('Expense');
  marketing = await acme.createAccount('Marketing', expense);
  ads = await acme.createAccount('Ads', marketing);
  events = await acme.createAccount('Events', marketing);
  travel = await acme.createAccount('Travel', expense);
});
afterAll(async () => {
  await t.close();
});

describe('UpdateEntries', () => {
  it('moves the month’s matching actual entries of the account, and only those', async () => {
    const google = await book(marketing, '2026-09-10', 100, 'Google Ads');
    const googleMemo = await book(marketing, '2026-09-12', 200, 'Invoice 7', 'google workspace');
    const otherName = await book(marketing, '2026-09-14', 300, 'Meta');
    const otherMonth = await book(marketing, '2026-10-01', 400, 'Google Ads');
    const result = await acme.gql<{
      updateEntries: {
        movedCount: number;
        accounts: { id: string }[];
        fromAccount: { id: string };
        toAccount: { id: string };
      };
    }>(UPDATE_ENTRIES, {
      from: marketing,
      to: travel,
      start: '2026-09-01',
      end: '2026-09-30',
      actualsEnd: '2026-11-30',
      search: 'GOOGLE',
      reportId: acme.reportId,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.updateEntries).toMatchObject({
      movedCount: 2,
      accounts: [{ id: marketing }, { id: travel }],
      fromAccount: { id: marketing },
      toAccount: { id: travel },
    });
    expect([await accountOf(google), await accountOf(googleMemo)]).toEqual([travel, travel]);
    expect([await accountOf(otherName), await accountOf(otherMonth)]).toEqual([marketing, marketing]);
    const history = await t.db.select().from(entryChanges).where(eq(entryChanges.entryId, google));
    expect(history.map((row) => row.event)).toEqual(['create', 'move']);
    expect(history[1]?.objectChanges).toMatchObject({ account: ['Marketing', 'Travel'] });
    await expectBooksExact(t.db, acme.entityId);
  });

  it('moves a whole subtree, actual entries up to the cutoff month and forecast entries after it', async () => {
    const adsActual = await book(ads, '2026-11-05', 50, 'Banner');
    const eventsActual = await book(events, '2026-11-20', 60, 'Booth');
    const tooLate = await book(events, '2026-12-02', 70, 'Booked ahead');
    const forecastId = await forecast(ads, '2026-11', 10, 'Ad budget');
    const forecastEntries = await t.db
      .select({ id: entries.id, date: entries.date, accountId: entries.accountId })
      .from(entries)
      .where(eq(entries.accountId, ads));
    const result = await acme.gql<{ updateEntries: { movedCount: number } }>(UPDATE_ENTRIES, {
      from: marketing,
      to: travel,
      start: '2026-11-01',
      end: '2027-01-31',
      actualsEnd: '2026-11-15',
      subtree: true,
    });
    expect(result.errors).toBeUndefined();
    // Actuals of November (both sub-accounts), forecast occurrences of December and January on Ads.
    expect(result.data?.updateEntries.movedCount).toBe(4);
    expect([await accountOf(adsActual), await accountOf(eventsActual), await accountOf(tooLate)]).toEqual([
      travel,
      travel,
      events,
    ]);
    const moved = forecastEntries
      .filter((e) => e.date > '2026-11-30' && e.date <= '2027-01-31')
      .map((e) => e.id);
    const rows = await t.db.select().from(entries).where(inArray(entries.id, moved));
    expect(rows.map((row) => row.accountId)).toEqual([travel, travel]);
    expect(forecastId).toBeDefined();
    await expectBooksExact(t.db, acme.entityId);
  });

  it('moves imported entries too: a move reclassifies', async () => {
    const [, expenseLeg] = await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-06-01',
      name: 'Uber',
      legs: [
        { accountId: await acme.account('Banks'), amount: -900 },
        { accountId: marketing, amount: 900 },
      ],
    });
    const result = await acme.gql(UPDATE_ENTRIES, {
      from: marketing,
      to: travel,
      search: 'uber',
      actualsEnd: '2026-11-01',
    });
    expect(result.errors).toBeUndefined();
    expect(await accountOf(expenseLeg!)).toBe(travel);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('refuses the same account, the dragged subtree, foreign accounts and bad ranges, moving nothing', async () => {
    await book(marketing, '2026-05-05', 1, 'Stay');
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const same = await acme.gql(UPDATE_ENTRIES, { from: marketing, to: marketing });
    expect(same.errors?.[0]).toMatchObject({
      message: 'Entries cannot be moved onto the account they are on',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const intoSubtree = await acme.gql(UPDATE_ENTRIES, { from: marketing, to: ads, subtree: true });
    expect(intoSubtree.errors?.[0]).toMatchObject({
      message: "Entries cannot be moved into the account's own sub-accounts",
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const foreignTo = await acme.gql(UPDATE_ENTRIES, { from: marketing, to: await other.account('Expense') });
    expect(foreignTo.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const foreignFrom = await acme.gql(UPDATE_ENTRIES, {
      from: await other.account('Expense'),
      to: marketing,
    });
    expect(foreignFrom.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const backwards = await acme.gql(UPDATE_ENTRIES, {
      from: marketing,
      to: travel,
      start: '2026-05-02',
      end: '2026-05-01',
    });
    expect(backwards.errors?.[0]).toMatchObject({
      message: 'The end date must not be before the start date',
    });
    const badDate = await acme.gql(UPDATE_ENTRIES, { from: marketing, to: travel, start: '2026-13-01' });
    expect(badDate.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const badReport = await acme.gql(UPDATE_ENTRIES, {
      from: marketing,
      to: travel,
      reportId: other.reportId,
    });
    expect(badReport.errors?.[0]).toMatchObject({ message: `Report not found: ${other.reportId}` });
    const cardOnly = await acme.gql(
      UPDATE_ENTRIES,
      { from: marketing, to: travel },
      await acme.member('card_only'),
    );
    expect(cardOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await ledgerSnapshot(t.db, acme.entityId)).toMatchObject({
      entries: before?.entries,
      rollups: before?.rollups,
      entry_rows: before?.entry_rows,
    });
  });
});

describe('CreateRule', () => {
  it('moves matching entries from the date on, now', async () => {
    const old = await book(travel, '2026-01-10', 10, 'Lyft ride');
    const recent = await book(travel, '2026-03-10', 20, 'LYFT');
    const unrelated = await book(travel, '2026-03-11', 30, 'Hotel');
    const taxis = await acme.createAccount('Taxis', travel);
    const result = await acme.gql<{
      createRule: {
        movedCount: number;
        rule: { searchFilter: string; fromAccount: { id: string }; toAccount: { id: string } };
      };
    }>(CREATE_RULE, { from: travel, to: taxis, date: '2026-02-01', search: ' lyft ' });
    expect(result.errors).toBeUndefined();
    expect(result.data?.createRule).toMatchObject({
      movedCount: 1,
      rule: { searchFilter: 'lyft', fromAccount: { id: travel }, toAccount: { id: taxis } },
    });
    expect([await accountOf(old), await accountOf(recent), await accountOf(unrelated)]).toEqual([
      travel,
      taxis,
      travel,
    ]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('applies the rules to later imports, in creation order, leaving the bank leg alone', async () => {
    const banks = await acme.account('Banks');
    const taxis = (await t.db.select().from(rules).where(eq(rules.entityId, acme.entityId)))[0]!.toAccountId;
    const ids = await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-11-02',
      name: 'Lyft *ride',
      legs: [
        { accountId: banks, amount: -1500 },
        { accountId: travel, amount: 1500 },
      ],
    });
    const moves = await t.db.transaction((tx) =>
      applyRulesToImportedEntries(tx, acme.entityId, ids, t.clock.now()),
    );
    expect(moves).toBe(1);
    expect([await accountOf(ids[0]!), await accountOf(ids[1]!)]).toEqual([banks, taxis]);
    const [change] = await t.db
      .select()
      .from(entryChanges)
      .where(eq(entryChanges.entryId, ids[1]!))
      .orderBy(entryChanges.id)
      .offset(1);
    expect(change).toMatchObject({ event: 'move', userId: null });
    await expectBooksExact(t.db, acme.entityId);
  });

  it('refuses a blank filter, the same account and foreign accounts, creating nothing', async () => {
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const blank = await acme.gql(CREATE_RULE, { from: travel, to: marketing, search: '  ' });
    expect(blank.errors?.[0]).toMatchObject({
      message: 'Search filter is required',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const same = await acme.gql(CREATE_RULE, { from: travel, to: travel, search: 'x' });
    expect(same.errors?.[0]).toMatchObject({
      message: 'Entries cannot be moved onto the account they are on',
    });
    const foreign = await acme.gql(CREATE_RULE, {
      from: travel,
      to: await other.account('Expense'),
      search: 'x',
    });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('is listed among the Entry Rules of entries it matches', async () => {
    const entry = await book(travel, '2026-11-03', 5, 'Taxi', 'lyft receipt');
    const result = await acme.gql<{
      entryWithHistory: {
        rules: { searchFilter: string; fromAccount: { name: string }; toAccount: { name: string } }[];
      };
    }>(
      'query($id: ID!) { entryWithHistory(id: $id) { rules { searchFilter fromAccount { name } toAccount { name } } } }',
      {
        id: entry,
      },
    );
    expect(result.data?.entryWithHistory.rules).toEqual([
      { searchFilter: 'lyft', fromAccount: { name: 'Travel' }, toAccount: { name: 'Taxis' } },
    ]);
  });
});
