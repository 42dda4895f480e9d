import { addMonths, monthBounds } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { feedPage, parseFeedCursor } from './sandboxFeed';
import { activityBetween, activityOfMonth, addDays, sandboxBalanceOn } from './sandboxHistory';
import { SANDBOX_EPOCH, SANDBOX_INSTITUTIONS } from './sandboxInstitutions';

/** The aggregator sandboxes' simulated activity and feed: pure functions of the institution and the day. */

const platypus = SANDBOX_INSTITUTIONS.find((row) => row.id === 'ins_109508')!;
const link = { providerLinkId: 'item-a', historyStart: '2026-08-24' };

/** Every page of the feed from a cursor to a day. */
function readAll(cursor: string | null, today: string, count = 37) {
  const pages = [];
  let next = cursor;
  for (;;) {
    const page = feedPage(platypus, link, parseFeedCursor(next)!, today, count);
    pages.push(page);
    next = page.nextCursor;
    if (!page.hasMore) return { pages, cursor: next };
  }
}

describe('the sandbox institutions', () => {
  it('generate the same month every time, in integer cents, dated within the month', () => {
    const first = activityOfMonth(platypus, '2026-10');
    expect(activityOfMonth(platypus, '2026-10')).toBe(first);
    expect(first.length).toBeGreaterThan(40);
    expect(first.every((row) => Number.isInteger(row.pendingAmount) && row.date.startsWith('2026-10'))).toBe(
      true,
    );
    expect(activityOfMonth(platypus, addMonths('2024-01', -1))).toEqual([]);
  });

  it("keep balances consistent with the activity and every account's balance in range for years", () => {
    for (const institution of SANDBOX_INSTITUTIONS) {
      for (const account of institution.accounts) {
        const day = '2026-11-22';
        const next = addDays(day, 1);
        const moved = activityBetween(institution, next, next)
          .filter((row) => row.accountKey === account.key)
          .reduce((sum, row) => sum + row.pendingAmount, 0);
        // The day after: the day's new (pending) transactions, and the ones 2 days old now posted.
        const posting = activityBetween(institution, addDays(day, -1), addDays(day, -1))
          .filter((row) => row.accountKey === account.key)
          .reduce((sum, row) => sum + row.postedAmount - row.pendingAmount, 0);
        expect(sandboxBalanceOn(institution, account, next)).toBe(
          sandboxBalanceOn(institution, account, day) + moved + posting,
        );
        for (let month = '2024-01'; month <= '2034-12'; month = addMonths(month, 6)) {
          const balance = sandboxBalanceOn(institution, account, monthBounds(month).lastDay);
          if (account.type === 'depository' || account.type === 'investment') {
            expect(balance, `${account.name} ${month}`).toBeGreaterThan(0);
          } else {
            expect(balance, `${account.name} ${month}`).toBeLessThanOrEqual(0);
          }
        }
      }
    }
    expect(SANDBOX_EPOCH).toBe('2024-01-01');
  });

  it('feeds the history once: pages add up to it, and a later day posts the pending ones under new ids', () => {
    const first = readAll(null, '2026-11-22');
    const added = first.pages.flatMap((page) => page.added);
    expect(new Set(added.map((row) => row.transactionId)).size).toBe(added.length);
    expect(added.map((row) => row.date).sort()[0]).toBe('2026-08-24');
    const pending = added.filter((row) => row.pending);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((row) => row.date >= '2026-11-21')).toBe(true);
    expect(readAll(first.cursor, '2026-11-22').pages.flatMap((page) => page.added)).toEqual([]);

    const later = readAll(first.cursor, '2026-11-24');
    const posted = later.pages.flatMap((page) => page.added).filter((row) => row.pendingTransactionId);
    const removed = later.pages.flatMap((page) => page.removed).map((row) => row.transactionId);
    expect(posted.map((row) => row.pendingTransactionId).sort()).toEqual(
      pending.map((row) => row.transactionId).sort(),
    );
    expect(removed.sort()).toEqual(pending.map((row) => row.transactionId).sort());
    expect(posted.every((row) => !row.pending && !removed.includes(row.transactionId))).toBe(true);
  });

  it('finishes a difference begun for an earlier day, then catches up to today', () => {
    const page = feedPage(platypus, link, parseFeedCursor(null)!, '2026-11-20', 50);
    expect(page.hasMore).toBe(true);
    const rest = readAll(page.nextCursor, '2026-11-22');
    const all = [page, ...rest.pages].flatMap((one) => one.added);
    const live = new Set(all.map((row) => row.transactionId));
    for (const gone of rest.pages.flatMap((one) => one.removed)) live.delete(gone.transactionId);
    const direct = readAll(null, '2026-11-22').pages.flatMap((one) => one.added);
    expect([...live].sort()).toEqual(direct.map((row) => row.transactionId).sort());
    expect(parseFeedCursor('v1:2026-11-22:x')).toBeNull();
    expect(parseFeedCursor('bogus')).toBeNull();
  });
});
