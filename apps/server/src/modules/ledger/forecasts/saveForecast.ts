import {
  averageMonthsSchema,
  DEFAULT_FORECAST_RECURRENCE,
  entryCentsSchema,
  entryMemoSchema,
  entryNameSchema,
  type ForecastCalculationType,
  type ForecastRecurrence,
  forecastPercentSchema,
  percentToPpm,
  ppmToPercent,
  unitsToCents,
} from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { entries, type ForecastKind, forecasts, transactions } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { badInput } from '../../../errors';
import { entityToday } from '../../entities/timeZone';
import { deleteEntries } from '../shared/entryWrites';
import {
  badLedgerInput,
  derivedForecastRefusal,
  forecastNotFound,
  parseLedgerInput,
} from '../shared/ledgerErrors';
import { lockAccount, lockAccounts, lockTransaction } from '../shared/ledgerLocks';
import {
  assertReportOfEntity,
  type ForecastRow,
  findForecast,
  type TransactionRow,
} from '../shared/ledgerRows';
import { refreshPercentageForecasts } from '../shared/refreshPercentageForecasts';
import { resolveAgainstAccount } from '../shared/resolveAgainstAccount';
import { checkPercentageSource } from './checkPercentageSource';
import { computeForecastAmount, expandForecast } from './expandForecast';
import { parseField } from './parseField';

/** CreateForecast's and UpdateForecast's fields. On update, absent (or null) fields stay as they are. */
type ForecastInput = {
  entityId?: string | null;
  accountId?: string | null;
  againstId?: string | null;
  /** Whole units per occurrence (spec §1), debit-positive on the account; required for 'fixed'. */
  amount?: number | null;
  averageMonths?: number | null;
  calculationType?: ForecastCalculationType | null;
  /** For 'percentage': the report line (an account of the same company) it is a share of. */
  sourceAccountId?: string | null;
  /** For 'percentage': the share as a percent (2.9 for 2.9%), -1000 to 1000, at most 4 decimals. */
  percent?: number | null;
  /** The start month, 'YYYY-MM'. */
  startMonth?: string | null;
  name?: string | null;
  memo?: string | null;
  recurring?: ForecastRecurrence | null;
  reportId?: string | null;
  /** Create: what made it (default 'forecast'). Update: an adjustment edited in the Forecast form becomes a 'forecast'. */
  kind?: ForecastKind;
};

/** CreateForecast's input: a new forecast names its entity, account and start month. */
type CreateForecastInput = ForecastInput & { entityId: string; accountId: string; startMonth: string };

/** UpdateForecast's input: the forecast to change (its id, not its transaction's) and what changes. */
type UpdateForecastInput = ForecastInput & { forecastId: string };

/** A forecast with the name and memo of its Budget transaction. */
export type ForecastRecord = ForecastRow & Pick<TransactionRow, 'name' | 'memo'>;

/**
 * CreateForecast: a 'Budget' transaction (name, memo, dated the first of the start month), its
 * `forecasts` row (the parameters) and its occurrences as forecast entries (see expandForecast).
 * The against account defaults as for user transactions (Banks, else the first account).
 */
