import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import {
  createLedgerFixture,
  insertImportedTransaction,
  type LedgerFixture,
  ledgerSnapshot,
  rollupMismatches,
} from '../../../../test/ledgerTestKit';
import { entries, rules } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { applyRulesToImportedEntries } from './applyRulesToImportedEntries';

/**
 * Managing rules: the drawer lists an account's rules (out of it and into it), a
 * rule can be deleted, so later imports are left alone, and re-applied to existing entries only as an
 * explicit action; all under the tenancy guard.
 */
let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let banks: string;
let software: string;
let saas: string;
let travel: string;

const CREATE_RULE = `mutation($from: ID!, $to: ID!, $date: Date, $search: String!) {
  createRule(fromAccountId: $from, toAccountId: $to, date: $date, searchFilter: $search) { movedCount rule { id } }
}`;
const ACCOUNT_RULES = `query($a: ID!) {
  accountRules(accountId: $a) { id searchFilter fromAccountId toAccountId fromAccount { name } toAccount { name } createdAt }
}`;
const DELETE_RULE = 'mutation($id: ID!) { deleteRule(id: $id) { id fromAccountId toAccountId } }';
const APPLY_RULE =
  'mutation($id: ID!) { applyRule(id: $id) { movedCount rule { id } fromAccount { id } toAccount { id } } }';

type RuleView = {
  id: string;
  searchFilter: string;
  fromAccountId: string | null;
  toAccountId: string;
  fromAccount: { name: string } | null;
  toAccount: { name: string };
  createdAt: string;
};

async function createAccount(fixture: LedgerFixture, name: string, parent: string): Promise<string> {
  const result = await fixture.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
    { e: fixture.entityId, p: await fixture.account(parent), n: name },
  );
  const id = result.data?.createAccount.id;
  if (!id) throw new Error(JSON.stringify(result.errors));
  return id;
}

async function book(accountId: string, date: string, name: string): Promise<void> {
  const result = await acme.gql(
    `mutation($e: ID!, $a: ID!, $against: ID!, $d: Date!, $n: String) {
      createUserTransaction(entityId: $e, accountId: $a, againstId: $against, date: $d, amount: 1500, name: $n) { id } }`,
    { e: acme.entityId, a: accountId, against: banks, d: date, n: name },
  );
  expect(result.errors).toBeUndefined();
}

async function createRule(from: string, to: string, search: string, date?: string): Promise<string> {
  const result = await acme.gql<{ createRule: { rule: { id: string } } }>(CREATE_RULE, {
    from,
    to,
    search,
    date,
  });
  const id = result.data?.createRule.rule.id;
  if (!id) throw new Error(JSON.stringify(result.errors));
  return id;
}

async function rulesOf(accountId: string, token?: string) {
  return acme.gql<{ accountRules: RuleView[] }>(ACCOUNT_RULES, { a: accountId }, token);
}

async function entriesOn(accountId: string): Promise<number> {
  const rows = await t.db.select({ id: entries.id }).from(entries).where(eq(entries.accountId, accountId));
  return rows.length;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Rules Co');
  other = await createLedgerFixture(t, 'Other Co');
  banks = await acme.account('Banks');
  software = await createAccount(acme, 'Software', 'Expense');
  saas = await createAccount(acme, 'SaaS', 'Expense');
  travel = await createAccount(acme, 'Travel', 'Expense');
});

afterAll(async () => {
  await t.close();
});

describe('the rules list', () => {
  it('lists the rules out of and into an account, newest first, with what they match and when they were made', async () => {
    const figma = await createRule(software, saas, 'Figma');
    t.clock.advance(60_000);
    const uber = await createRule(travel, software, 'Uber');
    const onSoftware = await rulesOf(software);
    expect(onSoftware.errors).toBeUndefined();
    expect(onSoftware.data?.accountRules.map((rule) => rule.id)).toEqual([uber, figma]);
    expect(onSoftware.data?.accountRules[1]).toMatchObject({
      searchFilter: 'Figma',
      fromAccountId: software,
      toAccountId: saas,
      fromAccount: { name: 'Software' },
      toAccount: { name: 'SaaS' },
    });
    expect((await rulesOf(saas)).data?.accountRules.map((rule) => rule.id)).toEqual([figma]);
    expect((await rulesOf(banks)).data?.accountRules).toEqual([]);
  });

  it('answers another company’s account as not found', async () => {
    const foreign = await other.gql(ACCOUNT_RULES, { a: software });
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(foreign.errors?.[0]?.message).toBe('Account not found');
  });
});

