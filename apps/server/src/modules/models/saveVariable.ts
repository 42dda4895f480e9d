import {
  convertedDecimalPlaces,
  DEFAULT_FORMULA_NAME,
  DEFAULT_INPUT_NAME,
  findFormulasUsing,
  MODEL_MESSAGES,
  MODEL_VARIABLES_MAX,
  uniqueVariableName,
  variableDescriptionSchema,
  variableNameSchema,
} from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import {
  modelOutputs,
  models,
  modelVariables,
  type StoredSegment,
  type VariableGroup,
  type VariableInputType,
} from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { parseInput } from '../../graphql/parseInput';
import { deleteDerivedForecast } from '../ledger/forecasts';
import { guardLargeOutputChange } from './guardLargeOutputChange';
import { badModelInput, modelNotFound, variableInUse, variableNotFound } from './modelErrors';
import {
  findEntityAccount,
  findModel,
  findVariable,
  listOutputs,
  listVariables,
  type ModelRow,
  type VariableRow,
} from './modelRows';
import { refreshModelOutputs } from './refreshModelOutputs';
import { findSegmentProblem } from './segmentRules';
import {
  checkSegments,
  convertInputData,
  type MonthAmount,
  parseDecimalPlaces,
  resolveInputData,
} from './variableInput';

/** CreateVariable's and UpdateVariable's fields; on update, absent (or null) fields stay as they are. */
export type VariableInput = {
  name?: string | null;
  group?: VariableGroup | null;
  inputType?: VariableInputType | null;
  /** A formula variable's formula over the whole model (one segment, auto to auto). */
  formulas?: string | null;
  segments?: StoredSegment[] | null;
  /** number, percent (typed in percent), currency: the number typed; month: 'YYYY-MM'. */
  value?: string | null;
  amounts?: MonthAmount[] | null;
  accountId?: string | null;
  decimalPlaces?: number | null;
  description?: string | null;
};

/**
 * CreateVariable: an input ('New Input', 'New Input (1)', ... when unnamed) or a formula ('New
 * Formula', ...) at the end of the model's data sheet. A formula that does not parse is kept (its
 * cells show #ERROR until it is fixed), as a spreadsheet keeps what was typed.
 */