export async function createForecast(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: CreateForecastInput,
): Promise<ForecastRecord> {
  return writeTransaction(db, async (tx) => {
    const now = clock.now();
    const params = await resolveForecastParams(tx, clock, input.entityId, input, null);
    const [transaction] = await tx
      .insert(transactions)
      .values({
        entityId: input.entityId,
        transactionType: 'Budget',
        name: params.name,
        memo: params.memo,
        date: `${params.startMonth}-01`,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!transaction) throw new Error('Transaction insert returned nothing');
    const [forecast] = await tx
      .insert(forecasts)
      .values({
        ...params.row,
        kind: input.kind ?? 'forecast',
        entityId: input.entityId,
        transactionId: transaction.id,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!forecast) throw new Error('Forecast insert returned nothing');
    return finishForecastWrite(tx, forecast, params, userId, now);
  });
}

/**
 * UpdateForecast(budgetId, ...): new parameters, and its occurrences replaced: the old forecast entries
 * are deleted and the forecast expanded anew, the rollups following both. An 'average' amount is
 * recomputed from the actuals of the moment.
 *
 * Locks (ledgerLocks.ts): the accounts asked for and the ones it has, then its transaction and
 * entries, then the forecast row, all read again under the lock: a rename or another update that
 * committed meanwhile is the starting point, never overwritten with a stale copy.
 */
export async function updateForecast(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: UpdateForecastInput,
): Promise<ForecastRecord> {
  return writeTransaction(db, async (tx) => {
    const found = await findForecast(tx, input.forecastId);
    if (!found || (input.entityId && input.entityId !== found.entityId)) throw forecastNotFound();
    await lockAccounts(tx, found.entityId, [input.accountId, input.againstId], { require: true });
    await lockAccounts(tx, found.entityId, [found.accountId, found.againstAccountId], { require: false });
    const locked = await lockTransaction(tx, found.transactionId);
    const existing = await findForecast(tx, found.id, { lock: true });
    if (!locked || !existing) throw forecastNotFound();
    const refusal = derivedForecastRefusal(existing.kind);
    if (refusal) throw badLedgerInput(refusal);
    const { transaction } = locked;
    const now = clock.now();
    const params = await resolveForecastParams(tx, clock, existing.entityId, input, {
      ...existing,
      ...transaction,
    });
    await deleteEntries(tx, eq(entries.transactionId, existing.transactionId), userId, now);
    await tx
      .update(transactions)
      .set({ name: params.name, memo: params.memo, date: `${params.startMonth}-01`, updatedAt: now })
      .where(eq(transactions.id, existing.transactionId));
    const [forecast] = await tx
      .update(forecasts)
      .set({ ...params.row, kind: input.kind ?? 'forecast', updatedAt: now })
      .where(eq(forecasts.id, existing.id))
      .returning();
    if (!forecast) throw forecastNotFound();
    return finishForecastWrite(tx, forecast, params, userId, now);
  });
}

/**
 * A saved forecast's occurrences: a fixed or average forecast expands its one amount; then every
 * percentage forecast of the company is brought up to date (refreshPercentageForecasts), a new or
 * changed percentage forecast among them, and those reading the line this forecast books on.
 */
async function finishForecastWrite(
  tx: Tx,
  forecast: ForecastRow,
  text: { name: string; memo: string },
  userId: string | null,
  now: Date,
): Promise<ForecastRecord> {
  if (forecast.calculationType !== 'percentage') await expandForecast(tx, forecast, text, userId, now);
  await refreshPercentageForecasts(tx, forecast.entityId, userId, now);
  const current = (await findForecast(tx, forecast.id)) ?? forecast;
  return { ...current, name: text.name, memo: text.memo };
}

/** Checks and completes the parameters; computes the amount per occurrence. */
async function resolveForecastParams(
  tx: Tx,
  clock: Clock,
  entityId: string,
  input: ForecastInput,
  existing: ForecastRecord | null,
) {
  await assertReportOfEntity(tx, entityId, input.reportId);
  const accountId = input.accountId ?? existing?.accountId;
  const startMonth = input.startMonth ?? existing?.startMonth;
  if (!accountId) throw badLedgerInput('Account is required');
  if (!startMonth) throw badLedgerInput('Start month is required');
  const account = await lockAccount(tx, entityId, accountId);
  const keepAgainst =
    existing && existing.againstAccountId !== account.id ? existing.againstAccountId : undefined;
  const against = await resolveAgainstAccount(tx, entityId, account.id, input.againstId, keepAgainst);
  const calculationType = input.calculationType ?? existing?.calculationType ?? 'fixed';
  const recurring = input.recurring ?? existing?.recurring ?? DEFAULT_FORECAST_RECURRENCE;
  const name = parseLedgerInput(entryNameSchema, input.name ?? existing?.name ?? '');
  const memo = parseLedgerInput(entryMemoSchema, input.memo ?? existing?.memo ?? '');

  let fixedCents: number | null = null;
  let averageMonths: number | null = null;
  let sourceAccountId: string | null = null;
  let sharePpm: number | null = null;
  if (calculationType === 'percentage') {
    const sourceId = input.sourceAccountId ?? existing?.sourceAccountId;
    if (!sourceId) throw badInput('Source line is required for a percentage forecast', 'sourceAccountId');
    const percent =
      input.percent ?? (existing?.sharePpm != null ? ppmToPercent(existing.sharePpm) : undefined);
    sharePpm = percentToPpm(parseField(forecastPercentSchema, percent, 'percent'));
    const source = await checkPercentageSource(tx, {
      entityId,
      forecastId: existing?.id ?? null,
      account,
      sourceAccountId: sourceId,
    });
    // Kept while the forecast is saved (a delete of it waits), as the accounts it books on are.
    await lockAccounts(tx, entityId, [source.id], { require: true });
    sourceAccountId = source.id;
  } else if (calculationType === 'fixed') {
    if (input.amount == null && existing?.calculationType !== 'fixed') {
      throw badLedgerInput('Amount is required for a fixed forecast');
    }
    fixedCents =
      input.amount == null
        ? (existing?.amount ?? 0)
        : parseLedgerInput(entryCentsSchema, unitsToCents(input.amount));
  } else {
    averageMonths = parseLedgerInput(
      averageMonthsSchema,
      input.averageMonths ?? existing?.averageMonths ?? undefined,
    );
  }
  const amount = await computeForecastAmount(tx, {
    entityId,
    account,
    calculationType,
    fixedCents,
    averageMonths,
    startMonth,
    currentMonth: (await entityToday(tx, clock, entityId)).month,
  });
  return {
    name,
    memo,
    startMonth,
    row: {
      accountId: account.id,
      againstAccountId: against.id,
      amount,
      calculationType,
      averageMonths,
      sourceAccountId,
      sharePpm,
      recurring,
      startMonth,
      endMonth: existing?.endMonth ?? null,
    },
  };
}
