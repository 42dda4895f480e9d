import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { accounts, entries, forecasts, modelOutputs } from '../../db/schema';
import { deleteDerivedForecast, writeDerivedForecast } from '../ledger/forecasts';
import { computeOutputFigures } from './computeOutputFigures';
import { describeCellFailure } from './describeCellFailure';
import { evaluateStoredModel } from './evaluateStoredModel';
import { findEntityAccount, listOutputs, type ModelRow, type OutputRow } from './modelRows';

/**
 * Evaluates the model and writes each output's monthly values into the report: one forecast (kind
 * 'model') per output on its account, each month of the model with a number its own amount (a month
 * whose cell is blank or text writes nothing), as the report shows it (an income account's revenue
 * books as a credit), against the default bank account. An output with no month to write has no
 * forecast. Runs inside the caller's transaction, after it locked the model row (the model's writes
 * are serialised by it; the ledger locks come after, in their own order).
 *
 * A month whose cell fails (#ERROR: a formula naming a deleted variable, a division by zero) is not
 * a zero: it keeps the figure the output last wrote for it, and the output is marked stale (its
 * reason, those months, since when) until every month computes again — so a broken model never
 * silently takes a cost out of the report or moves the runway.
 */
export async function refreshModelOutputs(
  tx: Tx,
  clock: Clock,
  userId: string | null,
  model: ModelRow,
): Promise<void> {
  const outputs = await listOutputs(tx, model.id);
  if (outputs.length === 0) return;
  const evaluation = await evaluateStoredModel(tx, clock, model);
  const names = new Map(evaluation.variables.map((row) => [row.id, row.name]));
  const figures = computeOutputFigures(evaluation, outputs);
  const now = clock.now();
  for (const output of outputs) {
    const account = await findEntityAccount(tx, model.entityId, output.accountId);
    // The model's figure is what the report row shows: a credit account (income) books it negated.
    const sign = account?.sign ?? 1;
    const failing = (evaluation.cells.get(output.variableId) ?? []).filter((cell) => cell.error !== null);
    const shown = new Map(figures.get(output.id) ?? []);
    if (failing.length > 0 && output.forecastId) {
      const last = await readWrittenFigures(tx, output.forecastId);
      for (const cell of failing) {
        const kept = last.get(cell.month);
        if (kept !== undefined) shown.set(cell.month, kept);
      }
    }
    const firstFailure = failing[0];
    await markStale(tx, output, now, {
      reason: firstFailure ? describeCellFailure(firstFailure, names, evaluation.deletedNames) : null,
      months: failing.map((cell) => cell.month),
    });
    const written = [...shown]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([month, cents]) => ({ month, cents: cents * sign }));
    if (written.length === 0) {
      if (output.forecastId) {
        await deleteDerivedForecast(tx, output.forecastId, userId, now);
        await tx
          .update(modelOutputs)
          .set({ forecastId: null, updatedAt: now })
          .where(eq(modelOutputs.id, output.id));
      }
      continue;
    }
    const forecastId = await writeDerivedForecast(tx, userId, now, {
      kind: 'model',
      entityId: model.entityId,
      accountId: output.accountId,
      forecastId: output.forecastId,
      name: `${model.name}: ${names.get(output.variableId) ?? 'Output'}`,
      months: written,
    });
    if (forecastId !== output.forecastId) {
      await tx.update(modelOutputs).set({ forecastId, updatedAt: now }).where(eq(modelOutputs.id, output.id));
    }
  }
}

/**
 * What an output's forecast last wrote, month by month, as the report row shows it (the account's
 * sign applied): the last good figures a failing month keeps.
 */
async function readWrittenFigures(tx: Tx, forecastId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ date: entries.date, amount: entries.amount, sign: accounts.sign })
    .from(forecasts)
    .innerJoin(
      entries,
      and(eq(entries.transactionId, forecasts.transactionId), eq(entries.accountId, forecasts.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, forecasts.accountId))
    .where(eq(forecasts.id, forecastId));
  const written = new Map<string, number>();
  for (const row of rows) {
    const month = row.date.slice(0, 7);
    written.set(month, (written.get(month) ?? 0) + Number(row.amount) * row.sign);
  }
  return written;
}

/** Records an output's stale state (null reason: every month computes); writes only what changed. */
async function markStale(
  tx: Tx,
  output: OutputRow,
  now: Date,
  stale: { reason: string | null; months: string[] },
): Promise<void> {
  const since = stale.reason === null ? null : (output.staleSince ?? now);
  const unchanged =
    stale.reason === output.staleReason &&
    stale.months.join() === output.staleMonths.join() &&
    since?.getTime() === output.staleSince?.getTime();
  if (unchanged) return;
  await tx
    .update(modelOutputs)
    .set({ staleReason: stale.reason, staleMonths: stale.months, staleSince: since, updatedAt: now })
    .where(eq(modelOutputs.id, output.id));
}
