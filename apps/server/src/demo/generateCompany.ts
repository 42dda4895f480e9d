import { performance } from 'node:perf_hooks';
import { dayIn } from '@keel/domain';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Db, Tx } from '../db/client';
import { accounts, entities, monthlyRollups } from '../db/schema';
import { createEntity } from '../modules/entities/service';
import { createDefaultChart } from '../modules/ledger/accounts';
import { buildChartOfAccounts } from './buildChartOfAccounts';
import { BASE_CHART } from './companyCatalog';
import { createIdFactory } from './createIdFactory';
import { createLedgerWriter } from './createLedgerWriter';
import { type GeneratorCounters, generateMonthTransactions } from './generateMonthTransactions';
import { planCompanyHistory } from './planCompanyHistory';
import { createRandom } from './random';

type GenerateCompanyOptions = {
  name: string;
  /** Same seed and today give the same books. */
  seed: number | string;
  /**
   * The day the history ends on (the current month is partial up to it). A Date is read in the
   * company's time zone.
   */
  today: string | Date;
  /** The company's time zone (default DEMO_TIME_ZONE): its days and months follow it. */
  timeZone?: string;
  /** About how many entries to generate (default 3,000). */
  entries?: number;
  /** Accounts in the chart, roots included; below the base chart's size the base chart is used. */
  accounts?: number;
  /** Months of history ending with today's month (default 24). */
  months?: number;
  /** Owner of the new entity; without one the entity has no members. */
  ownerUserId?: string;
  /** Marks the entity as a demo company (default true). */
  demo?: boolean;
  /** Entries per INSERT (default 10,000). */
  batchEntries?: number;
  /** Called after each month is buffered, with the entries generated so far. */
  onProgress?: (entriesSoFar: number, month: string) => void;
};

export type GeneratedCompany = {
  entityId: string;
  /** Months of history, the last being today's month. */
  months: number;
  /** Money and head count relative to the base demo (1 for Acme Robotics). */
  scale: number;
  accounts: number;
  transactions: number;
  entries: number;
  rollups: number;
  /** Wall-clock seconds of each phase. */
  seconds: { chart: number; ledger: number; rollups: number; total: number };
};

const DEFAULT_DEMO_ENTRIES = 3_000;
/** Where the demo companies keep their days: a California company, hours behind UTC. */
const DEMO_TIME_ZONE = 'America/Los_Angeles';
const DEFAULT_DEMO_MONTHS = 24;
/** The base chart's size: the 7 default roots and the accounts below them. */
export const BASE_CHART_ACCOUNTS = 7 + BASE_CHART.length;

/**
 * Generates a believable company into the database in one transaction: entity (with its default chart
 * and report), a chart of accounts several levels deep, `months` of double-entry bookkeeping (revenue,
 * payroll, rent, software, card spend and payoffs, a loan, financing rounds) and its monthly rollups.
 */
