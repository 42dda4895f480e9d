import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { entities, quickbooksConnections } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { type JobContext, JobFailure } from '../../jobs/jobHandler';
import { AccountingError } from '../../providers/accounting';
import { publishEntityUpdate } from '../../realtime/entityEvents';
import type { AccountingDeps } from './accountingDeps';
import { ACCOUNTING_MESSAGES } from './accountingErrors';
import { applyQuickbooksPage, type QuickbooksPageCounts } from './applyQuickbooksPage';
import { importQuickbooksAccounts } from './importQuickbooksAccounts';
import {
  openQuickbooksSession,
  QuickbooksLoginRequired,
  type QuickbooksSession,
} from './openQuickbooksSession';
import { findQuickbooksConnection, type QuickbooksConnectionRow } from './quickbooksConnectionRows';

export type SyncQuickbooksOptions = {
  /** The company file the sync is for (a job's payload): another one connected meanwhile fails it. */
  realmId?: string;
  /** Checked between units of work (the chart, each page): aborting stops the sync there. */
  signal?: AbortSignal;
  progress?: JobContext['progress'];
  /** Called after each page is written (a job saves it, so its page shows how far it got). */
  checkpoint?: JobContext['checkpoint'];
  /** An earlier attempt's checkpoint: its counts carry on. The connection's saved cursor is what resumes. */
  resumeFrom?: unknown;
  /** Transactions asked for per page (the provider's default when absent). */
  pageSize?: number;
};

type SyncQuickbooksResult = QuickbooksPageCounts & { accounts: number; pages: number };

/** The most pages one sync reads (a provider that never says it is done cannot hold a job for ever). */
const MAX_PAGES = 1_000;

/** The connection changed under the sync: disconnected, or connected to another company file. */
class ConnectionGone extends Error {
  constructor(readonly why: 'disconnected' | 'otherCompany' | 'loginRequired') {
    super(`The QuickBooks connection changed: ${why}`);
    this.name = 'ConnectionGone';
  }
}

const count = (value: number) => value.toLocaleString('en-US');

function countsOf(checkpoint: unknown): SyncQuickbooksResult {
  const saved = (checkpoint ?? {}) as Record<string, unknown>;
  const number = (key: string) => {
    const value = saved[key];
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : 0;
  };
  return {
    accounts: 0,
    added: number('added'),
    updated: number('updated'),
    removed: number('removed'),
    pages: number('pages'),
  };
}

/**
 * Brings a company's QuickBooks company file into its books (spec §6 the accounting-connected mode):
 * the chart of accounts first (importQuickbooksAccounts: each account a ledger account under Keel's
 * matching root, renamed in place on later syncs), then the transactions from the connection's saved
 * cursor, page by page, each page written with the cursor after it in one transaction
 * (applyQuickbooksPage), so a sync stopped anywhere goes on from the last page written and imports
 * nothing twice. When done: `last_synced_at`, and the company's `apiFlags.qbo` switched on (its pages
 * hear of it, EntitySubscription). Each QuickBooks balance-sheet account's CurrentBalance then equals
 * its ledger account's balance, since the books hold exactly the file's lines.
 *
 * A login only the user can repair (a revoked or expired refresh token) marks the connection
 * 'login_required' and ends the sync with a JobFailure the user can read; reconnecting clears it.
 * Disconnected meanwhile, or another company file connected: a JobFailure too. Anything else
 * (the network) throws as it is, to be retried.
 */
export async function syncQuickbooks(
  deps: AccountingDeps,
  entityId: string,
  options: SyncQuickbooksOptions = {},
): Promise<SyncQuickbooksResult> {
  const connection = await findQuickbooksConnection(deps.db, entityId);
  const result = countsOf(options.resumeFrom);
  try {
    checkConnection(connection, options.realmId ?? connection?.realmId);
    const at = deps.clock.now();
    const session = openQuickbooksSession(deps, connection);
    options.signal?.throwIfAborted();
    await options.progress?.(2, 'Connecting to QuickBooks');
    const chart = await session.read((c) =>
      deps.accounting.listAccounts(c, { at, ...(options.signal ? { signal: options.signal } : {}) }),
    );
    options.signal?.throwIfAborted();
    await options.progress?.(5, 'Importing the chart of accounts');
    const ledgerAccountOf = await writeTransaction(deps.db, async (tx) => {
      await lockConnection(tx, connection);
      return importQuickbooksAccounts(tx, deps.clock, {
        entityId,
        realmId: connection.realmId,
        accounts: chart,
      });
    });
    result.accounts = chart.length;
    await options.progress?.(10, 'Importing transactions');
    await readTransactions(deps, { connection, session, ledgerAccountOf, at }, options, result);
    options.signal?.throwIfAborted();
    await finishSync(deps, connection, at);
    return result;
  } catch (error) {
    if (error instanceof QuickbooksLoginRequired) {
      throw new JobFailure(ACCOUNTING_MESSAGES.loginRequired, { retry: false, cause: error });
    }
    if (error instanceof ConnectionGone)
      throw new JobFailure(ACCOUNTING_MESSAGES[error.why], { retry: false });
    if (error instanceof AccountingError) throw new JobFailure(ACCOUNTING_MESSAGES.refused, { cause: error });
    throw error;
  }
}

