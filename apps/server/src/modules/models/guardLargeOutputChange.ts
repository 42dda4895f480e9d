import { findLargeOutputChanges, type OutputFigures } from '@keel/domain';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { computeOutputFigures } from './computeOutputFigures';
import { evaluateStoredModel } from './evaluateStoredModel';
import { type LargeChangeEffect, largeChangeNotConfirmed } from './modelErrors';
import { findEntityAccount, listOutputs, type ModelRow, type OutputRow } from './modelRows';

/** The most outputs a refusal lists (a model has one output per variable at most in practice). */
const LARGE_CHANGE_EFFECTS_MAX = 20;

/**
 * Runs `write` (a change to the models' variables, inside the caller's transaction, the models
 * locked) and, unless `confirmed`, refuses it with CONFIRMATION_REQUIRED when it moves one of their
 * outputs more than 10× in a month (findLargeOutputChanges): the models are evaluated before and
 * after by the engine that writes their outputs, and the thrown refusal rolls the whole transaction
 * back, so a refused change writes nothing. Models without outputs are not evaluated.
 */
export async function guardLargeOutputChange<T>(
  tx: Tx,
  clock: Clock,
  models: ModelRow[],
  confirmed: boolean,
  write: () => Promise<T>,
): Promise<T> {
  if (confirmed) return write();
  const before = await readOutputFigures(tx, clock, models);
  const result = await write();
  const after = await readOutputFigures(tx, clock, models);
  const changes = findLargeOutputChanges(before.figures, after.figures);
  if (changes.length === 0) return result;
  const effects: LargeChangeEffect[] = [];
  for (const change of changes.slice(0, LARGE_CHANGE_EFFECTS_MAX)) {
    const output = after.outputs.get(change.outputId);
    if (!output) continue;
    const account = await findEntityAccount(tx, output.row.entityId, output.row.accountId);
    effects.push({
      ...change,
      variableId: output.row.variableId,
      variableName: output.variableName,
      accountId: output.row.accountId,
      accountName: account?.name ?? 'Account',
    });
  }
  throw largeChangeNotConfirmed(effects, changes.length);
}

type OutputFiguresRead = {
  figures: OutputFigures;
  outputs: Map<string, { row: OutputRow; variableName: string }>;
};

/** The models' outputs and what each writes into the report now, read inside the transaction. */
async function readOutputFigures(tx: Tx, clock: Clock, models: ModelRow[]): Promise<OutputFiguresRead> {
  const figures = new Map<string, ReadonlyMap<string, number>>();
  const outputs = new Map<string, { row: OutputRow; variableName: string }>();
  for (const model of models) {
    const rows = await listOutputs(tx, model.id);
    if (rows.length === 0) continue;
    const evaluation = await evaluateStoredModel(tx, clock, model);
    const names = new Map(evaluation.variables.map((row) => [row.id, row.name]));
    for (const [id, months] of computeOutputFigures(evaluation, rows)) figures.set(id, months);
    for (const row of rows) outputs.set(row.id, { row, variableName: names.get(row.variableId) ?? 'Output' });
  }
  return { figures, outputs };
}