export async function createVariable(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: VariableInput & { entityId: string; modelId: string },
): Promise<VariableRow> {
  return writeTransaction(db, async (tx) => {
    const model = await lockModel(tx, input.modelId, input.entityId);
    const siblings = await listVariables(tx, model.id);
    if (siblings.length >= MODEL_VARIABLES_MAX) {
      throw badModelInput(`A model holds at most ${MODEL_VARIABLES_MAX} variables`);
    }
    const group: VariableGroup =
      input.group ?? (input.inputType && input.inputType !== 'formulas' ? 'inputs' : 'formulas');
    const inputType: VariableInputType = group === 'formulas' ? 'formulas' : (input.inputType ?? 'number');
    if (group === 'inputs' && inputType === 'formulas') throw badModelInput('An input needs an input type');
    const base = group === 'formulas' ? DEFAULT_FORMULA_NAME : DEFAULT_INPUT_NAME;
    const name = input.name?.trim()
      ? parseInput(variableNameSchema, input.name)
      : uniqueVariableName(
          base,
          siblings.map((row) => row.name),
        );
    assertNameFree(name, siblings, null);
    const segments = group === 'formulas' ? resolveSegments(model, input, []) : [];
    const data = group === 'inputs' ? resolveInputData(inputType, input, {}) : {};
    if (inputType === 'link') await checkLink(tx, model, data.accountId ?? null);
    const now = clock.now();
    const maxOrder = siblings.reduce((max, row) => Math.max(max, row.sortOrder), 0);
    const [row] = await tx
      .insert(modelVariables)
      .values({
        entityId: model.entityId,
        modelId: model.id,
        name,
        group,
        inputType,
        decimalPlaces: parseDecimalPlaces(input.decimalPlaces, inputType === 'percent' ? 1 : 0),
        description: parseInput(variableDescriptionSchema, input.description ?? ''),
        sortOrder: maxOrder + 1,
        data,
        segments,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Variable insert returned nothing');
    await refreshModelOutputs(tx, clock, userId, model);
    return row;
  });
}

/**
 * UpdateVariable: new fields for a variable; `modelId` moves it (with its outputs) to another model of
 * the same company. Converting an input's type keeps the value's meaning (see convertInputData). The
 * models it touches are re-evaluated and their outputs rewritten; a change that moves one of their
 * outputs more than 10× in a month is refused with CONFIRMATION_REQUIRED, writing nothing, unless
 * `confirmLargeChange` (guardLargeOutputChange).
 */
export async function updateVariable(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: VariableInput & { variableId: string; modelId?: string | null; confirmLargeChange?: boolean | null },
): Promise<VariableRow> {
  return writeTransaction(db, async (tx) => {
    const found = await findVariable(tx, input.variableId);
    if (!found) throw variableNotFound();
    const targetId = input.modelId ?? found.modelId;
    // Both models are locked in id order, so two moves between the same models cannot deadlock.
    const locked = new Map<string, ModelRow>();
    for (const id of [...new Set([found.modelId, targetId])].sort()) {
      locked.set(id, await lockModel(tx, id, found.entityId));
    }
    const existing = await findVariable(tx, found.id);
    if (!existing || existing.modelId !== found.modelId) throw variableNotFound();
    const target = locked.get(targetId);
    if (!target) throw modelNotFound();
    const siblings = await listVariables(tx, target.id);
    const name = input.name == null ? existing.name : parseInput(variableNameSchema, input.name);
    assertNameFree(name, siblings, existing.id);
    const group = input.group ?? existing.group;
    const inputType: VariableInputType =
      group === 'formulas'
        ? 'formulas'
        : (input.inputType ?? (existing.inputType === 'formulas' ? 'number' : existing.inputType));
    const segments = group === 'formulas' ? resolveSegments(target, input, existing.segments) : [];
    const data =
      group === 'inputs'
        ? resolveInputData(
            inputType,
            input,
            convertInputData(existing.inputType, inputType, existing.data, input),
          )
        : {};
    if (inputType === 'link') await checkLink(tx, target, data.accountId ?? null);
    const now = clock.now();
    const models = [...locked.values()];
    const fields = {
      modelId: target.id,
      name,
      group,
      inputType,
      decimalPlaces: parseDecimalPlaces(
        input.decimalPlaces,
        convertedPlaces(existing.inputType, inputType, existing.decimalPlaces),
      ),
      description:
        input.description == null
          ? existing.description
          : parseInput(variableDescriptionSchema, input.description),
      data,
      segments,
      updatedAt: now,
    };
    const row = await guardLargeOutputChange(tx, clock, models, input.confirmLargeChange === true, () =>
      writeVariableRow(tx, existing, fields),
    );
    for (const model of models) await refreshModelOutputs(tx, clock, userId, model);
    return row;
  });
}

/** The most names a model keeps of its deleted variables (the oldest are forgotten first). */
const DELETED_NAMES_MAX = 200;

/**
 * DeleteVariable: the variable, its outputs and their forecasts. Formulas reading it then show #ERROR
 * (called by its name, kept on the model) and the outputs they write keep their last good figures,
 * marked stale (refreshModelOutputs); so a variable that formulas read is refused with
 * CONFIRMATION_REQUIRED naming them, deleting nothing, unless `confirmUsedByFormulas`.
 */
export async function deleteVariable(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  variableId: string,
  options: { confirmUsedByFormulas?: boolean } = {},
): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const found = await findVariable(tx, variableId);
    if (!found) throw variableNotFound();
    const model = await lockModel(tx, found.modelId, found.entityId);
    const usedBy = findFormulasUsing(await listVariables(tx, model.id), found.id);
    if (usedBy.length > 0 && options.confirmUsedByFormulas !== true) {
      throw variableInUse(
        found.name,
        usedBy.map(({ id, name }) => ({ id, name })),
      );
    }
    const now = clock.now();
    for (const output of await listOutputs(tx, model.id)) {
      if (output.variableId === found.id && output.forecastId) {
        await deleteDerivedForecast(tx, output.forecastId, userId, now);
      }
    }
    const deleted = await tx
      .delete(modelVariables)
      .where(and(eq(modelVariables.id, found.id), eq(modelVariables.modelId, model.id)))
      .returning({ id: modelVariables.id });
    if (deleted.length === 0) throw variableNotFound();
    const kept = Object.entries(model.deletedVariableNames ?? {}).slice(-(DELETED_NAMES_MAX - 1));
    const deletedVariableNames = Object.fromEntries([...kept, [found.id, found.name]]);
    const [saved] = await tx
      .update(models)
      .set({ deletedVariableNames })
      .where(eq(models.id, model.id))
      .returning();
    await refreshModelOutputs(tx, clock, userId, saved ?? model);
    return found.id;
  });
}

