import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../../db/client';
import { entries } from '../../../db/schema';
import {
  type AmountEdit,
  deleteEntries,
  insertEntries,
  renameEntries,
  updateEntryAmounts,
} from './entryWrites';
import type { EntryRow, ForecastRow } from './ledgerRows';
import { occurrenceEntries } from './occurrenceEntries';

/** A month a forecast writes with its own figure, in raw debit-positive cents on its account. */
type ForecastMonthFigure = { month: string; cents: number };

type ForecastEntryRevision = {
  /** The name its entries carry (they are renamed when it differs). */
  name: string;
  /** The memo new entries carry (default none). */
  memo?: string;
  /** The months it should hold, each its own amount. */
  months: readonly ForecastMonthFigure[];
  /** Months before this one are left as they are (see DerivedForecastInput.keepBefore). */
  keepBefore?: string;
};

/**
 * Brings a forecast whose months each carry their own figure (a derived forecast, a percentage
 * forecast) to `revision.months` in place, touching only what differs: a month whose figure changed
 * gets its two entries' new amounts (one statement for all), a month no longer written loses its
 * entries (unless before `keepBefore`), a new month gets a pair (the amount on the account, its
 * negation on the against account, dated the first of the month). Entries whose name differs are
 * renamed. When nothing differs nothing is written, so the ledger version (and the report cache)
 * stays. The caller has locked the forecast's accounts and transaction. Returns the months before
 * `keepBefore` that it kept, with their figures, oldest first.
 */
export async function reviseForecastEntries(
  tx: Tx,
  userId: string | null,
  now: Date,
  forecast: ForecastRow,
  revision: ForecastEntryRevision,
): Promise<ForecastMonthFigure[]> {
  const wanted = new Map(revision.months.map(({ month, cents }) => [month, cents]));
  const current = await tx.select().from(entries).where(eq(entries.transactionId, forecast.transactionId));
  const pairs = new Map<string, { own?: EntryRow; against?: EntryRow }>();
  const stray: EntryRow[] = [];
  for (const row of current) {
    const month = row.date.slice(0, 7);
    const pair = pairs.get(month) ?? {};
    pairs.set(month, pair);
    if (row.accountId === forecast.accountId && !pair.own && row.date === `${month}-01`) pair.own = row;
    else if (row.accountId === forecast.againstAccountId && !pair.against && row.date === `${month}-01`)
      pair.against = row;
    else stray.push(row);
  }
  const isKept = (month: string) => revision.keepBefore !== undefined && month < revision.keepBefore;
  const edits: AmountEdit[] = [];
  const removed: EntryRow[] = stray.filter((row) => !isKept(row.date.slice(0, 7)));
  for (const [month, pair] of pairs) {
    if (isKept(month)) continue;
    const cents = wanted.get(month);
    if (cents === undefined || !pair.own || !pair.against) {
      removed.push(...[pair.own, pair.against].filter((row): row is EntryRow => row !== undefined));
      continue;
    }
    edits.push({ before: pair.own, amount: cents }, { before: pair.against, amount: -cents });
  }
  const added = revision.months.filter(({ month }) => {
    const pair = pairs.get(month);
    return !isKept(month) && (!pair?.own || !pair.against);
  });
  if (removed.length > 0) {
    await deleteEntries(
      tx,
      inArray(
        entries.id,
        removed.map((row) => row.id),
      ),
      userId,
      now,
    );
  }
  await updateEntryAmounts(tx, edits, userId, now);
  await renameEntries(
    tx,
    current.filter((row) => !removed.includes(row)),
    revision.name,
    userId,
    now,
  );
  const text = { name: revision.name, memo: revision.memo ?? '' };
  await insertEntries(
    tx,
    added.flatMap(({ month, cents }) => occurrenceEntries(forecast, text, month, cents)),
    userId,
    now,
  );
  return [...pairs.entries()]
    .filter(([month, pair]) => isKept(month) && pair.own)
    .map(([month, pair]) => ({ month, cents: pair.own?.amount ?? 0 }))
    .sort((a, b) => a.month.localeCompare(b.month));
}
