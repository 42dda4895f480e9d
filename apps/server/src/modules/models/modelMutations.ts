import { FORMULA_TEXT_MAX, monthKeyOfDate, SEGMENTS_MAX, VARIABLE_DESCRIPTION_MAX } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { type Payload, userErrorPayload } from '../../graphql/userErrorPayload';
import { requireModel, requireOutput, requireVariable } from './guardModelRow';
import { modelNotFound } from './modelErrors';
import type { ModelRow, VariableRow } from './modelRows';
import {
  ModelSummaryRef,
  OutputRef,
  SegmentBoundTypeRef,
  VariableGroupRef,
  VariableInputTypeRef,
  VariableRef,
} from './modelTypes';
import { createModel, deleteModel, updateModel } from './saveModel';
import { createOutput, deleteOutput, updateOutput } from './saveOutput';
import { createVariable, deleteVariable, updateVariable } from './saveVariable';

const SegmentInputRef = builder.inputType('SegmentInput', {
  fields: (t) => ({
    formula: t.string({ required: true, ...textLimit(FORMULA_TEXT_MAX) }),
    startMonth: t.field({ type: 'MonthKey' }),
    startType: t.field({ type: SegmentBoundTypeRef, required: true }),
    endMonth: t.field({ type: 'MonthKey' }),
    endType: t.field({ type: SegmentBoundTypeRef, required: true }),
  }),
});

const MonthAmountInputRef = builder.inputType('MonthAmountInput', {
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', required: true }),
    amount: t.float({ required: true }),
  }),
});

const IdPayloadRef = builder.objectRef<Payload<string>>('ModelDeletePayload').implement({
  description: 'The deleted id, or null with the errors that refused it.',
  fields: (t) => ({
    id: t.field({ type: 'ID', nullable: true, resolve: (p) => p.result }),
    errors: t.stringList({ resolve: (p) => p.errors }),
  }),
});

const VariablePayloadRef = builder.objectRef<Payload<VariableRow>>('VariablePayload').implement({
  fields: (t) => ({
    variable: t.field({
      type: VariableRef,
      nullable: true,
      resolve: (p) => (p.result ? { ...p.result, cells: null, problem: null } : null),
    }),
    errors: t.stringList({ resolve: (p) => p.errors }),
  }),
});

const monthOf = (date: string | null | undefined) => (date == null ? null : monthKeyOfDate(date));

const variableArgs = (t: Parameters<Parameters<typeof builder.mutationFields>[0]>[0]) => ({
  name: t.arg.string(),
  group: t.arg({ type: VariableGroupRef }),
  inputType: t.arg({ type: VariableInputTypeRef }),
  formulas: t.arg.string({
    ...textLimit(FORMULA_TEXT_MAX),
    description: 'The formula over the whole model.',
  }),
  segments: t.arg({ type: [SegmentInputRef], extensions: { maxItems: SEGMENTS_MAX } }),
  value: t.arg.string({
    description: 'number/currency: the number; percent: typed in percent (5 is 5%); month: YYYY-MM.',
  }),
  amounts: t.arg({ type: [MonthAmountInputRef], description: "A list input's values per month." }),
  accountId: t.arg.id({ description: 'The account a link input reads.' }),
  decimalPlaces: t.arg.int(),
  description: t.arg.string({ ...textLimit(VARIABLE_DESCRIPTION_MAX) }),
  startDate: t.arg({ type: 'Date', description: 'Accepted for the spec; a variable spans its model.' }),
  endDate: t.arg({ type: 'Date', description: 'Accepted for the spec; a variable spans its model.' }),
});