/** The model row, locked: every write to a model's variables and outputs holds it first. */
export async function lockModel(tx: Tx, modelId: string, entityId: string): Promise<ModelRow> {
  const model = await findModel(tx, modelId, { lock: true });
  if (!model || model.entityId !== entityId) throw modelNotFound();
  return model;
}

/** Writes a variable's new fields; a variable moved to another model takes its outputs along. */
async function writeVariableRow(
  tx: Tx,
  existing: VariableRow,
  fields: Omit<typeof modelVariables.$inferInsert, 'entityId' | 'sortOrder'> & {
    modelId: string;
    updatedAt: Date;
  },
): Promise<VariableRow> {
  const [saved] = await tx
    .update(modelVariables)
    .set(fields)
    .where(eq(modelVariables.id, existing.id))
    .returning();
  if (!saved) throw variableNotFound();
  if (fields.modelId !== existing.modelId) {
    await tx
      .update(modelOutputs)
      .set({ modelId: fields.modelId, updatedAt: fields.updatedAt })
      .where(eq(modelOutputs.variableId, existing.id));
  }
  return saved;
}

/** A converted input's decimal places, showing its value as precisely as before (5.0% as 0.050). */
function convertedPlaces(from: VariableInputType, to: VariableInputType, places: number): number {
  return from === 'formulas' || to === 'formulas' ? places : convertedDecimalPlaces(from, to, places);
}

function assertNameFree(name: string, siblings: VariableRow[], selfId: string | null) {
  const lower = name.toLowerCase();
  if (siblings.some((row) => row.id !== selfId && row.name.toLowerCase() === lower)) {
    throw badModelInput(MODEL_MESSAGES.duplicateVariableName);
  }
}

/** The segments to store: as sent, or one whole-range segment for `formulas`, checked against the model. */
function resolveSegments(model: ModelRow, input: VariableInput, existing: StoredSegment[]): StoredSegment[] {
  let segments = existing;
  if (input.segments) segments = input.segments;
  else if (input.formulas != null) {
    segments =
      existing.length > 1
        ? existing.map((segment, index) =>
            index === 0 ? { ...segment, formula: input.formulas ?? '' } : segment,
          )
        : [{ formula: input.formulas, startMonth: null, startType: 'auto', endMonth: null, endType: 'auto' }];
  }
  const checked = checkSegments(segments);
  const problem = findSegmentProblem(checked, model.startMonth, model.endMonth);
  if (problem) throw badModelInput(problem);
  return checked;
}

/**
 * A link input reads an account of the same company; never one its own model writes to (or a parent
 * of it), or each save would read back what the model last wrote.
 */
async function checkLink(tx: Tx, model: ModelRow, accountId: string | null) {
  if (!accountId) return;
  const account = await findEntityAccount(tx, model.entityId, accountId);
  if (!account) throw badModelInput('Account not found');
  for (const output of await listOutputs(tx, model.id)) {
    const target = await findEntityAccount(tx, model.entityId, output.accountId);
    if (target && (target.id === account.id || target.ancestry.includes(`/${account.id}/`))) {
      throw badModelInput(MODEL_MESSAGES.linkToOwnOutput);
    }
  }
}
