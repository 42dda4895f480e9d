import { monthBounds } from '@keel/domain';
import { variableGroups, variableInputTypes } from '../../db/schema';
import { builder } from '../../graphql/builder';
import type { ModelCellView, StoredModelEvaluation } from './evaluateStoredModel';
import type { ModelAccountRow, ModelRow, OutputRow, VariableRow } from './modelRows';

/** A variable with what the model evaluated for it. */
export type VariableView = VariableRow & { cells: ModelCellView[] | null; problem: string | null };
/** A model as the Model query answers it: evaluated once, shown by every field. */
export type ModelView = ModelRow & {
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

export const SegmentRef = builder.objectRef<VariableRow['segments'][number]>('Segment').implement({
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

export const MonthAmountRef = builder.objectRef<{ month: string; amount: number }>('MonthAmount').implement({
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', resolve: (m) => m.month }),
    amount: t.exposeFloat('amount'),
  }),
});

export const ModelCellRef = builder.objectRef<ModelCellView>('ModelCell').implement({
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
      createdAt: t.expose('createdAt', { type: 'DateTime' }),
    }),
  });

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
