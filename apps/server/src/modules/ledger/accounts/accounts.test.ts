import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  createLedgerFixture,
  type LedgerFixture,
  ledgerSnapshot,
  rollupMismatches,
  unbalancedTransactions,
} from '../../../../test/ledgerTestKit';
import { accounts, entryChanges, forecasts, monthlyRollups, rules } from '../../../db/schema';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
});
afterAll(async () => {
  await t.close();
});

const CREATE = `mutation($name: String!, $entityId: ID!, $parentId: ID!, $reportId: ID) {
  createAccount(name: $name, entityId: $entityId, parentId: $parentId, reportId: $reportId) {
    id name parentId ancestry accountType accountGroup sign isMutable entityId children { id }
  }
}`;
const UPDATE = `mutation($id: ID!, $name: String!) { updateAccount(id: $id, name: $name) { id name } }`;
const DELETE = `mutation($id: ID!) { deleteAccount(id: $id) { id movedEntryCount parent { id name children { id name } } } }`;

type Account = {
  id: string;
  name: string;
  parentId: string;
  ancestry: string;
  accountType: string;
  sign: number;
};

async function createAccount(name: string, parentId: string, fixture = acme) {
  const result = await fixture.gql<{ createAccount: Account }>(CREATE, {
    name,
    entityId: fixture.entityId,
    parentId,
  });
  expect(result.errors).toBeUndefined();
  return result.data!.createAccount;
}

