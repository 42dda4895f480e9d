import { isIsoDate } from '@keel/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Clock } from '../../../clock';
import type { Db } from '../../../db/client';
import { entries, transactions } from '../../../db/schema';
import { isUuid } from '../../../graphql/context';
import { badLedgerInput } from '../shared/ledgerErrors';
import { entryMatchesSearch } from '../shared/moveEntries';
import { type EntryView, hydrateEntries } from './entryViews';
import { type EntryWindow, entryWindowCondition } from './entryWindow';

export type ReportEntriesFilter = EntryWindow & { entityId: string; accountIds: readonly string[] };

export type ReportEntriesPage = {
  edges: { cursor: string; node: EntryView }[];
  hasNextPage: boolean;
  totalCount: number;
  /** The sum of every matching entry (not only this page), raw debit-positive cents. */
  totalAmount: number;
};

const REPORT_ENTRIES_PAGE_DEFAULT = 50;
const REPORT_ENTRIES_PAGE_MAX = 500;

/**
 * The drawer's entry list (ReportEntries): entries of the accounts in the window (see entryWindow.ts),
 * whose name or memo contains `search` (case-insensitive; blank: all), newest first (date, then id,
 * descending), `first` at a time after the `after` cursor.
 */
export async function listReportEntries(
  db: Db,
  clock: Clock,
  filter: ReportEntriesFilter,
  page: { first?: number | null; after?: string | null; search?: string | null },
): Promise<ReportEntriesPage> {
  const first = page.first ?? REPORT_ENTRIES_PAGE_DEFAULT;
  if (!Number.isInteger(first) || first < 0 || first > REPORT_ENTRIES_PAGE_MAX) {
    throw badLedgerInput(`first must be between 0 and ${REPORT_ENTRIES_PAGE_MAX}`);
  }
  const e = alias(entries, 'e');
  const matching: SQL[] = [
    eq(e.entityId, filter.entityId),
    inArray(e.accountId, [...filter.accountIds]),
    entryWindowCondition(filter, clock),
    entryMatchesSearch(page.search ?? ''),
  ];
  const cursor = page.after ? decodeCursor(page.after) : null;
  const paged = cursor
    ? [...matching, sql`(e.date, e.id) < (${cursor.date}::date, ${cursor.id}::uuid)`]
    : matching;

  const [rows, totals] = await Promise.all([
    db
      .select({ entry: e, transactionType: transactions.transactionType })
      .from(e)
      .innerJoin(transactions, eq(transactions.id, e.transactionId))
      .where(and(...paged))
      .orderBy(desc(e.date), desc(e.id))
      .limit(first + 1),
    db
      .select({
        count: sql<number>`count(*)::int`,
        amount: sql<string>`coalesce(sum(e.amount), 0)::text`,
      })
      .from(e)
      .where(and(...matching)),
  ]);
  const views = await hydrateEntries(
    db,
    rows.slice(0, first).map((row) => ({ ...row.entry, transactionType: row.transactionType })),
  );
  return {
    edges: views.map((node) => ({ cursor: encodeCursor(node), node })),
    hasNextPage: rows.length > first,
    totalCount: Number(totals[0]?.count ?? 0),
    totalAmount: Number(totals[0]?.amount ?? 0),
  };
}

/** A keyset cursor over (date, id), opaque to clients; the transactions list shares it. */
export function encodeCursor(entry: { date: string; id: string }): string {
  return Buffer.from(`${entry.date}|${entry.id}`).toString('base64url');
}

/**
 * The (date, id) of a cursor from encodeCursor, or BAD_USER_INPUT 'Invalid cursor': a real day (that
 * PostgreSQL's date can hold) and a UUID, nothing else.
 */
export function decodeCursor(cursor: string): { date: string; id: string } {
  const [date, id, ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (!isIsoDate(date) || !id || !isUuid(id) || rest.length > 0) throw badLedgerInput('Invalid cursor');
  return { date, id };
}
