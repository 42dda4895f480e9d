import { AMOUNT_TOO_LARGE } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  createLedgerFixture,
  expectBooksExact,
  insertImportedTransaction,
  type LedgerFixture,
  ledgerSnapshot,
} from '../../../../test/ledgerTestKit';
import { entries, monthlyRollups } from '../../../db/schema';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let ids: Record<'income' | 'expense' | 'banks' | 'cards' | 'rent' | 'software', string>;

const ENTRY_FIELDS = `id accountId accountType amount date entityId memo name transactionId transactionType
  scenario isEditable createdAt updatedAt account { id name } refTransaction { id }`;

const CREATE = `mutation($entityId: ID!, $accountId: ID!, $againstId: ID, $date: Date!, $amount: Cents!, $name: String, $memo: String, $reportId: ID) {
  createUserTransaction(entityId: $entityId, accountId: $accountId, againstId: $againstId, date: $date, amount: $amount, name: $name, memo: $memo, reportId: $reportId) { ${ENTRY_FIELDS} }
}`;
const UPDATE_ENTRY = `mutation($id: ID!, $accountId: ID, $amount: Cents, $date: Date, $name: String, $memo: String, $reportId: ID) {
  updateEntry(id: $id, accountId: $accountId, amount: $amount, date: $date, name: $name, memo: $memo, reportId: $reportId) {
    errors entry { ${ENTRY_FIELDS} } original { id accountId amount date name }
  }
}`;
const UPDATE_TRANSACTION = `mutation($id: ID!, $accountId: ID, $againstId: ID, $amount: Cents, $date: Date, $name: String, $memo: String) {
  updateUserTransaction(id: $id, accountId: $accountId, againstId: $againstId, amount: $amount, date: $date, name: $name, memo: $memo) { ${ENTRY_FIELDS} }
}`;
const ATTRIBUTES = `mutation($id: ID!, $name: String, $memo: String) { updateEntryAttributes(id: $id, name: $name, memo: $memo) { id name memo } }`;
const DELETE = `mutation($id: ID!) { deleteEntry(id: $id) { id transactionId deletedEntryIds } }`;
const WITH_TRANSACTION = `query($id: ID!) { entryWithTransaction(id: $id) {
  entry { id amount } transaction { id transactionType name entries { id amount accountId } } otherEntries { id amount accountId } refTransaction { id }
} }`;

type Entry = {
  id: string;
  accountId: string;
  amount: number;
  date: string;
  name: string;
  memo: string;
  transactionId: string;
};

async function book(variables: Record<string, unknown>, fixture = acme) {
  const result = await fixture.gql<{ createUserTransaction: Entry }>(CREATE, {
    entityId: fixture.entityId,
    ...variables,
  });
  expect(result.errors).toBeUndefined();
  return result.data!.createUserTransaction;
}

async function legs(transactionId: string) {
  return t.db
    .select({ accountId: entries.accountId, amount: entries.amount, date: entries.date, name: entries.name })
    .from(entries)
    .where(eq(entries.transactionId, transactionId))
    .orderBy(entries.amount);
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  const created = async (name: string, parent: string) =>
    acme.createAccount(name, await acme.account(parent));
  ids = {
    income: await acme.account('Income'),
    expense: await acme.account('Expense'),
    banks: await acme.account('Banks'),
    cards: await acme.account('Credit Cards'),
    rent: await created('Rent', 'Expense'),
    software: await created('Software', 'Expense'),
  };
});
afterAll(async () => {
  await t.close();
});

