import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_TODAY, type TestApp } from '../../../test/harness';
import { createLedgerFixture, rollupMismatches, unbalancedTransactions } from '../../../test/ledgerTestKit';
import { booksBalance, linkPlaid, syncLink } from '../../../test/linkingTestKit';
import { importedTransactions, linkedAccounts, transactions } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import type { AggregatorTransaction, TransactionsPage } from '../../providers/aggregators';
import { applyTransactionsPage } from './applyTransactionsPage';
import { findBankLink, type LinkedAccountRow } from './bankLinkRows';

/**
 * One page of a feed whose transactions meet each other: the rules of applyTransactionsPage hold
 * within a page as across pages, though the page's rows are read once at its start.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());

type Linked = Awaited<ReturnType<typeof linkedCompany>>;

/** A company with a synced sandbox bank: its link id, checking account, and a page writer. */
async function linkedCompany(name: string) {
  const company = await createLedgerFixture(t, name);
  const { itemId } = await linkPlaid(t, company);
  await syncLink(t, itemId);
  const rows = await t.db.select().from(linkedAccounts).where(eq(linkedAccounts.linkId, itemId));
  const checking = rows.find((row) => row.subtype === 'checking') ?? rows[0];
  if (!checking?.ledgerAccountId) throw new Error('no linked checking account');
  return { company, itemId, checking: { ...checking, ledgerAccountId: checking.ledgerAccountId } };
}

/** Writes `page` as the link's next page, from its saved cursor. */
async function applyPage(linkId: string, page: Omit<TransactionsPage, 'nextCursor' | 'hasMore'>) {
  const link = await findBankLink(t.db, linkId);
  if (!link) throw new Error('no link');
  const accounts = new Map<string, LinkedAccountRow>(
    (await t.db.select().from(linkedAccounts).where(eq(linkedAccounts.linkId, linkId))).map((row) => [
      row.providerAccountId,
      row,
    ]),
  );
  return writeTransaction(t.db, (tx) =>
    applyTransactionsPage(tx, t.clock, {
      link,
      cursor: link.syncCursor,
      page: { ...page, nextCursor: `${link.syncCursor ?? ''}+`, hasMore: false },
      accounts,
    }),
  );
}

let sequence = 0;
/** A transaction on the linked account, dated today unless said. */
function made(account: LinkedAccountRow, fields: Partial<AggregatorTransaction>): AggregatorTransaction {
  sequence += 1;
  return {
    transactionId: `page-test-${sequence}`,
    accountId: account.providerAccountId,
    date: TEST_TODAY,
    name: `Page test ${sequence}`,
    merchantName: null,
    category: null,
    amount: -1_000,
    pending: false,
    pendingTransactionId: null,
    ...fields,
  };
}

const rowsNamed = (linked: Linked, name: string) =>
  t.db
    .select()
    .from(importedTransactions)
    .where(
      and(eq(importedTransactions.entityId, linked.company.entityId), eq(importedTransactions.name, name)),
    );

async function expectBooksWhole(linked: Linked) {
  expect(await unbalancedTransactions(t.db, linked.company.entityId)).toEqual([]);
  expect(await rollupMismatches(t.db, linked.company.entityId)).toEqual([]);
}

