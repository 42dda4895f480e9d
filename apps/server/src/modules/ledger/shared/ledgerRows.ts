import { and, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import {
  accounts,
  entries,
  type entryChanges,
  forecasts,
  reports,
  rules,
  transactions,
} from '../../../db/schema';
import { isUuid } from '../../../graphql/context';
import { accountNotFound, badLedgerInput, derivedForecastRefusal, reportNotFound } from './ledgerErrors';

export type AccountRow = typeof accounts.$inferSelect;
export type EntryRow = typeof entries.$inferSelect;
export type TransactionRow = typeof transactions.$inferSelect;
export type ForecastRow = typeof forecasts.$inferSelect;
export type RuleRow = typeof rules.$inferSelect;
export type EntryChangeRow = typeof entryChanges.$inferSelect;
export type TransactionType = TransactionRow['transactionType'];
export type Scenario = EntryRow['scenario'];

/** An entry with the type of the transaction it belongs to (which decides what may be edited). */
export type TypedEntryRow = EntryRow & { transactionType: TransactionType };

/**
 * The account, unlocked, or null when the id is unknown or not an id at all. Writes lock the accounts
 * they book on through ledgerLocks.ts (lockAccount, lockAccountPair, lockAccounts).
 */
export async function findAccount(db: Db | Tx, id: string): Promise<AccountRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  return row ?? null;
}

/** The entity's account, unlocked; NOT_FOUND 'Account not found' for an unknown or another company's id. */
export async function findAccountInEntity(db: Db | Tx, entityId: string, id: string): Promise<AccountRow> {
  const account = await findAccount(db, id);
  if (!account || account.entityId !== entityId) throw accountNotFound();
  return account;
}

/**
 * The entry with its transaction type, unlocked: a write reads it to learn which transaction to lock
 * (ledgerLocks.ts), then works from the rows it locked.
 */
export async function findEntry(db: Db | Tx, id: string): Promise<TypedEntryRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ entry: entries, transactionType: transactions.transactionType })
    .from(entries)
    .innerJoin(transactions, eq(transactions.id, entries.transactionId))
    .where(eq(entries.id, id))
    .limit(1);
  return row ? { ...row.entry, transactionType: row.transactionType } : null;
}

/** The forecast; `lock` takes FOR UPDATE (after its transaction's lock: see ledgerLocks.ts). */
export async function findForecast(
  db: Db | Tx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<ForecastRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(forecasts).where(eq(forecasts.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function findRule(
  db: Db | Tx,
  id: string,
  options: { lock?: boolean } = {},
): Promise<RuleRow | null> {
  if (!isUuid(id)) return null;
  const query = db.select().from(rules).where(eq(rules.id, id)).limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}

async function findForecastOfTransaction(db: Db | Tx, transactionId: string): Promise<ForecastRow | null> {
  const [row] = await db.select().from(forecasts).where(eq(forecasts.transactionId, transactionId)).limit(1);
  return row ?? null;
}

/** The entries of a transaction, oldest first (a user transaction's entry on its account comes first). */
export async function findTransactionEntries(db: Db | Tx, transactionId: string): Promise<EntryRow[]> {
  return db
    .select()
    .from(entries)
    .where(eq(entries.transactionId, transactionId))
    .orderBy(entries.date, entries.createdAt, entries.id);
}

/**
 * Mutations take an optional `reportId` (the report the person is looking at). When given it must be
 * one of the entity's reports: NOT_FOUND 'Report not found: <id>' (spec §8) otherwise.
 */
export async function assertReportOfEntity(
  db: Db | Tx,
  entityId: string,
  reportId: string | null | undefined,
): Promise<void> {
  if (reportId === null || reportId === undefined) return;
  if (isUuid(reportId)) {
    const [row] = await db
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.id, reportId), eq(reports.entityId, entityId)))
      .limit(1);
    if (row) return;
  }
  throw reportNotFound(reportId);
}

/** Account names by id, for history rows that record which account an entry was on. */
export async function accountNamesById(db: Db | Tx, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, name: accounts.name })
    .from(accounts)
    .where(inArray(accounts.id, unique));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** The entity's accounts with these ids; NOT_FOUND 'Account not found' when any is unknown or foreign. */
export async function findAccountsInEntity(
  db: Db | Tx,
  entityId: string,
  ids: readonly string[],
): Promise<AccountRow[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  if (!unique.every(isUuid)) throw accountNotFound();
  const rows = await db
    .select()
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), inArray(accounts.id, unique)));
  if (rows.length !== unique.length) throw accountNotFound();
  return rows;
}

/** Refuses a direct write to a derived forecast: a model's or the hiring plan's (derivedForecastRefusal). */
export async function assertNotDerivedForecast(db: Db | Tx, transactionId: string): Promise<void> {
  const forecast = await findForecastOfTransaction(db, transactionId);
  const refusal = forecast ? derivedForecastRefusal(forecast.kind) : null;
  if (refusal) throw badLedgerInput(refusal);
}
