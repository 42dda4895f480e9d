import { describe, expect, it } from 'vitest';
import { AccountingError, type QuickbooksTransaction } from './index';
import { generateSandboxActivity } from './sandboxActivity';
import { SANDBOX_COMPANIES } from './sandboxCompanies';
import { addDays } from './sandboxDays';
import { sandboxAccountsOn, sandboxTransactionsPage } from './sandboxFeed';

/**
 * The QuickBooks sandbox's company files: deterministic, balanced, their balances the sum of their
 * lines, and their listings consistent (pages cover a listing once; the history on a day plus the
 * changes since equals the history on a later day).
 */

const [company, other] = SANDBOX_COMPANIES as [
  (typeof SANDBOX_COMPANIES)[number],
  (typeof SANDBOX_COMPANIES)[number],
];
const START = '2025-11-22';
const FIRST_DAY = '2026-11-22';

/** Every page of a listing from `cursor`, following its cursors while they say there is more. */
function listAll(cursor: string | null, today: string, pageSize: number) {
  const transactions: QuickbooksTransaction[] = [];
  let next = cursor;
  for (let guard = 0; guard < 1_000; guard++) {
    const page = sandboxTransactionsPage(company, START, { cursor: next, today, pageSize });
    transactions.push(...page.transactions);
    next = page.nextCursor;
    if (!page.hasMore) return { transactions, cursor: next, total: page.total };
  }
  throw new Error('The listing never ended');
}

/** What a client holds after applying listings: the transactions by type and id. */
function apply(held: Map<string, QuickbooksTransaction>, listed: readonly QuickbooksTransaction[]) {
  for (const transaction of listed) {
    const key = `${transaction.entityType}:${transaction.id}`;
    if (transaction.deleted) held.delete(key);
    else held.set(key, transaction);
  }
  return held;
}

describe('the sandbox company file', () => {
  it('is the same file on every call, and later days never change earlier ids', () => {
    const year = generateSandboxActivity(company, START, FIRST_DAY);
    expect(generateSandboxActivity(company, START, FIRST_DAY)).toEqual(year);
    expect(year.length).toBeGreaterThan(600);
    const longer = generateSandboxActivity(company, START, addDays(FIRST_DAY, 30));
    expect(longer.slice(0, year.length)).toEqual(year);
    expect(new Set(longer.map((row) => row.id)).size).toBe(longer.length);
    const theirs = generateSandboxActivity(other, START, FIRST_DAY);
    expect(theirs.map((row) => row.original.lines)).not.toEqual(year.map((row) => row.original.lines));
  });

  it('balances every transaction, in integer cents', () => {
    for (const row of generateSandboxActivity(company, START, addDays(FIRST_DAY, 30))) {
      for (const version of [row.original, ...(row.edit ? [row.edit] : [])]) {
        expect(version.lines.every((line) => Number.isSafeInteger(line.amount))).toBe(true);
        expect(
          version.lines.reduce((sum, line) => sum + line.amount, 0),
          `${row.entityType} ${row.id}`,
        ).toBe(0);
      }
    }
  });

  it("states balances that are the sum of the listed lines, and assets equal liabilities, equity and the year's profit", () => {
    for (const day of [FIRST_DAY, addDays(FIRST_DAY, 9)]) {
      const { transactions } = listAll(null, day, 500);
      const sums = new Map<string, number>();
      for (const transaction of transactions) {
        for (const line of transaction.lines)
          sums.set(line.accountId, (sums.get(line.accountId) ?? 0) + line.amount);
      }
      let assets = 0;
      let claims = 0;
      let profit = 0;
      for (const account of sandboxAccountsOn(company, START, day)) {
        const sum = sums.get(account.id) ?? 0;
        if (account.classification === 'Asset') {
          expect(account.currentBalance, account.name).toBe(sum);
          assets += account.currentBalance;
        } else if (account.classification === 'Liability' || account.classification === 'Equity') {
          expect(account.currentBalance, account.name).toBe(-sum);
          claims += account.currentBalance;
        } else {
          expect(account.currentBalance, account.name).toBe(0);
          profit -= sum;
        }
      }
      expect(assets).toBe(claims + profit);
      expect(sums.get('35') ?? 0).toBeGreaterThan(0);
    }
  });

  it('pages a listing exactly once whatever the page size', () => {
    const whole = listAll(null, FIRST_DAY, 500);
    const paged = listAll(null, FIRST_DAY, 37);
    expect(paged.transactions).toEqual(whole.transactions);
    const second = sandboxTransactionsPage(company, START, {
      cursor: sandboxTransactionsPage(company, START, { cursor: null, today: FIRST_DAY, pageSize: 37 })
        .nextCursor,
      today: FIRST_DAY,
      pageSize: 37,
    });
    expect(second).toMatchObject({ offset: 37, total: whole.transactions.length, hasMore: true });
    expect(paged.total).toBe(whole.transactions.length);
    expect(paged.cursor).toBe(`qbo1:since:${FIRST_DAY}`);
    expect(sandboxTransactionsPage(company, START, { cursor: paged.cursor, today: FIRST_DAY })).toMatchObject(
      {
        transactions: [],
        hasMore: false,
        total: 0,
      },
    );
  });

  it('gives, after the history of one day, the changes that make it the history of a later day', () => {
    for (const [from, days] of [
      [FIRST_DAY, 7],
      ['2026-03-10', 45],
      ['2026-06-30', 1],
    ] as const) {
      const to = addDays(from, days);
      const first = listAll(null, from, 100);
      const changes = listAll(first.cursor, to, 50);
      expect(changes.cursor).toBe(`qbo1:since:${to}`);
      const held = apply(apply(new Map(), first.transactions), changes.transactions);
      const fresh = apply(new Map(), listAll(null, to, 500).transactions);
      expect([...held.entries()].sort()).toEqual([...fresh.entries()].sort());
    }
    // The week after the first authorization has a correction and a deletion of earlier purchases.
    const week = listAll(`qbo1:since:${FIRST_DAY}`, addDays(FIRST_DAY, 7), 100).transactions;
    expect(week.some((row) => row.deleted && row.txnDate <= FIRST_DAY)).toBe(true);
    expect(week.some((row) => !row.deleted && row.syncToken === '1' && row.txnDate <= FIRST_DAY)).toBe(true);
  });

  it('keeps a listing begun on one day the same when it is continued on a later one', () => {
    const page = sandboxTransactionsPage(company, START, { cursor: null, today: FIRST_DAY, pageSize: 100 });
    const continued = listAll(page.nextCursor, addDays(FIRST_DAY, 3), 200);
    const whole = listAll(null, FIRST_DAY, 500);
    expect([...page.transactions, ...continued.transactions].slice(0, whole.transactions.length)).toEqual(
      whole.transactions,
    );
    expect(continued.cursor).toBe(`qbo1:since:${addDays(FIRST_DAY, 3)}`);
  });

  it('refuses a cursor it did not give', () => {
    for (const cursor of [
      '',
      'qbo1:all:nope:0',
      'qbo1:since:2026-13-40',
      'qbo2:since:2026-01-01',
      'qbo1:all:2026-01-01:99999',
    ]) {
      expect(() => sandboxTransactionsPage(company, START, { cursor, today: FIRST_DAY })).toThrow(
        AccountingError,
      );
    }
  });
});