builder.mutationFields((t) => ({
  createModel: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: ModelSummaryRef,
    description:
      "CreateModel: a model named name (default 'New Model') from startDate's month through endDate's month (default January last year through March two years ahead).",
    args: {
      entityId: t.arg.id({ required: true }),
      name: t.arg.string(),
      modelType: t.arg.string({ ...textLimit(40) }),
      startDate: t.arg({ type: 'Date' }),
      endDate: t.arg({ type: 'Date' }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return createModel(ctx.db, ctx.clock, {
        entityId,
        name: args.name,
        modelType: args.modelType,
        startMonth: monthOf(args.startDate),
        endMonth: monthOf(args.endDate),
      });
    },
  }),
  updateModel: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: ModelSummaryRef,
    description:
      'UpdateModel: a new name, or a new range (startDate: the start month, sent as its first day; endDate: the end month, sent as its last day). Its outputs are rewritten for the new range.',
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      startDate: t.arg({ type: 'Date' }),
      endDate: t.arg({ type: 'Date' }),
    },
    resolve: async (_root, args, ctx): Promise<ModelRow> => {
      const model = await requireModel(ctx, String(args.id), 'bookkeeping');
      return updateModel(ctx.db, ctx.clock, ctx.requireViewer().userId, {
        modelId: model.id,
        name: args.name,
        startMonth: monthOf(args.startDate),
        endMonth: monthOf(args.endDate),
      });
    },
  }),
  deleteModel: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: IdPayloadRef,
    description:
      "DeleteModel: the model, its variables, outputs and their forecasts; refused for the company's last model.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const model = await requireModel(ctx, String(args.id), 'bookkeeping');
      return userErrorPayload(() => deleteModel(ctx.db, ctx.clock, ctx.requireViewer().userId, model.id));
    },
  }),
  createVariable: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: VariablePayloadRef,
    description:
      "CreateVariable: an input (group inputs; 'New Input', 'New Input (1)', ... when unnamed) or a formula (default 'New Formula') at the end of the model's data sheet.",
    args: {
      entityId: t.arg.id({ required: true }),
      modelId: t.arg.id({ required: true }),
      ...variableArgs(t),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      const model = await requireModel(ctx, String(args.modelId), 'bookkeeping');
      if (model.entityId !== entityId) throw modelNotFound();
      return userErrorPayload(() =>
        createVariable(ctx.db, ctx.clock, ctx.requireViewer().userId, {
          ...variableFields(args),
          entityId,
          modelId: model.id,
        }),
      );
    },
  }),
  updateVariable: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: VariablePayloadRef,
    description:
      "UpdateVariable: new fields (absent ones stay); modelId moves it, with its outputs, to another model of the company. Outputs are rewritten. Converting an input's type keeps its value's meaning (5% becomes the number 0.05); a conversion that cannot (a percentage and a currency, a month and a number) is refused while the input holds a value. A change that moves one of the models' outputs more than 10× in a month is refused with CONFIRMATION_REQUIRED (extensions.largeChanges: outputId, variableName, accountName, month, fromCents, toCents, monthsMoved), writing nothing, unless confirmLargeChange is true.",
    args: {
      variableId: t.arg.id({ required: true }),
      modelId: t.arg.id(),
      ...variableArgs(t),
      confirmLargeChange: t.arg.boolean({
        description:
          'True saves a change that moves an output more than 10× in a month, after the person saw its effect (the CONFIRMATION_REQUIRED refusal of the same call without it).',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const variable = await requireVariable(ctx, String(args.variableId), 'bookkeeping');
      if (args.modelId != null) {
        const target = await requireModel(ctx, String(args.modelId), 'bookkeeping');
        if (target.entityId !== variable.entityId) throw modelNotFound();
      }
      return userErrorPayload(() =>
        updateVariable(ctx.db, ctx.clock, ctx.requireViewer().userId, {
          ...variableFields(args),
          variableId: variable.id,
          modelId: args.modelId == null ? null : String(args.modelId),
          confirmLargeChange: args.confirmLargeChange === true,
        }),
      );
    },
  }),
  deleteVariable: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: IdPayloadRef,
    description:
      "DeleteVariable: the variable and its outputs (their forecasts leave the report). Formulas reading it then show #ERROR and the outputs they write keep their last good figures, marked stale; so a variable that formulas read is refused with CONFIRMATION_REQUIRED (extensions.usedBy: the formulas' id and name), deleting nothing, unless confirmUsedByFormulas is true.",
    args: {
      variableId: t.arg.id({ required: true }),
      confirmUsedByFormulas: t.arg.boolean({
        description:
          'True deletes a variable that formulas read, after the person saw which (the CONFIRMATION_REQUIRED refusal of the same call without it).',
      }),
    },
    resolve: async (_root, args, ctx) => {
      const variable = await requireVariable(ctx, String(args.variableId), 'bookkeeping');
      return userErrorPayload(() =>
        deleteVariable(ctx.db, ctx.clock, ctx.requireViewer().userId, variable.id, {
          confirmUsedByFormulas: args.confirmUsedByFormulas === true,
        }),
      );
    },
  }),
  createBudget: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: OutputRef,
    description:
      "CreateBudget: an output writing the variable's monthly values into the report as forecasts on accountId (not Banks, Credit Cards, Investments, Loans or their sub-accounts).",
    args: { variableId: t.arg.id({ required: true }), accountId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const variable = await requireVariable(ctx, String(args.variableId), 'bookkeeping');
      const row = await createOutput(ctx.db, ctx.clock, ctx.requireViewer().userId, {
        variableId: variable.id,
        accountId: String(args.accountId),
      });
      return { ...row, variableName: variable.name };
    },
  }),
  updateBudget: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: OutputRef,
    description: 'UpdateBudget: another variable of the model, or another account; the forecast follows.',
    args: { budgetId: t.arg.id({ required: true }), variableId: t.arg.id(), accountId: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      const output = await requireOutput(ctx, String(args.budgetId), 'bookkeeping');
      const row = await updateOutput(ctx.db, ctx.clock, ctx.requireViewer().userId, {
        outputId: output.id,
        variableId: args.variableId == null ? null : String(args.variableId),
        accountId: args.accountId == null ? null : String(args.accountId),
      });
      return { ...row, variableName: null };
    },
  }),
  deleteBudget: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: 'ID',
    description: 'DeleteBudget: the output and its forecast.',
    args: { budgetId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const output = await requireOutput(ctx, String(args.budgetId), 'bookkeeping');
      return deleteOutput(ctx.db, ctx.clock, ctx.requireViewer().userId, output.id);
    },
  }),
}));

type VariableArgs = {
  name?: string | null;
  group?: VariableRow['group'] | null;
  inputType?: VariableRow['inputType'] | null;
  formulas?: string | null;
  segments?:
    | {
        formula: string;
        startMonth?: string | null;
        startType: 'month' | 'auto';
        endMonth?: string | null;
        endType: 'month' | 'auto';
      }[]
    | null;
  value?: string | null;
  amounts?: { month: string; amount: number }[] | null;
  accountId?: string | number | null;
  decimalPlaces?: number | null;
  description?: string | null;
};

function variableFields(args: VariableArgs) {
  return {
    name: args.name,
    group: args.group,
    inputType: args.inputType,
    formulas: args.formulas,
    segments: args.segments?.map((segment) => ({
      formula: segment.formula,
      startMonth: segment.startMonth ?? null,
      startType: segment.startType,
      endMonth: segment.endMonth ?? null,
      endType: segment.endType,
    })),
    // 'value' distinguishes absent (keep) from null (clear).
    ...(args.value === undefined ? {} : { value: args.value }),
    amounts: args.amounts,
    ...(args.accountId === undefined
      ? {}
      : { accountId: args.accountId == null ? null : String(args.accountId) }),
    decimalPlaces: args.decimalPlaces,
    description: args.description,
  };
}
