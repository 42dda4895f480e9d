import { modelValueToCents } from '@keel/domain';
import { z } from 'zod';
import { evaluateStoredModel } from '../../models';
import { findEntityAccount, listModels, listOutputs, type ModelRow } from '../../models/modelRows';
import { defaultRangeOf } from './assistantReport';
import { formatMonthLabel } from './monthLabel';
import { reportUrl } from './reportUrl';
import { parseToolArgs, textArg } from './toolArgs';
import type { AssistantToolFn, Citation, ModelOutputsData, ToolDeps } from './toolTypes';

/** Months listed per output, at most (a model spans a few years). */
const OUTPUT_MONTHS_MAX = 120;
/** Months cited per output (the first ones with a figure). */
const CITED_MONTHS = 6;

export const modelOutputsArgs = z
  .object({
    model: textArg(200).optional().describe("The model's name or id; default: the company's first model"),
  })
  .strict();

/**
 * A forecasting model's outputs: each output's monthly figures as it writes them into the report (the
 * stored model evaluated by evaluateStoredModel, each number in cents as refreshModelOutputs books it,
 * shown as the report row shows it), with the account it writes to. A name matches any case; without
 * one, the company's first model. Cites the first months of each output on its account's row.
 */
export const modelOutputs: AssistantToolFn<unknown, ModelOutputsData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(modelOutputsArgs, args);
  const models = await listModels(deps.db, entityId);
  const model = pickModel(models, parsed.model);
  const names = models.map((row) => row.name);
  if (!model) return { data: { model: null, models: names, outputs: [] }, citations: [] };
  const [evaluation, outputs] = await Promise.all([
    evaluateStoredModel(deps.db, deps.clock, model),
    listOutputs(deps.db, model.id),
  ]);
  const variableNames = new Map(evaluation.variables.map((row) => [row.id, row.name]));
  const { actualsEndMonth } = defaultRangeOf(deps);
  const citations: Citation[] = [];
  const shown: ModelOutputsData['outputs'] = [];
  for (const output of outputs) {
    const account = await findEntityAccount(deps.db, entityId, output.accountId);
    const name = variableNames.get(output.variableId) ?? 'Output';
    const months = (evaluation.cells.get(output.variableId) ?? [])
      .flatMap((cell) =>
        cell.value !== null && cell.error === null && Number.isFinite(cell.value)
          ? [{ month: cell.month, amountCents: modelValueToCents(cell.value) }]
          : [],
      )
      .slice(0, OUTPUT_MONTHS_MAX);
    shown.push({ name, accountId: output.accountId, accountName: account?.name ?? null, months });
    for (const figure of months.filter((m) => m.amountCents !== 0).slice(0, CITED_MONTHS)) {
      citations.push({
        label: `${model.name}: ${name} in ${formatMonthLabel(figure.month)}`,
        amountCents: figure.amountCents,
        accountId: output.accountId,
        accountName: account?.name ?? null,
        month: figure.month,
        reportUrl: account
          ? reportUrl(await accountPath(deps, entityId, account), figure.month, actualsEndMonth)
          : null,
      });
    }
  }
  return {
    data: {
      model: { id: model.id, name: model.name, startMonth: model.startMonth, endMonth: model.endMonth },
      models: names,
      outputs: shown,
    },
    citations,
  };
};

function pickModel(models: readonly ModelRow[], wanted: string | undefined): ModelRow | undefined {
  if (wanted === undefined) return models[0];
  const target = wanted.toLowerCase();
  return (
    models.find((row) => row.id === wanted) ??
    models.find((row) => row.name.toLowerCase() === target) ??
    models.find((row) => row.name.toLowerCase().includes(target))
  );
}

/** An account's path of names from its root: the report row's key. */
async function accountPath(
  deps: ToolDeps,
  entityId: string,
  account: { id: string; name: string; ancestry: string },
): Promise<string> {
  const names: string[] = [];
  for (const id of account.ancestry.split('/').filter(Boolean)) {
    const ancestor = await findEntityAccount(deps.db, entityId, id);
    if (ancestor) names.push(ancestor.name);
  }
  return [...names, account.name].join('/');
}