export async function generateCompany(db: Db, options: GenerateCompanyOptions): Promise<GeneratedCompany> {
  const timeZone = options.timeZone ?? DEMO_TIME_ZONE;
  const today = typeof options.today === 'string' ? options.today : dayIn(timeZone, options.today);
  const months = options.months ?? DEFAULT_DEMO_MONTHS;
  const entryTarget = options.entries ?? DEFAULT_DEMO_ENTRIES;
  const accountTarget = options.accounts ?? BASE_CHART_ACCOUNTS;
  if (!isCalendarDay(today)) throw new Error(`today must be YYYY-MM-DD, got ${today}`);
  if (!Number.isInteger(months) || months < 1 || months > 600) throw new Error('months must be 1 to 600');
  if (!Number.isInteger(entryTarget) || entryTarget < 0) throw new Error('entries must be a whole number');
  if (!Number.isInteger(accountTarget) || accountTarget < 0)
    throw new Error('accounts must be a whole number');

  const started = performance.now();
  return db.transaction(async (tx) => {
    const entityId = await createCompanyEntity(tx, { ...options, timeZone }, today, months);
    const roots = await tx
      .select({ id: accounts.id, name: accounts.name })
      .from(accounts)
      .where(and(eq(accounts.entityId, entityId), isNull(accounts.parentId)));
    const newId = createIdFactory(options.seed, entityId);
    const chart = buildChartOfAccounts(
      new Map(roots.map((root) => [root.name, root.id])),
      accountTarget,
      newId,
    );
    const createdAt = new Date(`${today}T12:00:00.000Z`);
    for (let i = 0; i < chart.accounts.length; i += 1_000) {
      const batch = chart.accounts.slice(i, i + 1_000);
      await tx.insert(accounts).values(
        batch.map(({ path: _path, ...account }) => ({
          ...account,
          entityId,
          createdAt,
          updatedAt: createdAt,
        })),
      );
    }
    const chartDone = performance.now();

    const random = createRandom(options.seed);
    const plan = planCompanyHistory(
      { today, months, entries: entryTarget, extraLeaves: chart.extraLeaves },
      random,
    );
    const writer = createLedgerWriter(tx, entityId, chart.idByPath, newId, options.batchEntries ?? 10_000);
    const counters: GeneratorCounters = { invoice: 1000 };
    let generated = 0;
    for (const month of plan.months) {
      const transactions = generateMonthTransactions(month, random, counters);
      for (const transaction of transactions) generated += transaction.entries.length;
      await writer.add(transactions);
      options.onProgress?.(generated, month.month);
    }
    const written = await writer.finish();
    const ledgerDone = performance.now();

    const rollups = await rollUpActualMonths(tx, entityId);
    const done = performance.now();
    return {
      entityId,
      months,
      scale: plan.scale,
      accounts: roots.length + chart.accounts.length,
      transactions: written.transactions,
      entries: written.entries,
      rollups,
      seconds: {
        chart: (chartDone - started) / 1000,
        ledger: (ledgerDone - chartDone) / 1000,
        rollups: (done - ledgerDone) / 1000,
        total: (done - started) / 1000,
      },
    };
  });
}

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The entity: through createEntity when it has an owner, else the bare entity with its default chart. */
async function createCompanyEntity(
  tx: Tx,
  options: GenerateCompanyOptions & { timeZone: string },
  today: string,
  months: number,
): Promise<string> {
  const demo = options.demo ?? true;
  // The company has used Keel since the start of its history.
  const since = new Date(`${today.slice(0, 7)}-01T12:00:00.000Z`);
  since.setUTCMonth(since.getUTCMonth() - (months - 1));
  if (options.ownerUserId) {
    const clock: Clock = { now: () => since };
    const entity = await createEntity(tx, clock, options.ownerUserId, options.name, {
      timeZone: options.timeZone,
    });
    if (demo) await tx.update(entities).set({ demo }).where(eq(entities.id, entity.id));
    return entity.id;
  }
  const [entity] = await tx
    .insert(entities)
    .values({ name: options.name, demo, timeZone: options.timeZone, createdAt: since, updatedAt: since })
    .returning({ id: entities.id });
  if (!entity) throw new Error('Entity insert returned nothing');
  await createDefaultChart(tx, entity.id);
  return entity.id;
}

/** Fills the 'actual' monthly rollups of an entity from its entries; returns the number of rows. */
async function rollUpActualMonths(tx: Db, entityId: string): Promise<number> {
  await tx.execute(sql`
    INSERT INTO monthly_rollups (entity_id, account_id, scenario, month, amount)
    SELECT entity_id, account_id, 'actual', to_char(date, 'YYYY-MM'), sum(amount)
    FROM entries
    WHERE entity_id = ${entityId}::uuid
    GROUP BY entity_id, account_id, to_char(date, 'YYYY-MM')
    ON CONFLICT (entity_id, account_id, scenario, month) DO UPDATE SET amount = excluded.amount`);
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(monthlyRollups)
    .where(eq(monthlyRollups.entityId, entityId));
  return row?.count ?? 0;
}
