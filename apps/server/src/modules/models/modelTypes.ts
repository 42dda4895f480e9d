import { monthBounds } from '@keel/domain';
import { variableGroups, variableInputTypes } from '../../db/schema';
import { builder } from '../../graphql/builder';
import { describeCellFailure } from './describeCellFailure';
import type { ModelCellView, StoredModelEvaluation } from './evaluateStoredModel';
import type { StaleOutputView } from './listStaleOutputs';
import type { ModelAccountRow, ModelRow, OutputRow, VariableRow } from './modelRows';

/** A variable with what the model evaluated for it. */
type VariableView = VariableRow & { cells: ModelCellView[] | null; problem: string | null };
/** A model as the Model query answers it: evaluated once, shown by every field. */
type ModelView = ModelRow & {
  evaluation: StoredModelEvaluation | null;
  outputs: OutputRow[];
  accounts: ModelAccountRow[];
};

const firstDay = (month: string) => monthBounds(month).firstDay;
const lastDay = (month: string) => monthBounds(month).lastDay;

export const VariableGroupRef = builder.enumType('VariableGroup', { values: variableGroups });
export const VariableInputTypeRef = builder.enumType('VariableInputType', {
  description:
    "number, percent (stored as a fraction: 5% is 0.05), currency and month hold one value; list holds a value per month; link reads an account's report figures month by month (actuals through the current month, forecasts after); formulas are computed from segments.",
  values: variableInputTypes,
});
export const SegmentBoundTypeRef = builder.enumType('SegmentBoundType', {
  values: ['month', 'auto'] as const,
});

const SegmentRef = builder.objectRef<VariableRow['segments'][number]>('Segment').implement({
  description:
    "A formula segment (spec §3): its formula applies from its start through its end month. An auto end is the month before the next segment's start, or the model end; only the first segment may start auto (the model start).",
  fields: (t) => ({
    formula: t.exposeString('formula'),
    startMonth: t.field({ type: 'MonthKey', nullable: true, resolve: (s) => s.startMonth }),
    startType: t.field({ type: SegmentBoundTypeRef, resolve: (s) => s.startType }),
    endMonth: t.field({ type: 'MonthKey', nullable: true, resolve: (s) => s.endMonth }),
    endType: t.field({ type: SegmentBoundTypeRef, resolve: (s) => s.endType }),
  }),
});

const MonthAmountRef = builder.objectRef<{ month: string; amount: number }>('MonthAmount').implement({
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', resolve: (m) => m.month }),
    amount: t.exposeFloat('amount'),
  }),
});

const ModelCellRef = builder.objectRef<ModelCellView>('ModelCell').implement({
  description:
    "One month of a variable: a number (value), a text or TRUE/FALSE (text), or why it shows '#ERROR' (error).",
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', resolve: (c) => c.month }),
    value: t.exposeFloat('value', { nullable: true }),
    text: t.exposeString('text', { nullable: true }),
    error: t.exposeString('error', { nullable: true }),
  }),
});