describe('CreateAccount', () => {
  it('adds a mutable sub-account that inherits the parent’s type, group and sign', async () => {
    const income = await acme.account('Income');
    const child = await createAccount('  Consulting  ', income);
    expect(child).toMatchObject({
      name: 'Consulting',
      parentId: income,
      ancestry: `/${income}/`,
      accountType: 'Income',
      accountGroup: null,
      sign: -1,
      isMutable: true,
      entityId: acme.entityId,
    });
    const grandchild = await createAccount('Workshops', child.id);
    expect(grandchild.ancestry).toBe(`/${income}/${child.id}/`);
    const cards = await createAccount('Amex', await acme.account('Credit Cards'));
    expect(cards).toMatchObject({ accountType: 'CreditCard', accountGroup: 'Credit Cards', sign: -1 });
  });

  it('accepts the entity’s report and refuses another report', async () => {
    const expense = await acme.account('Expense');
    const ok = await acme.gql(CREATE, {
      name: 'Rent',
      entityId: acme.entityId,
      parentId: expense,
      reportId: acme.reportId,
    });
    expect(ok.errors).toBeUndefined();
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const foreign = await acme.gql(CREATE, {
      name: 'Rent 2',
      entityId: acme.entityId,
      parentId: expense,
      reportId: other.reportId,
    });
    expect(foreign.errors?.[0]).toMatchObject({
      message: `Report not found: ${other.reportId}`,
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('refuses a blank or too long name, and a parent of another company, changing nothing', async () => {
    const expense = await acme.account('Expense');
    const before = await ledgerSnapshot(t.db, acme.entityId);
    for (const name of ['', '   ', 'x'.repeat(121)]) {
      const result = await acme.gql(CREATE, { name, entityId: acme.entityId, parentId: expense });
      expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    const blank = await acme.gql(CREATE, { name: ' ', entityId: acme.entityId, parentId: expense });
    expect(blank.errors?.[0]?.message).toBe('Name is required');
    const foreignParent = await acme.gql(CREATE, {
      name: 'Sneaky',
      entityId: acme.entityId,
      parentId: await other.account('Expense'),
    });
    const unknownParent = await acme.gql(CREATE, {
      name: 'Sneaky',
      entityId: acme.entityId,
      parentId: '00000000-0000-4000-8000-000000000000',
    });
    const malformedParent = await acme.gql(CREATE, {
      name: 'Sneaky',
      entityId: acme.entityId,
      parentId: 'nope',
    });
    for (const result of [foreignParent, unknownParent, malformedParent]) {
      expect(result.errors?.[0]).toMatchObject({
        message: 'Account not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    const foreignEntity = await acme.gql(CREATE, {
      name: 'Sneaky',
      entityId: other.entityId,
      parentId: expense,
    });
    expect(foreignEntity.errors?.[0]).toMatchObject({
      message: 'Entity not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('lets a bookkeeper add accounts and refuses card-only and custom members', async () => {
    const expense = await acme.account('Expense');
    const bookkeeper = await acme.member('bookkeeper');
    const ok = await acme.gql(
      CREATE,
      { name: 'By bookkeeper', entityId: acme.entityId, parentId: expense },
      bookkeeper,
    );
    expect(ok.errors).toBeUndefined();
    for (const role of ['card_only', 'custom'] as const) {
      const token = await acme.member(role);
      const refused = await acme.gql(
        CREATE,
        { name: 'Nope', entityId: acme.entityId, parentId: expense },
        token,
      );
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const anonymous = await t.graphql(CREATE, { name: 'Nope', entityId: acme.entityId, parentId: expense });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

describe('UpdateAccount', () => {
  it('renames a mutable account, trimmed', async () => {
    const account = await createAccount('Travel', await acme.account('Expense'));
    const result = await acme.gql<{ updateAccount: { name: string } }>(UPDATE, {
      id: account.id,
      name: ' Trips ',
    });
    expect(result.data?.updateAccount.name).toBe('Trips');
  });

  it('refuses the chart’s fixed accounts, blank names and other companies’ accounts', async () => {
    const account = await createAccount('Meals', await acme.account('Expense'));
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const root = await acme.gql(UPDATE, { id: await acme.account('Banks'), name: 'Cash' });
    expect(root.errors?.[0]).toMatchObject({
      message: 'Account cannot be renamed',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const blank = await acme.gql(UPDATE, { id: account.id, name: '  ' });
    expect(blank.errors?.[0]?.message).toBe('Name is required');
    const foreign = await acme.gql(UPDATE, { id: await other.account('Income'), name: 'Mine' });
    const unknown = await acme.gql(UPDATE, { id: '00000000-0000-4000-8000-000000000000', name: 'Mine' });
    expect(foreign.errors?.[0]).toEqual(unknown.errors?.[0]);
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
  });

  it('refuses a card-only member with the same answer as a stranger would get for the entity', async () => {
    const account = await createAccount('Gifts', await acme.account('Expense'));
    const cardOnly = await acme.member('card_only');
    const result = await acme.gql(UPDATE, { id: account.id, name: 'Presents' }, cardOnly);
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('DeleteAccount', () => {
  it('moves entries, rollups, forecasts, rules and sub-accounts to the parent, losing nothing', async () => {
    const expense = await acme.account('Expense');
    const banks = await acme.account('Banks');
    const office = await createAccount('Office', expense);
    const supplies = await createAccount('Supplies', office.id);
    const paper = await createAccount('Paper', supplies.id);
    const booked = await acme.gql<{ createUserTransaction: { id: string } }>(
      `mutation($entityId: ID!, $accountId: ID!, $againstId: ID) {
        createUserTransaction(entityId: $entityId, accountId: $accountId, againstId: $againstId, date: "2026-10-05", amount: 12345, name: "Stapler") { id }
      }`,
      { entityId: acme.entityId, accountId: supplies.id, againstId: banks },
    );
    expect(booked.errors).toBeUndefined();
    const forecast = await acme.gql<{ createForecast: { id: string } }>(
      `mutation($entityId: ID!, $accountId: ID!) {
        createForecast(entityId: $entityId, accountId: $accountId, date: "2027-01", amount: 50, recurring: quarterly, name: "Paper") { id }
      }`,
      { entityId: acme.entityId, accountId: supplies.id },
    );
    expect(forecast.errors).toBeUndefined();
    const rule = await acme.gql(
      `mutation($from: ID!, $to: ID!) { createRule(fromAccountId: $from, toAccountId: $to, searchFilter: "paper") { rule { id } } }`,
      { from: office.id, to: supplies.id },
    );
    expect(rule.errors).toBeUndefined();
    const before = await ledgerSnapshot(t.db, acme.entityId);

    const result = await acme.gql<{
      deleteAccount: {
        id: string;
        movedEntryCount: number;
        parent: { id: string; children: { name: string }[] };
      };
    }>(DELETE, { id: supplies.id });
    expect(result.errors).toBeUndefined();
    expect(result.data?.deleteAccount).toMatchObject({
      id: supplies.id,
      movedEntryCount: 21,
      parent: { id: office.id },
    });
    expect(result.data?.deleteAccount.parent.children.map((c) => c.name)).toEqual(['Paper']);

    const after = await ledgerSnapshot(t.db, acme.entityId);
    expect(after?.entries).toBe(before?.entries);
    expect(after?.gross).toBe(before?.gross);
    expect(after?.accounts).toBe(Number(before?.accounts) - 1);
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
    expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
    expect(await t.db.select().from(monthlyRollups).where(eq(monthlyRollups.accountId, supplies.id))).toEqual(
      [],
    );

    const [movedPaper] = await t.db.select().from(accounts).where(eq(accounts.id, paper.id));
    expect(movedPaper).toMatchObject({ parentId: office.id, ancestry: `/${expense}/${office.id}/` });
    const [forecastRow] = await t.db
      .select()
      .from(forecasts)
      .where(eq(forecasts.id, forecast.data!.createForecast.id));
    expect(forecastRow?.accountId).toBe(office.id);
    const ruleRows = await t.db.select().from(rules).where(eq(rules.entityId, acme.entityId));
    expect(ruleRows.map((r) => [r.fromAccountId, r.toAccountId])).toEqual([[office.id, office.id]]);

    const moves = await t.db
      .select()
      .from(entryChanges)
      .where(eq(entryChanges.entryId, booked.data!.createUserTransaction.id));
    expect(moves.at(-1)).toMatchObject({ event: 'move', objectChanges: { account: ['Supplies', 'Office'] } });
  });

  it('refuses fixed accounts and other companies’ accounts, changing nothing', async () => {
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const root = await acme.gql(DELETE, { id: await acme.account('Expense') });
    expect(root.errors?.[0]).toMatchObject({
      message: 'Account cannot be deleted',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const otherChild = await createAccount('Theirs', await other.account('Expense'), other);
    const foreign = await acme.gql(DELETE, { id: otherChild.id });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const malformed = await acme.gql(DELETE, { id: '42' });
    expect(malformed.errors?.[0]).toMatchObject({
      message: 'Account not found',
      extensions: { code: 'NOT_FOUND' },
    });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
    expect((await t.db.select().from(accounts).where(eq(accounts.id, otherChild.id))).length).toBe(1);
  });
});
