import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../../test/ledgerTestKit';
import { accounts, entries } from '../../../db/schema';

/**
 * An entry or forecast saved with no against account is booked on the first bank
 * account in the order the Financial Report grid shows the chart (sort order, depth-first), whatever
 * its depth.
 */
let t: TestApp;
/** Account names by id, so a failure names the accounts. */
const names = new Map<string, string>();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function addAccount(company: LedgerFixture, name: string, parentId: string): Promise<string> {
  const result = await company.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
    { e: company.entityId, p: parentId, n: name },
  );
  expect(result.errors).toBeUndefined();
  const id = result.data!.createAccount.id;
  names.set(id, name);
  return id;
}

const nameOf = (id: string | undefined) => (id ? (names.get(id) ?? id) : id);

/** A new company, its root accounts' names remembered. */
async function createCompany(name: string): Promise<LedgerFixture> {
  const company = await createLedgerFixture(t, name);
  const roots = await t.db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(eq(accounts.entityId, company.entityId));
  for (const root of roots) names.set(root.id, root.name);
  return company;
}

/** Books an entry with no against account and returns the account its other side went to. */
async function defaultAgainstOfEntry(company: LedgerFixture, accountId: string): Promise<string | undefined> {
  const entry = await company.gql<{ createUserTransaction: { transactionId: string } }>(
    `mutation($e: ID!, $a: ID!) {
      createUserTransaction(entityId: $e, accountId: $a, date: "2026-10-15", amount: 1000) { transactionId } }`,
    { e: company.entityId, a: accountId },
  );
  expect(entry.errors).toBeUndefined();
  const legs = await t.db
    .select({ accountId: entries.accountId })
    .from(entries)
    .where(eq(entries.transactionId, entry.data!.createUserTransaction.transactionId));
  return nameOf(legs.find((leg) => leg.accountId !== accountId)?.accountId);
}

/** Saves a forecast with no against account and returns the account it is booked against. */
async function defaultAgainstOfForecast(
  company: LedgerFixture,
  accountId: string,
): Promise<string | undefined> {
  const forecast = await company.gql<{ createForecast: { againstId: string } }>(
    `mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2027-01", amount: 10) { againstId } }`,
    { e: company.entityId, a: accountId },
  );
  expect(forecast.errors).toBeUndefined();
  return nameOf(forecast.data?.createForecast.againstId);
}

describe('the default against account', () => {
  it("books an entry and a forecast on Banks/Operating/Main, the grid's first bank account, not the shallower Banks/Savings", async () => {
    const company = await createCompany('Two Banks');
    const banks = await company.account('Banks');
    const operating = await addAccount(company, 'Operating', banks);
    const savings = await addAccount(company, 'Savings', banks);
    const main = await addAccount(company, 'Main', operating);
    const rent = await addAccount(company, 'Rent', await company.account('Expense'));

    // The grid shows Main (under Operating) before Savings.
    const report = await company.gql<{ report: { lineItems: { accountId: string | null }[] } }>(
      'query($e: ID!) { report(entityId: $e) { lineItems { accountId } } }',
      { e: company.entityId },
    );
    const rows = report.data!.report.lineItems.map((row) => row.accountId);
    expect(rows.indexOf(main)).toBeGreaterThan(-1);
    expect(rows.indexOf(main)).toBeLessThan(rows.indexOf(savings));

    expect(await defaultAgainstOfEntry(company, rent)).toBe('Main');
    expect(await defaultAgainstOfForecast(company, rent)).toBe('Main');
    // Booked on Main itself, the other side goes to the next bank account.
    expect(await defaultAgainstOfEntry(company, main)).toBe('Savings');
  });

  it("falls back to the grid's first account without sub-accounts when Banks has none to offer", async () => {
    const company = await createCompany('One Bank');
    const checking = await addAccount(company, 'Checking', await company.account('Banks'));
    const revenue = await addAccount(company, 'Revenue', await company.account('Income'));
    await addAccount(company, 'Sales', revenue);
    await addAccount(company, 'Rent', await company.account('Expense'));
    // Income/Revenue/Sales comes first in the grid, before the shallower Expense/Rent.
    expect(await defaultAgainstOfEntry(company, checking)).toBe('Sales');
    expect(await defaultAgainstOfForecast(company, checking)).toBe('Sales');
  });
});