describe('CreateUserTransaction', () => {
  it('books the amount on the account and its negation on the against account', async () => {
    const entry = await book({
      accountId: ids.rent,
      againstId: ids.cards,
      date: '2026-10-03',
      amount: 250_000,
      name: ' October rent ',
      memo: 'Lease',
      reportId: acme.reportId,
    });
    expect(entry).toMatchObject({
      accountId: ids.rent,
      accountType: 'Expense',
      amount: 250_000,
      date: '2026-10-03',
      name: 'October rent',
      memo: 'Lease',
      transactionType: 'UserTransaction',
      scenario: 'actual',
      isEditable: true,
      account: { id: ids.rent, name: 'Rent' },
      refTransaction: null,
    });
    expect(await legs(entry.transactionId)).toEqual([
      { accountId: ids.cards, amount: -250_000, date: '2026-10-03', name: 'October rent' },
      { accountId: ids.rent, amount: 250_000, date: '2026-10-03', name: 'October rent' },
    ]);
    const rollups = await t.db.select().from(monthlyRollups).where(eq(monthlyRollups.accountId, ids.rent));
    expect(rollups).toEqual([
      expect.objectContaining({ scenario: 'actual', month: '2026-10', amount: 250_000 }),
    ]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('books against Banks by default, and against the first other account when the account is Banks', async () => {
    const entry = await book({ accountId: ids.software, date: '2026-11-02', amount: 999 });
    expect((await legs(entry.transactionId)).map((leg) => leg.accountId)).toEqual([ids.banks, ids.software]);
    const fromBanks = await book({ accountId: ids.banks, date: '2026-11-02', amount: 500 });
    expect((await legs(fromBanks.transactionId)).map((leg) => leg.accountId)).toEqual([
      ids.income,
      ids.banks,
    ]);
  });

  it('refuses bad input with a clear message and books nothing', async () => {
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ amount: 10.5 }, 'Amount can have at most 2 decimals', 'BAD_USER_INPUT'],
      [{ amount: 2 ** 53 }, AMOUNT_TOO_LARGE, 'BAD_USER_INPUT'],
      [{ amount: 10 ** 14 }, AMOUNT_TOO_LARGE, 'BAD_USER_INPUT'],
      [{ amount: '12' }, 'Amount must be a number', 'BAD_USER_INPUT'],
      [{ date: '2026-02-30' }, 'Date must be a real day between 1900-01-01 and 2199-12-31', 'BAD_USER_INPUT'],
      [{ date: '0000-01-01' }, 'Date must be a real day between 1900-01-01 and 2199-12-31', 'BAD_USER_INPUT'],
      [{ date: '2026-11' }, 'Date must be YYYY-MM-DD', 'BAD_USER_INPUT'],
      [{ againstId: ids.rent }, 'The against account must differ from the account', 'BAD_USER_INPUT'],
      [{ name: 'x'.repeat(256) }, 'Name must be at most 255 characters', 'BAD_USER_INPUT'],
      [{ accountId: await other.account('Expense') }, 'Account not found', 'NOT_FOUND'],
      [{ againstId: await other.account('Banks') }, 'Account not found', 'NOT_FOUND'],
      [{ accountId: 'not-a-uuid' }, 'Account not found', 'NOT_FOUND'],
      [{ reportId: other.reportId }, `Report not found: ${other.reportId}`, 'NOT_FOUND'],
    ];
    for (const [override, message, code] of cases) {
      const result = await acme.gql(CREATE, {
        entityId: acme.entityId,
        accountId: ids.rent,
        date: '2026-11-01',
        amount: 100,
        ...override,
      });
      // Scalar errors on variables come prefixed by graphql-js ('Variable "$amount" got invalid value ...; ').
      expect(result.errors?.[0], JSON.stringify(override)).toMatchObject({
        message: expect.stringContaining(message),
        extensions: { code },
      });
    }
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('lets a bookkeeper book and refuses card-only and read-only members', async () => {
    const variables = { entityId: acme.entityId, accountId: ids.rent, date: '2026-11-01', amount: 100 };
    const bookkeeper = await acme.member('bookkeeper');
    expect((await acme.gql(CREATE, variables, bookkeeper)).errors).toBeUndefined();
    const before = await ledgerSnapshot(t.db, acme.entityId);
    for (const role of ['card_only', 'custom'] as const) {
      const result = await acme.gql(CREATE, variables, await acme.member(role));
      expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    expect(await ledgerSnapshot(t.db, acme.entityId)).toMatchObject({ entries: before?.entries });
  });
});

describe('UpdateEntry', () => {
  it('changes amount, date and name of a user transaction; the other entry follows', async () => {
    const entry = await book({
      accountId: ids.rent,
      againstId: ids.banks,
      date: '2026-09-30',
      amount: 1000,
      name: 'Rent',
    });
    const result = await acme.gql<{ updateEntry: { errors: string[]; entry: Entry; original: Entry } }>(
      UPDATE_ENTRY,
      {
        id: entry.id,
        amount: 1500,
        date: '2026-10-01',
        name: 'Rent (Oct)',
        memo: 'late',
      },
    );
    expect(result.data?.updateEntry.errors).toEqual([]);
    expect(result.data?.updateEntry.original).toMatchObject({
      amount: 1000,
      date: '2026-09-30',
      name: 'Rent',
    });
    expect(result.data?.updateEntry.entry).toMatchObject({
      amount: 1500,
      date: '2026-10-01',
      name: 'Rent (Oct)',
      memo: 'late',
    });
    expect(await legs(entry.transactionId)).toEqual([
      { accountId: ids.banks, amount: -1500, date: '2026-10-01', name: 'Rent (Oct)' },
      { accountId: ids.rent, amount: 1500, date: '2026-10-01', name: 'Rent (Oct)' },
    ]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('moves one entry to another account and records which account in Entry History', async () => {
    const entry = await book({ accountId: ids.rent, date: '2026-10-10', amount: 700, name: 'Figma' });
    const result = await acme.gql<{ updateEntry: { errors: string[]; entry: Entry } }>(UPDATE_ENTRY, {
      id: entry.id,
      accountId: ids.software,
    });
    expect(result.data?.updateEntry).toMatchObject({ errors: [], entry: { accountId: ids.software } });
    const history = await acme.gql<{
      entryWithHistory: {
        history: {
          event: string;
          objectChanges: { account: { before: string; after: string } | null; updatedAt: { after: string } };
        }[];
      };
    }>(
      `query($id: ID!) { entryWithHistory(id: $id) { history { event objectChanges { account { before after } updatedAt { before after } } } } }`,
      { id: entry.id },
    );
    expect(history.data?.entryWithHistory.history.map((h) => h.event)).toEqual(['create', 'move']);
    expect(history.data?.entryWithHistory.history[1]?.objectChanges.account).toEqual({
      before: 'Rent',
      after: 'Software',
    });
    expect(history.data?.entryWithHistory.history[1]?.objectChanges.updatedAt.after).toBe(
      t.clock.now().toISOString(),
    );
    await expectBooksExact(t.db, acme.entityId);
  });

  it('records names with quotes, backslashes, braces and accents in Entry History as typed', async () => {
    const name = 'Say "hi" \\ naïve {x}, [y] NULL';
    const entry = await book({ accountId: ids.rent, date: '2026-10-11', amount: 300, name });
    const history = await acme.gql<{
      entryWithHistory: {
        history: { event: string; objectChanges: { name: { before: string | null; after: string } } }[];
      };
    }>(
      `query($id: ID!) { entryWithHistory(id: $id) { history { event objectChanges { name { before after } } } } }`,
      {
        id: entry.id,
      },
    );
    expect(history.errors).toBeUndefined();
    expect(history.data?.entryWithHistory.history).toEqual([
      { event: 'create', objectChanges: { name: { before: null, after: name } } },
    ]);
  });

  it('reports rule violations in errors and changes nothing', async () => {
    const entry = await book({ accountId: ids.rent, againstId: ids.banks, date: '2026-10-12', amount: 300 });
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const ontoOwnCounterpart = await acme.gql<{
      updateEntry: { errors: string[]; entry: Entry; original: null };
    }>(UPDATE_ENTRY, { id: entry.id, accountId: ids.banks });
    expect(ontoOwnCounterpart.data?.updateEntry).toMatchObject({
      errors: ['An entry cannot be booked against its own account'],
      entry: { id: entry.id, accountId: ids.rent },
      original: null,
    });
    const blankish = await acme.gql<{ updateEntry: { errors: string[] } }>(UPDATE_ENTRY, {
      id: entry.id,
      memo: 'm'.repeat(2001),
    });
    expect(blankish.data?.updateEntry.errors).toEqual(['Memo must be at most 2000 characters']);
    const decimals = await acme.gql(UPDATE_ENTRY, { id: entry.id, amount: 1.234 });
    expect(decimals.errors?.[0]).toMatchObject({
      message: expect.stringContaining('Amount can have at most 2 decimals'),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const foreignAccount = await acme.gql(UPDATE_ENTRY, {
      id: entry.id,
      accountId: await other.account('Expense'),
    });
    expect(foreignAccount.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('moves an imported entry (reclassification) but refuses any other edit to it', async () => {
    const [bankLeg, expenseLeg] = await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-10-20',
      name: 'AWS',
      legs: [
        { accountId: ids.banks, amount: -4200 },
        { accountId: ids.expense, amount: 4200 },
      ],
    });
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const edit = await acme.gql<{ updateEntry: { errors: string[] } }>(UPDATE_ENTRY, {
      id: expenseLeg,
      amount: 1,
    });
    expect(edit.data?.updateEntry.errors).toEqual(['Only user transactions and forecasts can be edited']);
    const rename = await acme.gql<{ updateEntry: { errors: string[] } }>(UPDATE_ENTRY, {
      id: expenseLeg,
      name: 'Amazon',
    });
    expect(rename.data?.updateEntry.errors).toEqual(['Only user transactions and forecasts can be edited']);
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);

    const sameValues = await acme.gql<{ updateEntry: { errors: string[]; entry: Entry } }>(UPDATE_ENTRY, {
      id: expenseLeg,
      accountId: ids.software,
      amount: 4200,
      date: '2026-10-20',
      name: 'AWS',
    });
    expect(sameValues.data?.updateEntry).toMatchObject({
      errors: [],
      entry: { accountId: ids.software, amount: 4200 },
    });
    expect(bankLeg).toBeDefined();
    await expectBooksExact(t.db, acme.entityId);
  });

  it('answers a foreign or unknown entry with NOT_FOUND, and a card-only member with FORBIDDEN', async () => {
    const theirs = await book(
      { accountId: await other.account('Expense'), date: '2026-10-01', amount: 5 },
      other,
    );
    const foreign = await acme.gql(UPDATE_ENTRY, { id: theirs.id, amount: 6 });
    const unknown = await acme.gql(UPDATE_ENTRY, { id: '00000000-0000-4000-8000-000000000000', amount: 6 });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Entry not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(unknown.errors?.[0]).toEqual(foreign.errors?.[0]);
    expect(await legs(theirs.transactionId)).toContainEqual(expect.objectContaining({ amount: 5 }));
    const mine = await book({ accountId: ids.rent, date: '2026-10-01', amount: 5 });
    const cardOnly = await acme.gql(UPDATE_ENTRY, { id: mine.id, amount: 6 }, await acme.member('card_only'));
    expect(cardOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('UpdateUserTransaction', () => {
  it('changes the account, the against account and the amount together', async () => {
    const entry = await book({ accountId: ids.rent, againstId: ids.banks, date: '2026-08-01', amount: 100 });
    const result = await acme.gql<{ updateUserTransaction: Entry }>(UPDATE_TRANSACTION, {
      id: entry.id,
      accountId: ids.software,
      againstId: ids.cards,
      amount: -250,
    });
    expect(result.errors).toBeUndefined();
    expect(result.data?.updateUserTransaction).toMatchObject({
      id: entry.id,
      accountId: ids.software,
      amount: -250,
    });
    expect(await legs(entry.transactionId)).toEqual([
      { accountId: ids.software, amount: -250, date: '2026-08-01', name: '' },
      { accountId: ids.cards, amount: 250, date: '2026-08-01', name: '' },
    ]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('refuses imported entries and forecasts', async () => {
    const [imported] = await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-10-21',
      name: 'Stripe payout',
      legs: [
        { accountId: ids.banks, amount: 100 },
        { accountId: ids.income, amount: -100 },
      ],
    });
    const result = await acme.gql(UPDATE_TRANSACTION, { id: imported, amount: 5 });
    expect(result.errors?.[0]).toMatchObject({
      message: 'Only user transactions and forecasts can be edited',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});

describe('UpdateEntryAttributes', () => {
  it('renames the whole transaction, and refuses imported entries', async () => {
    const entry = await book({ accountId: ids.rent, date: '2026-10-01', amount: 100, name: 'A' });
    const result = await acme.gql<{ updateEntryAttributes: Entry }>(ATTRIBUTES, {
      id: entry.id,
      name: 'B',
      memo: 'note',
    });
    expect(result.data?.updateEntryAttributes).toMatchObject({ name: 'B', memo: 'note' });
    expect((await legs(entry.transactionId)).map((leg) => leg.name)).toEqual(['B', 'B']);
    const [imported] = await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-10-22',
      name: 'Bank fee',
      legs: [
        { accountId: ids.banks, amount: -10 },
        { accountId: ids.expense, amount: 10 },
      ],
    });
    const refused = await acme.gql(ATTRIBUTES, { id: imported, name: 'Fee' });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Only user transactions and forecasts can be edited',
    });
  });
});

describe('DeleteEntry', () => {
  it('deletes both entries of a user transaction and takes them out of the rollups', async () => {
    const entry = await book({ accountId: ids.software, date: '2025-01-15', amount: 12_345 });
    const result = await acme.gql<{ deleteEntry: { deletedEntryIds: string[]; transactionId: string } }>(
      DELETE,
      {
        id: entry.id,
      },
    );
    expect(result.errors).toBeUndefined();
    expect(result.data?.deleteEntry.deletedEntryIds).toHaveLength(2);
    expect(await legs(entry.transactionId)).toEqual([]);
    await expectBooksExact(t.db, acme.entityId);
    const history = await acme.gql<{ entryWithHistory: unknown }>(
      'query($id: ID!) { entryWithHistory(id: $id) { entry { id } } }',
      { id: entry.id },
    );
    expect(history.errors?.[0]).toMatchObject({ message: 'Entry not found' });
  });

  it('refuses imported entries, foreign entries and read-only members, deleting nothing', async () => {
    const [imported] = await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-10-23',
      name: 'Wire',
      legs: [
        { accountId: ids.banks, amount: -1 },
        { accountId: ids.expense, amount: 1 },
      ],
    });
    const theirs = await book(
      { accountId: await other.account('Expense'), date: '2026-10-01', amount: 5 },
      other,
    );
    const mine = await book({ accountId: ids.rent, date: '2026-10-01', amount: 5 });
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const importedResult = await acme.gql(DELETE, { id: imported });
    expect(importedResult.errors?.[0]).toMatchObject({
      message: 'Only user transactions and forecasts can be deleted',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const foreign = await acme.gql(DELETE, { id: theirs.id });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Entry not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const custom = await acme.gql(DELETE, { id: mine.id }, await acme.member('custom'));
    expect(custom.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(await ledgerSnapshot(t.db, acme.entityId)).toMatchObject({
      entries: before?.entries,
      gross: before?.gross,
    });
    expect(await legs(theirs.transactionId)).toHaveLength(2);
  });
});

describe('EntryWithTransaction', () => {
  it('shows the entry, its transaction and the other entry', async () => {
    const entry = await book({
      accountId: ids.rent,
      againstId: ids.cards,
      date: '2026-10-05',
      amount: 800,
      name: 'Desk',
    });
    const result = await acme.gql<{
      entryWithTransaction: {
        entry: { id: string };
        transaction: { transactionType: string; name: string; entries: { amount: number }[] };
        otherEntries: { accountId: string; amount: number }[];
        refTransaction: null;
      };
    }>(WITH_TRANSACTION, { id: entry.id });
    expect(result.errors).toBeUndefined();
    expect(result.data?.entryWithTransaction).toMatchObject({
      entry: { id: entry.id },
      transaction: { transactionType: 'UserTransaction', name: 'Desk' },
      otherEntries: [{ accountId: ids.cards, amount: -800 }],
      refTransaction: null,
    });
    expect(result.data?.entryWithTransaction.transaction.entries).toHaveLength(2);
  });

  it('refuses another company’s entry and members without read access', async () => {
    const theirs = await book(
      { accountId: await other.account('Expense'), date: '2026-10-01', amount: 5 },
      other,
    );
    const result = await acme.gql(WITH_TRANSACTION, { id: theirs.id });
    expect(result.errors?.[0]).toMatchObject({
      message: 'Entry not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const mine = await book({ accountId: ids.rent, date: '2026-10-01', amount: 5 });
    const cardOnly = await acme.gql(WITH_TRANSACTION, { id: mine.id }, await acme.member('card_only'));
    expect(cardOnly.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const custom = await acme.gql(WITH_TRANSACTION, { id: mine.id }, await acme.member('custom'));
    expect(custom.errors).toBeUndefined();
  });
});

describe('zero amounts', () => {
  it('refuses a zero amount on create, on edit and for a fixed forecast, for every client, changing nothing', async () => {
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const created = await acme.gql(CREATE, {
      entityId: acme.entityId,
      accountId: ids.rent,
      date: '2026-10-03',
      amount: 0,
    });
    expect(created.errors?.[0]).toMatchObject({
      message: 'Amount must not be zero',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const forecast = await acme.gql(
      `mutation($entityId: ID!, $accountId: ID!) {
        createForecast(entityId: $entityId, accountId: $accountId, amount: 0, date: "2027-01") { id }
      }`,
      { entityId: acme.entityId, accountId: ids.rent },
    );
    expect(forecast.errors?.[0]?.message).toBe('Amount must not be zero');
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);

    const entry = await book({ accountId: ids.rent, date: '2026-10-03', amount: 1500 });
    const edited = await acme.gql(UPDATE_TRANSACTION, { id: entry.id, amount: 0 });
    expect(edited.errors?.[0]?.message).toBe('Amount must not be zero');
    expect((await legs(entry.transactionId)).map((leg) => Math.abs(leg.amount))).toEqual([1500, 1500]);
  });
});