export const VariableRef = builder.objectRef<VariableView>('Variable').implement({
  description: "A row of a model's data sheet (spec §3 Variable): an input or a formula.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    group: t.field({ type: VariableGroupRef, resolve: (v) => v.group }),
    inputType: t.field({ type: VariableInputTypeRef, resolve: (v) => v.inputType }),
    formulas: t.field({
      type: 'String',
      nullable: true,
      description: "The first segment's formula; null for inputs.",
      resolve: (v) => (v.group === 'formulas' ? (v.segments[0]?.formula ?? '') : null),
    }),
    segments: t.field({ type: [SegmentRef], resolve: (v) => v.segments }),
    decimalPlaces: t.exposeInt('decimalPlaces'),
    description: t.exposeString('description'),
    sortOrder: t.exposeInt('sortOrder'),
    modelId: t.exposeID('modelId'),
    entityId: t.exposeID('entityId'),
    value: t.field({
      type: 'String',
      nullable: true,
      description: 'number, percent (a fraction), currency: the number as text; month: YYYY-MM.',
      resolve: (v) => (v.data.value == null ? null : String(v.data.value)),
    }),
    amounts: t.field({
      type: [MonthAmountRef],
      description: "A list input's typed months.",
      resolve: (v) =>
        Object.entries(v.data.amounts ?? {})
          .sort(([a], [b]) => a.localeCompare(b))
          .map(([month, amount]) => ({ month, amount })),
    }),
    accountId: t.field({
      type: 'ID',
      nullable: true,
      description: 'The account a link input reads.',
      resolve: (v) => v.data.accountId ?? null,
    }),
    problem: t.exposeString('problem', {
      nullable: true,
      description:
        "Why the formula cannot be evaluated (tokenization, parsing, unknown function); its cells show '#ERROR'.",
    }),
    values: t.field({
      type: [ModelCellRef],
      description: "The evaluated months of the model (only in the Model query's dataSheet).",
      resolve: (v) => v.cells ?? [],
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const OutputRef = builder
  .objectRef<OutputRow & { variableName: string | null }>('ModelOutput')
  .implement({
    description:
      "An output (spec §3, a 'budget'): writes its variable's monthly values into the report as forecasts on its account.",
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.field({ type: 'String', resolve: (o) => o.variableName ?? 'Output' }),
      accountId: t.exposeID('accountId'),
      variableId: t.exposeID('variableId'),
      modelId: t.exposeID('modelId'),
      entityId: t.exposeID('entityId'),
      forecastId: t.exposeID('forecastId', {
        nullable: true,
        description: 'The forecast it writes (kind model).',
      }),
      staleReason: t.exposeString('staleReason', {
        nullable: true,
        description:
          "Why some of its months cannot be computed (#ERROR), as a clause: 'uses the deleted variable 'Growth''; those months keep the figures it last wrote, marked stale in the report. Null while every month computes.",
      }),
      staleMonths: t.field({
        type: ['MonthKey'],
        description: 'The months that cannot be computed (they keep their last good figures).',
        resolve: (o) => o.staleMonths,
      }),
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

export const StaleModelOutputRef = builder.objectRef<StaleOutputView>('StaleModelOutput').implement({
  description:
    'A model output some of whose months cannot be computed (#ERROR): those months keep the figures it last wrote into the report, marked stale, until the model computes them again.',
  fields: (t) => ({
    outputId: t.exposeID('outputId'),
    modelId: t.exposeID('modelId'),
    modelName: t.exposeString('modelName'),
    variableId: t.exposeID('variableId'),
    variableName: t.exposeString('variableName', { description: 'The variable the output writes.' }),
    accountId: t.exposeID('accountId', { description: 'The account it writes to (the report row).' }),
    accountName: t.exposeString('accountName'),
    reason: t.exposeString('reason', {
      description:
        "Why, as a clause after \"cannot compute 'Tooling cost'\": 'uses the deleted variable 'Growth''.",
    }),
    months: t.field({
      type: ['MonthKey'],
      description: 'The months that cannot be computed, ascending: they show the last good figures.',
      resolve: (s) => s.months,
    }),
    since: t.expose('since', { type: 'DateTime', description: 'When its months first failed.' }),
  }),
});

/** A variable of a model whose cells fail, with why and the outputs that keep stale figures for it. */
type ModelProblemView = {
  variableId: string;
  variableName: string;
  group: VariableRow['group'];
  reason: string;
  months: string[];
  staleOutputs: StaleOutputView[];
};

const ModelProblemRef = builder.objectRef<ModelProblemView>('ModelProblem').implement({
  description: 'A variable whose cells show #ERROR, by name, with why and the outputs it leaves stale.',
  fields: (t) => ({
    variableId: t.exposeID('variableId'),
    variableName: t.exposeString('variableName'),
    group: t.field({ type: VariableGroupRef, resolve: (p) => p.group }),
    reason: t.exposeString('reason', {
      description: "Why its first failing month fails, as a clause: 'uses the deleted variable 'Growth''.",
    }),
    months: t.field({
      type: ['MonthKey'],
      description: 'The months that fail.',
      resolve: (p) => p.months,
    }),
    staleOutputs: t.field({
      type: [StaleModelOutputRef],
      description: 'The outputs writing this variable, which keep their last good figures, marked stale.',
      resolve: (p) => p.staleOutputs,
    }),
  }),
});

/** The model's failing variables in data-sheet order, each with the stale outputs that write it. */
function listModelProblems(model: ModelView): ModelProblemView[] {
  const evaluation = model.evaluation;
  if (!evaluation) return [];
  const names = new Map(evaluation.variables.map((row) => [row.id, row.name]));
  const accountNames = new Map(model.accounts.map((account) => [account.id, account.name]));
  const problems: ModelProblemView[] = [];
  for (const variable of evaluation.variables) {
    const failing = (evaluation.cells.get(variable.id) ?? []).filter((cell) => cell.error !== null);
    const first = failing[0];
    if (!first) continue;
    const staleOutputs = model.outputs
      .filter((output) => output.variableId === variable.id && output.staleReason !== null)
      .map((output) => ({
        outputId: output.id,
        modelId: model.id,
        modelName: model.name,
        variableId: variable.id,
        variableName: variable.name,
        accountId: output.accountId,
        accountName: accountNames.get(output.accountId) ?? 'Account',
        reason: output.staleReason ?? '',
        months: output.staleMonths,
        since: output.staleSince ?? output.updatedAt,
      }));
    problems.push({
      variableId: variable.id,
      variableName: variable.name,
      group: variable.group,
      reason: describeCellFailure(first, names, evaluation.deletedNames),
      months: failing.map((cell) => cell.month),
      staleOutputs,
    });
  }
  return problems;
}

const ModelAccountRef = builder.objectRef<ModelAccountRow>('ModelAccount').implement({
  description:
    "An account a model's pickers offer (link inputs read any; outputs write to those with canOutput).",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    path: t.exposeString('path', { description: "Its name from the root: 'Expenses / Cloud Hosting'." }),
    accountGroup: t.exposeString('accountGroup', { nullable: true }),
    canOutput: t.exposeBoolean('canOutput', {
      description: 'False for Banks, Credit Cards, Investments, Loans and their sub-accounts (spec §9).',
    }),
  }),
});

export const ModelRef = builder.objectRef<ModelView>('Model').implement({
  description: 'A forecasting model (spec §3): inputs, formulas and outputs over a month range.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    modelType: t.exposeString('modelType'),
    entityId: t.exposeID('entityId'),
    startMonth: t.field({ type: 'MonthKey', resolve: (m) => m.startMonth }),
    endMonth: t.field({ type: 'MonthKey', resolve: (m) => m.endMonth }),
    startDate: t.field({
      type: 'Date',
      description: 'First day of the start month.',
      resolve: (m) => firstDay(m.startMonth),
    }),
    endDate: t.field({
      type: 'Date',
      description: 'Last day of the end month.',
      resolve: (m) => lastDay(m.endMonth),
    }),
    months: t.field({ type: ['MonthKey'], resolve: (m) => m.evaluation?.months ?? [] }),
    dataSheet: t.field({
      type: [VariableRef],
      description: 'The variables, by creation, each with its evaluated months.',
      resolve: (m) =>
        (m.evaluation?.variables ?? []).map((row) => ({
          ...row,
          cells: m.evaluation?.cells.get(row.id) ?? null,
          problem: m.evaluation?.problems.get(row.id) ?? null,
        })),
    }),
    budgets: t.field({
      type: [OutputRef],
      description: 'The outputs.',
      resolve: (m) => {
        const names = new Map((m.evaluation?.variables ?? []).map((row) => [row.id, row.name]));
        return m.outputs.map((output) => ({ ...output, variableName: names.get(output.variableId) ?? null }));
      },
    }),
    accounts: t.field({
      type: [ModelAccountRef],
      description: "The company's accounts by path, for the link-input and output pickers.",
      resolve: (m) => m.accounts,
    }),
    problems: t.field({
      type: [ModelProblemRef],
      description:
        'What is broken: each variable whose cells show #ERROR, by name, with why, and the outputs that keep their last good figures for it (stale in the report). Empty when every cell computes.',
      resolve: (m) => listModelProblems(m),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

export const ModelSummaryRef = builder.objectRef<ModelRow>('ModelSummary').implement({
  description: 'A model as the switcher lists it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    startMonth: t.field({ type: 'MonthKey', resolve: (m) => m.startMonth }),
    endMonth: t.field({ type: 'MonthKey', resolve: (m) => m.endMonth }),
  }),
});