describe('DeleteRule', () => {
  it('deletes a rule, which then leaves later imports alone and keeps the entries it moved', async () => {
    await book(software, '2026-10-05', 'Notion subscription');
    const rule = await createRule(software, saas, 'Notion');
    const movedBefore = await entriesOn(saas);
    const deleted = await acme.gql<{ deleteRule: { id: string } }>(DELETE_RULE, { id: rule });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data?.deleteRule).toEqual({ id: rule, fromAccountId: software, toAccountId: saas });
    expect(await t.db.select().from(rules).where(eq(rules.id, rule))).toEqual([]);
    expect(await entriesOn(saas)).toBe(movedBefore);

    const imported = await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-11-02',
      name: 'Notion renewal',
      legs: [
        { accountId: software, amount: 900 },
        { accountId: banks, amount: -900 },
      ],
    });
    const moves = await writeTransaction(t.db, (tx) =>
      applyRulesToImportedEntries(tx, acme.entityId, imported, t.clock.now()),
    );
    expect(moves).toBe(0);
    expect((await rulesOf(software)).data?.accountRules.map((r) => r.id)).not.toContain(rule);
  });

  it('refuses an unknown, a foreign or an already deleted rule with NOT_FOUND and changes nothing', async () => {
    const rule = await createRule(travel, saas, 'Lyft');
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const foreign = await other.gql(DELETE_RULE, { id: rule });
    expect(foreign.errors?.[0]).toMatchObject({
      message: 'Rule not found',
      extensions: { code: 'NOT_FOUND' },
    });
    const unknown = await acme.gql(DELETE_RULE, { id: '00000000-0000-4000-8000-000000000009' });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);
    expect((await acme.gql(DELETE_RULE, { id: rule })).errors).toBeUndefined();
    expect((await acme.gql(DELETE_RULE, { id: rule })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('lets a bookkeeper delete and a card-only member neither list nor delete', async () => {
    const rule = await createRule(travel, saas, 'Taxi');
    const cardOnly = await acme.member('card_only');
    expect((await rulesOf(travel, cardOnly)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await acme.gql(DELETE_RULE, { id: rule }, cardOnly)).errors?.[0]?.extensions?.code).toBe(
      'FORBIDDEN',
    );
    const bookkeeper = await acme.member('bookkeeper');
    expect((await acme.gql(DELETE_RULE, { id: rule }, bookkeeper)).errors).toBeUndefined();
  });
});

describe('ApplyRule', () => {
  it('moves the matching entries already on the from-account, whatever their date, only when asked', async () => {
    const github = await createAccount(acme, 'GitHub', 'Expense');
    await book(software, '2025-03-01', 'GitHub Team');
    const rule = await createRule(software, github, 'github', '2026-01-01');
    expect(await entriesOn(github)).toBe(0); // The old entry is before the rule's date.
    await book(software, '2026-11-03', 'GitHub Actions minutes');
    expect(await entriesOn(github)).toBe(0); // A user's new entry is not an import: rules wait.

    const applied = await acme.gql<{ applyRule: { movedCount: number } }>(APPLY_RULE, { id: rule });
    expect(applied.errors).toBeUndefined();
    expect(applied.data?.applyRule).toMatchObject({
      movedCount: 2,
      rule: { id: rule },
      fromAccount: { id: software },
      toAccount: { id: github },
    });
    expect(await entriesOn(github)).toBe(2);
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
    // Applying again finds nothing left to move.
    expect(
      (await acme.gql<{ applyRule: { movedCount: number } }>(APPLY_RULE, { id: rule })).data?.applyRule
        .movedCount,
    ).toBe(0);
  });

  it('refuses a foreign rule and a rule whose from-account is gone', async () => {
    const rule = await createRule(travel, saas, 'Hotel');
    expect((await other.gql(APPLY_RULE, { id: rule })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    await t.db.update(rules).set({ fromAccountId: null }).where(eq(rules.id, rule));
    const orphan = await acme.gql(APPLY_RULE, { id: rule });
    expect(orphan.errors?.[0]).toMatchObject({
      message: 'Rule not found',
      extensions: { code: 'NOT_FOUND' },
    });
  });
});
