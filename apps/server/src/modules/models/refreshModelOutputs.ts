import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { modelOutputs } from '../../db/schema';
import { deleteDerivedForecast, writeDerivedForecast } from '../ledger/forecasts';
import { computeOutputFigures } from './computeOutputFigures';
import { evaluateStoredModel } from './evaluateStoredModel';
import { findEntityAccount, listOutputs, type ModelRow } from './modelRows';

/**
 * Evaluates the model and writes each output's monthly values into the report: one forecast (kind
 * 'model') per output on its account, each month of the model with a number its own amount (a month
 * whose cell is blank, text or #ERROR writes nothing), as the report shows it (an income account's
 * revenue books as a credit), against the default bank account. An output
 * with no month to write has no forecast. Runs inside the caller's transaction, after it locked the
 * model row (the model's writes are serialised by it; the ledger locks come after, in their own order).
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
    const written = [...(figures.get(output.id) ?? [])].map(([month, cents]) => ({
      month,
      cents: cents * sign,
    }));
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
