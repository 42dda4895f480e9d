import { createEntity } from '../src/modules/entities/service';
import type { TestApp } from './harness';
import { insertTestLedger, type TestTransaction } from './insertTestLedger';
import { createSignedInUser } from './users';

/**
 * The golden company of reportGolden.test.ts (every figure worked out by hand there), its transactions
 * named so a search finds them. With today 2026-11-22: cash $94,250.00 at the end of Nov 2026; runway 4
 * months (cash turns negative in Mar 2027, -$5,750.00); Nov 2026 income $6,000.00 and expense
 * $10,000.00 (net burn $4,000.00, the Sep–Nov average $1,333.33); spend by category in Nov 2026:
 * Salaries $8,000.00, Rent $2,000.00; Jun 2026 income $4,000.00, expense $100.00.
 */
export const GOLDEN_ACCOUNTS = [
  'Income/Revenue',
  'Income/Revenue/Subscriptions',
  'Income/Revenue/Services',
  'Expense/Operating Expenses',
  'Expense/Operating Expenses/Payroll',
  'Expense/Operating Expenses/Payroll/Salaries',
  'Expense/Operating Expenses/Facilities',
  'Expense/Operating Expenses/Facilities/Rent',
  'Expense/Operating Expenses/Software',
  'Expense/Operating Expenses/Software/SaaS',
  'Banks/Checking',
  'Credit Cards/Amex',
  'Other/Paid-in Capital',
];

const CHECKING = 'Banks/Checking';
const SUBSCRIPTIONS = 'Income/Revenue/Subscriptions';
export const SALARIES = 'Expense/Operating Expenses/Payroll/Salaries';
export const RENT = 'Expense/Operating Expenses/Facilities/Rent';
const AMEX = 'Credit Cards/Amex';

const pair = (
  date: string,
  name: string,
  debit: string,
  credit: string,
  cents: number,
  scenario: 'actual' | 'forecast' = 'actual',
) => ({ date, name, scenario, entries: { [debit]: cents, [credit]: -cents } }) satisfies TestTransaction;

const GOLDEN_TRANSACTIONS: TestTransaction[] = [
  pair('2025-09-15', 'Seed round', CHECKING, 'Other/Paid-in Capital', 10_000_000),
  pair('2025-10-05', 'Globex subscription', CHECKING, SUBSCRIPTIONS, 300_000),
  pair('2025-12-20', 'Initech consulting', CHECKING, 'Income/Revenue/Services', 150_000),
  pair('2025-12-28', 'Office rent December', RENT, CHECKING, 200_000),
  pair('2026-01-10', 'Payroll January', SALARIES, CHECKING, 800_000),
  pair('2026-03-03', 'Figma seats', 'Expense/Operating Expenses/Software/SaaS', AMEX, 25_000),
  pair('2026-03-25', 'Amex payment', AMEX, CHECKING, 25_000),
  pair('2026-06-15', 'Globex subscription', CHECKING, SUBSCRIPTIONS, 400_000),
  pair('2026-06-30', 'Team offsite', 'Expense/Operating Expenses', AMEX, 10_000),
  pair('2026-11-02', 'Payroll November', SALARIES, CHECKING, 800_000),
  pair('2026-11-10', 'Office rent November', RENT, CHECKING, 200_000),
  pair('2026-11-15', 'Globex subscription', CHECKING, SUBSCRIPTIONS, 600_000),
  pair('2026-12-05', 'Globex prepayment', CHECKING, SUBSCRIPTIONS, 999_900),
  pair('2026-11-20', 'Salaries plan', SALARIES, CHECKING, 700_000, 'forecast'),
  ...['2026-12-01', '2027-01-01', '2027-02-01', '2027-03-01'].flatMap((date) => [
    pair(date, 'Salaries plan', SALARIES, CHECKING, 3_000_000, 'forecast'),
    pair(date, 'Subscriptions plan', CHECKING, SUBSCRIPTIONS, 500_000, 'forecast'),
  ]),
];

/** A new golden company owned by a new signed-in user: its id, the owner and every account id by path. */
export async function createGoldenCompany(t: TestApp, email: string, name = 'Golden Co') {
  const owner = await createSignedInUser(t, email);
  const entityId = (await createEntity(t.db, t.clock, owner.user.id, name)).id;
  const accountIds = await insertTestLedger(t.db, entityId, {
    accounts: GOLDEN_ACCOUNTS,
    transactions: GOLDEN_TRANSACTIONS,
  });
  return { owner, entityId, accountIds };
}