function checkConnection(
  connection: QuickbooksConnectionRow | null,
  realmId: string | undefined,
): asserts connection is QuickbooksConnectionRow {
  if (!connection || connection.status === 'disconnected') throw new ConnectionGone('disconnected');
  if (connection.realmId !== realmId) throw new ConnectionGone('otherCompany');
  if (connection.status === 'login_required') throw new ConnectionGone('loginRequired');
}

/** The connection row locked; it must still be this company file's, connected. */
async function lockConnection(tx: Tx, connection: QuickbooksConnectionRow): Promise<QuickbooksConnectionRow> {
  const [row] = await tx
    .select()
    .from(quickbooksConnections)
    .where(eq(quickbooksConnections.id, connection.id))
    .for('update');
  checkConnection(row ?? null, connection.realmId);
  return row as QuickbooksConnectionRow;
}

/** The transactions from the connection's saved cursor to the end of the listing, a page per transaction. */
async function readTransactions(
  deps: AccountingDeps,
  input: {
    connection: QuickbooksConnectionRow;
    session: QuickbooksSession;
    ledgerAccountOf: ReadonlyMap<string, string>;
    at: Date;
  },
  options: SyncQuickbooksOptions,
  result: SyncQuickbooksResult,
): Promise<void> {
  const { connection } = input;
  const savedCursor = async () =>
    (await findQuickbooksConnection(deps.db, connection.entityId))?.syncCursor ?? null;
  let cursor = await savedCursor();
  for (let read = 0; read < MAX_PAGES; read++) {
    options.signal?.throwIfAborted();
    const page = await input.session.read((c) =>
      deps.accounting.listTransactions(c, {
        cursor,
        at: input.at,
        ...(options.pageSize ? { pageSize: options.pageSize } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      }),
    );
    const written = await writeTransaction(deps.db, async (tx) => {
      const row = await lockConnection(tx, connection);
      // Another sync wrote that page first: go on from where it got.
      if (row.syncCursor !== cursor) return 'stale' as const;
      const counts = await applyQuickbooksPage(tx, deps.clock, {
        entityId: connection.entityId,
        realmId: connection.realmId,
        transactions: page.transactions,
        ledgerAccountOf: input.ledgerAccountOf,
      });
      await tx
        .update(quickbooksConnections)
        .set({ syncCursor: page.nextCursor, updatedAt: deps.clock.now() })
        .where(eq(quickbooksConnections.id, connection.id));
      return counts;
    });
    if (written === 'stale') {
      cursor = await savedCursor();
      continue;
    }
    result.added += written.added;
    result.updated += written.updated;
    result.removed += written.removed;
    result.pages += 1;
    const done = page.offset + page.transactions.length;
    await options.checkpoint?.(
      {
        cursor: page.nextCursor,
        pages: result.pages,
        added: result.added,
        updated: result.updated,
        removed: result.removed,
      },
      {
        percent: 10 + (85 * done) / Math.max(1, page.total),
        message: `Importing transactions (${count(done)} of ${count(page.total)})`,
      },
    );
    if (!page.hasMore) return;
    cursor = page.nextCursor;
  }
}

/** The sync is done: when, and the company's books now come from QuickBooks (apiFlags.qbo, finch kept). */
async function finishSync(deps: AccountingDeps, connection: QuickbooksConnectionRow, at: Date) {
  await writeTransaction(deps.db, async (tx) => {
    await lockConnection(tx, connection);
    const now = deps.clock.now();
    await tx
      .update(quickbooksConnections)
      .set({ lastSyncedAt: at, updatedAt: now })
      .where(eq(quickbooksConnections.id, connection.id));
    const switched = await tx
      .update(entities)
      .set({
        apiFlags: sql`jsonb_set(coalesce(${entities.apiFlags}, '{}'::jsonb), '{qbo}', 'true'::jsonb)`,
        updatedAt: now,
      })
      .where(
        and(
          eq(entities.id, connection.entityId),
          sql`coalesce(${entities.apiFlags} ->> 'qbo', 'false') <> 'true'`,
        ),
      )
      .returning({ id: entities.id });
    if (switched.length > 0) await publishEntityUpdate(tx, connection.entityId, 'apiFlags');
  });
}
