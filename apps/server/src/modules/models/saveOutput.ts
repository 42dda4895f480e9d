import { MODEL_EXCLUDED_ACCOUNT_GROUPS, MODEL_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { modelOutputs } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { deleteDerivedForecast } from '../ledger/forecasts';
import { badModelInput, outputNotFound, variableNotFound } from './modelErrors';
import {
  findEntityAccount,
  findOutput,
  findVariable,
  listVariables,
  type ModelRow,
  type OutputRow,
} from './modelRows';
import { refreshModelOutputs } from './refreshModelOutputs';
import { lockModel } from './saveVariable';

/**
 * CreateBudget: an output writing the variable's monthly values into the report as forecasts on the
 * account (spec §3 Output), right away.
 */
export async function createOutput(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: { variableId: string; accountId: string },
): Promise<OutputRow> {
  return writeTransaction(db, async (tx) => {
    const variable = await findVariable(tx, input.variableId);
    if (!variable) throw variableNotFound();
    const model = await lockModel(tx, variable.modelId, variable.entityId);
    await checkOutputAccount(tx, model, input.accountId);
    const now = clock.now();
    const [row] = await tx
      .insert(modelOutputs)
      .values({
        entityId: model.entityId,
        modelId: model.id,
        variableId: variable.id,
        accountId: input.accountId,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('Output insert returned nothing');
    await refreshModelOutputs(tx, clock, userId, model);
    return (await findOutput(tx, row.id)) ?? row;
  });
}

/** UpdateBudget: another variable of the same model, or another account; the forecast follows. */
export async function updateOutput(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: { outputId: string; variableId?: string | null; accountId?: string | null },
): Promise<OutputRow> {
  return writeTransaction(db, async (tx) => {
    const found = await findOutput(tx, input.outputId);
    if (!found) throw outputNotFound();
    const model = await lockModel(tx, found.modelId, found.entityId);
    const variableId = input.variableId ?? found.variableId;
    const variable = await findVariable(tx, variableId);
    if (!variable || variable.entityId !== model.entityId) throw variableNotFound();
    if (variable.modelId !== model.id) throw badModelInput(MODEL_MESSAGES.outputNotFormula);
    const accountId = input.accountId ?? found.accountId;
    await checkOutputAccount(tx, model, accountId);
    const now = clock.now();
    if (accountId !== found.accountId && found.forecastId) {
      // The forecast moves with the output: the old account's months leave the report.
      await deleteDerivedForecast(tx, found.forecastId, userId, now);
    }
    await tx
      .update(modelOutputs)
      .set({
        variableId,
        accountId,
        forecastId: accountId !== found.accountId ? null : found.forecastId,
        updatedAt: now,
      })
      .where(eq(modelOutputs.id, found.id));
    await refreshModelOutputs(tx, clock, userId, model);
    const row = await findOutput(tx, found.id);
    if (!row) throw outputNotFound();
    return row;
  });
}

/** DeleteBudget: the output and its forecast; the report's months go back to what else forecasts them. */
export async function deleteOutput(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  outputId: string,
): Promise<string> {
  return writeTransaction(db, async (tx) => {
    const found = await findOutput(tx, outputId);
    if (!found) throw outputNotFound();
    await lockModel(tx, found.modelId, found.entityId);
    if (found.forecastId) await deleteDerivedForecast(tx, found.forecastId, userId, clock.now());
    await tx.delete(modelOutputs).where(eq(modelOutputs.id, found.id));
    return found.id;
  });
}

/**
 * An output's account: one of the company's, outside Banks, Credit Cards, Investments and Loans (spec
 * §9), and not one a link input of the model reads (it would read back what the model wrote).
 */
async function checkOutputAccount(tx: Tx, model: ModelRow, accountId: string) {
  const account = await findEntityAccount(tx, model.entityId, accountId);
  if (!account) throw badModelInput('Account not found');
  if ((MODEL_EXCLUDED_ACCOUNT_GROUPS as readonly string[]).includes(account.accountGroup ?? '')) {
    throw badModelInput(MODEL_MESSAGES.bankOutput);
  }
  for (const variable of await listVariables(tx, model.id)) {
    const linked = variable.inputType === 'link' ? variable.data.accountId : null;
    if (linked && (linked === account.id || account.ancestry.includes(`/${linked}/`))) {
      throw badModelInput(MODEL_MESSAGES.linkToOwnOutput);
    }
  }
}
