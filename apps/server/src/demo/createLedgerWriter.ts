import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { IdFactory } from './createIdFactory';
import type { GeneratedTransaction } from './generatedTransaction';

type LedgerWriter = {
  /** Buffers transactions and writes a batch whenever enough entries are waiting. */
  add(transactions: readonly GeneratedTransaction[]): Promise<void>;
  /** Writes what is left; returns how many rows were written in all. */
  finish(): Promise<{ transactions: number; entries: number }>;
};

/**
 * Writes generated transactions and their entries in large batches: one INSERT ... SELECT FROM unnest()
 * per table per batch, each column sent as one array parameter. Works the same on PGlite and PostgreSQL
 * and avoids both one-row statements and the 65,535-parameter ceiling of multi-row VALUES.
 * Rows get created_at noon UTC of their date, so generated books are the same on every run.
 */
export function createLedgerWriter(
  db: Db,
  entityId: string,
  idByPath: ReadonlyMap<string, string>,
  newId: IdFactory,
  batchEntries: number,
): LedgerWriter {
  let t = emptyTransactionColumns();
  let e = emptyEntryColumns();
  let written = { transactions: 0, entries: 0 };

  const flush = async () => {
    if (t.id.length === 0) return;
    await db.execute(sql`
      INSERT INTO transactions (id, entity_id, transaction_type, name, memo, date, source, external_id, created_at, updated_at)
      SELECT r.id, ${entityId}::uuid, r.type, r.name, r.memo, r.date, r.source, r.external_id,
             (r.date + time '12:00') AT TIME ZONE 'UTC', (r.date + time '12:00') AT TIME ZONE 'UTC'
      FROM unnest(${sql.param(t.id)}::uuid[], ${sql.param(t.type)}::text[], ${sql.param(t.name)}::text[],
                  ${sql.param(t.memo)}::text[], ${sql.param(t.date)}::date[], ${sql.param(t.source)}::text[],
                  ${sql.param(t.externalId)}::text[])
           AS r(id, type, name, memo, date, source, external_id)`);
    await db.execute(sql`
      INSERT INTO entries (id, entity_id, transaction_id, account_id, amount, date, name, memo, created_at, updated_at)
      SELECT r.id, ${entityId}::uuid, r.transaction_id, r.account_id, r.amount, r.date, r.name, r.memo,
             (r.date + time '12:00') AT TIME ZONE 'UTC', (r.date + time '12:00') AT TIME ZONE 'UTC'
      FROM unnest(${sql.param(e.id)}::uuid[], ${sql.param(e.transactionId)}::uuid[], ${sql.param(e.accountId)}::uuid[],
                  ${sql.param(e.amount)}::bigint[], ${sql.param(e.date)}::date[], ${sql.param(e.name)}::text[],
                  ${sql.param(e.memo)}::text[])
           AS r(id, transaction_id, account_id, amount, date, name, memo)`);
    written = { transactions: written.transactions + t.id.length, entries: written.entries + e.id.length };
    t = emptyTransactionColumns();
    e = emptyEntryColumns();
  };

  return {
    async add(transactions) {
      for (const transaction of transactions) {
        const transactionId = newId('transaction');
        t.id.push(transactionId);
        t.type.push(transaction.type);
        t.name.push(transaction.name);
        t.memo.push(transaction.memo);
        t.date.push(transaction.date);
        t.source.push(transaction.source);
        t.externalId.push(transaction.externalId);
        for (const entry of transaction.entries) {
          const accountId = idByPath.get(entry.account);
          if (!accountId) throw new Error(`Unknown account ${entry.account}`);
          e.id.push(newId('entry'));
          e.transactionId.push(transactionId);
          e.accountId.push(accountId);
          e.amount.push(entry.amount);
          e.date.push(transaction.date);
          e.name.push(transaction.name);
          e.memo.push(entry.memo);
        }
        if (e.id.length >= batchEntries) await flush();
      }
    },
    async finish() {
      await flush();
      return written;
    },
  };
}

function emptyTransactionColumns() {
  return {
    id: [] as string[],
    type: [] as string[],
    name: [] as string[],
    memo: [] as string[],
    date: [] as string[],
    source: [] as (string | null)[],
    externalId: [] as (string | null)[],
  };
}

function emptyEntryColumns() {
  return {
    id: [] as string[],
    transactionId: [] as string[],
    accountId: [] as string[],
    amount: [] as number[],
    date: [] as string[],
    name: [] as string[],
    memo: [] as string[],
  };
}
