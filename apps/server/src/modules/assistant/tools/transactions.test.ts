import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoldenForTools, type GoldenCompany } from '../../../../test/goldenToolsKit';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { listBookkeepingTransactions } from '../../transactions/service';
import { searchTransactions } from './searchTransactions';
import type { ToolDeps } from './toolTypes';
import { transactions } from './transactions';

/**
 * The transactions tool on the golden company: counts and sums over every match in the period, the
 * Transactions page's notion of a transaction and its amount (listBookkeepingTransactions), and a second
 * company with the very same books in the same database that is never read.
 */

let t: TestApp;
let deps: ToolDeps;
let golden: GoldenCompany;

beforeAll(async () => {
  t = await createTestApp();
  ({ deps, golden } = await createGoldenForTools(
    t,
    'transactions-tool@golden.test',
    'transactions-tool-twin@golden.test',
  ));
});
afterAll(() => t.close());

describe('transactions', () => {
  it("counts and sums every match with the Transactions page's amounts", async () => {
    const all = await transactions(deps, golden.entityId, { limit: 20 });
    // The page's own list of the company's transactions: the same rows and amounts.
    const page = await listBookkeepingTransactions(t.db, { entityId: golden.entityId }, { first: 100 });
    expect(all.data.transactions).toEqual(
      page.edges.map(({ node }) => ({
        id: node.id,
        date: node.date,
        name: node.name,
        amountCents: node.amount,
        accountName: node.accountName,
        categoryName: node.categoryName,
      })),
    );
    const amounts = page.edges.map(({ node }) => node.amount);
    // By hand: the 13 booked transactions (forecasts are not transactions of the page). In: Globex
    // $3,000 + $4,000 + $6,000 + $9,999, Initech $1,500. Out: rent $2,000 twice, payroll $8,000 twice,
    // Figma $250 (on Amex), the Amex payment $250 (from Checking), the offsite $100, and the seed round
    // $100,000: the page takes the side of a transaction from its accounts of a group (banks, cards,
    // other) and, among them, the most negative entry, which for the seed round is Paid-in Capital's.
    expect(all.data).toMatchObject({
      text: null,
      from: null,
      to: null,
      direction: 'any',
      count: 13,
      inCents: 2_449_900,
      outCents: 12_060_000,
    });
    expect(all.data.inCents).toBe(amounts.filter((a) => a > 0).reduce((s, a) => s + a, 0));
    expect(all.data.outCents).toBe(-amounts.filter((a) => a < 0).reduce((s, a) => s + a, 0));
    // The totals cover every match, not only those listed.
    const two = await transactions(deps, golden.entityId, { limit: 2 });
    expect(two.data).toMatchObject({ count: 13, inCents: 2_449_900, outCents: 12_060_000 });
    expect(two.data.transactions.map((x) => x.name)).toEqual(['Globex prepayment', 'Globex subscription']);
  });

  it('filters by name, months and direction, sorts by size, and cites each listed one and the total', async () => {
    const globex = await transactions(deps, golden.entityId, {
      text: 'GLOBEX',
      from: '2026-06',
      to: '2026-11',
    });
    expect(globex.data).toMatchObject({ text: 'GLOBEX', count: 2, inCents: 1_000_000, outCents: 0 });
    expect(globex.data.transactions.map((x) => [x.date, x.amountCents])).toEqual([
      ['2026-11-15', 600_000],
      ['2026-06-15', 400_000],
    ]);
    const november = await transactions(deps, golden.entityId, {
      text: 'payroll',
      direction: 'out',
      from: '2026-11',
      to: '2026-11',
    });
    expect(november.data).toMatchObject({ count: 1, outCents: 800_000, inCents: 0 });
    expect(november.citations).toEqual([
      {
        label: 'Payroll November on 2026-11-02',
        amountCents: -800_000,
        accountId: golden.accountIds.get('Banks/Checking'),
        accountName: 'Checking',
        month: '2026-11',
        reportUrl: '/financial?account=Banks%2FChecking&month=2026-11&type=actual&expand=true',
      },
      {
        label: 'Paid to payroll in Nov 2026',
        amountCents: 800_000,
        accountId: null,
        accountName: null,
        month: '2026-11',
        reportUrl: '/transactions?search=payroll',
      },
    ]);
    const out = await transactions(deps, golden.entityId, { direction: 'out', sort: 'largest', limit: 3 });
    expect(out.data).toMatchObject({ count: 8, outCents: 12_060_000, inCents: 0 });
    expect(out.data.transactions.map((x) => [x.name, x.amountCents])).toEqual([
      ['Seed round', -10_000_000],
      ['Payroll November', -800_000],
      ['Payroll January', -800_000],
    ]);
    const largest = await transactions(deps, golden.entityId, { sort: 'largest', limit: 2 });
    expect(largest.data.transactions.map((x) => x.name)).toEqual(['Seed round', 'Globex prepayment']);
    const incoming = await transactions(deps, golden.entityId, { direction: 'in', to: '2025-12' });
    expect(incoming.data).toMatchObject({ count: 2, inCents: 450_000, outCents: 0 });
    expect(incoming.citations.at(-1)).toMatchObject({
      label: 'Received from anyone through Dec 2025',
      amountCents: 450_000,
      reportUrl: '/transactions',
    });
    const spaced = await transactions(deps, golden.entityId, { text: 'office rent', direction: 'any' });
    expect(spaced.citations.at(-1)).toMatchObject({
      label: 'Net of transactions matching "office rent"',
      amountCents: -400_000,
      reportUrl: '/transactions?search=office%20rent',
    });
  });

  it('takes % and _ in the text literally', async () => {
    for (const text of ['%', '_', 'Globex%']) {
      expect((await transactions(deps, golden.entityId, { text })).data.count).toBe(0);
    }
  });

  it('refuses bad arguments naming them', async () => {
    const refusals: [unknown, RegExp][] = [
      [{ text: 'x'.repeat(101) }, /^text: /],
      [{ text: '   ' }, /^text: must not be empty$/],
      [{ limit: 0 }, /^limit: /],
      [{ limit: 21 }, /^limit: /],
      [{ direction: 'sideways' }, /^direction: /],
      [{ sort: 'oldest' }, /^sort: /],
      [{ from: '2026-13' }, /^from: must be a month, YYYY-MM$/],
      [{ to: '2045-01' }, /^to: must be between 2022-01 and 2031-03$/],
      [{ from: '2026-05', to: '2026-04' }, /^to: must not be before from$/],
      [{ account: 'Checking' }, /Unrecognized key/],
    ];
    for (const [args, message] of refusals) {
      await expect(transactions(deps, golden.entityId, args)).rejects.toThrow(message);
    }
  });
});

describe('searchTransactions', () => {
  it('finds by name, newest first, with the count of every match', async () => {
    const found = await searchTransactions(deps, golden.entityId, { text: 'globex', limit: 3 });
    expect(found.data).toMatchObject({ text: 'globex', count: 4 });
    expect(found.data.transactions.map((x) => [x.date, x.amountCents])).toEqual([
      ['2026-12-05', 999_900],
      ['2026-11-15', 600_000],
      ['2026-06-15', 400_000],
    ]);
    expect(found.citations[0]).toMatchObject({
      label: 'Globex prepayment on 2026-12-05',
      accountId: golden.accountIds.get('Banks/Checking'),
      month: '2026-12',
      reportUrl: '/financial?account=Banks%2FChecking&month=2026-12&type=forecast&expand=true',
    });
  });
});