describe('a page whose transactions meet each other', () => {
  it('books a transaction listed twice once, as its second listing says', async () => {
    const linked = await linkedCompany('Twice');
    const before = await booksBalance(t, linked.checking.ledgerAccountId);
    const first = made(linked.checking, { name: 'Twice listed', amount: -2_500 });
    const counts = await applyPage(linked.itemId, {
      added: [first],
      modified: [{ ...first, amount: -2_750 }],
      removed: [],
    });
    expect(counts).toEqual({ added: 1, updated: 1, removed: 0 });
    const rows = await rowsNamed(linked, 'Twice listed');
    expect(rows.map((row) => row.amount)).toEqual([-2_750]);
    expect(await booksBalance(t, linked.checking.ledgerAccountId)).toBe(before - 2_750);
    await expectBooksWhole(linked);
  });

  it('lets a posted transaction take the pending row the same page added, in place', async () => {
    const linked = await linkedCompany('Posts');
    const before = await booksBalance(t, linked.checking.ledgerAccountId);
    const pending = made(linked.checking, { name: 'Cafe', amount: -1_200, pending: true });
    const posted = made(linked.checking, {
      name: 'Cafe',
      amount: -1_440,
      pendingTransactionId: pending.transactionId,
    });
    const counts = await applyPage(linked.itemId, {
      added: [pending, posted],
      modified: [],
      removed: [{ transactionId: pending.transactionId, accountId: pending.accountId }],
    });
    // The pending row is the posted one now, so its removal finds nothing left to remove.
    expect(counts).toEqual({ added: 1, updated: 1, removed: 0 });
    const rows = await rowsNamed(linked, 'Cafe');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      providerTransactionId: posted.transactionId,
      replacesProviderTransactionId: pending.transactionId,
      pending: false,
      amount: -1_440,
      removedAt: null,
    });
    const booked = await t.db
      .select()
      .from(transactions)
      .where(eq(transactions.externalId, rows[0]?.id ?? ''));
    expect(booked).toHaveLength(1);
    expect(await booksBalance(t, linked.checking.ledgerAccountId)).toBe(before - 1_440);
    await expectBooksWhole(linked);
  });

  it('removes what the same page added, and its transaction leaves the books', async () => {
    const linked = await linkedCompany('Removed');
    const before = await booksBalance(t, linked.checking.ledgerAccountId);
    const gone = made(linked.checking, { name: 'Gone at once', amount: -900 });
    const counts = await applyPage(linked.itemId, {
      added: [gone],
      modified: [],
      removed: [{ transactionId: gone.transactionId, accountId: gone.accountId }],
    });
    expect(counts).toEqual({ added: 1, updated: 0, removed: 1 });
    const [row] = await rowsNamed(linked, 'Gone at once');
    expect(row?.removedAt).not.toBeNull();
    expect(row?.transactionId).toBeNull();
    expect(await booksBalance(t, linked.checking.ledgerAccountId)).toBe(before);
    await expectBooksWhole(linked);
  });

  it('adopts two identical purchases of an earlier link one each, booking neither again', async () => {
    const linked = await linkedCompany('Identical');
    const purchase = { name: 'Two coffees', amount: -450, date: TEST_TODAY };
    await applyPage(linked.itemId, {
      added: [made(linked.checking, purchase), made(linked.checking, purchase)],
      modified: [],
      removed: [],
    });
    const earlier = await rowsNamed(linked, 'Two coffees');
    expect(earlier).toHaveLength(2);
    const balance = await booksBalance(t, linked.checking.ledgerAccountId);
    // As a re-link's feed does: the same activity under new ids, from another link of the account.
    await t.db
      .update(importedTransactions)
      .set({ details: sql`jsonb_set(${importedTransactions.details}, '{link}', '"an-earlier-link"')` })
      .where(
        and(
          eq(importedTransactions.entityId, linked.company.entityId),
          isNull(importedTransactions.removedAt),
        ),
      );
    const relinked = [made(linked.checking, purchase), made(linked.checking, purchase)];
    const counts = await applyPage(linked.itemId, { added: relinked, modified: [], removed: [] });
    expect(counts).toEqual({ added: 0, updated: 2, removed: 0 });
    const after = await rowsNamed(linked, 'Two coffees');
    expect(after.map((row) => row.id).sort()).toEqual(earlier.map((row) => row.id).sort());
    expect(after.map((row) => row.transactionId).sort()).toEqual(
      earlier.map((row) => row.transactionId).sort(),
    );
    // Each earlier copy taken by one of the two, both now this link's.
    expect(after.map((row) => row.providerTransactionId).sort()).toEqual(
      relinked.map((transaction) => transaction.transactionId).sort(),
    );
    expect(after.map((row) => (row.details as { link?: string }).link)).toEqual([
      linked.itemId,
      linked.itemId,
    ]);
    expect(await booksBalance(t, linked.checking.ledgerAccountId)).toBe(balance);
    await expectBooksWhole(linked);
  });
});
