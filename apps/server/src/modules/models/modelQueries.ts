import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { evaluateStoredModel } from './evaluateStoredModel';
import { modelNotFound } from './modelErrors';
import { findModel, listEntityVariables, listModelAccounts, listModels, listOutputs } from './modelRows';
import { ModelRef, ModelSummaryRef, VariableRef } from './modelTypes';

builder.queryFields((t) => ({
  model: t.field({
    ...fieldPolicy({ access: 'read', cost: 10 }),
    type: ModelRef,
    nullable: true,
    description:
      "Model(modelId, entityId): the model evaluated over its months, with its variables and outputs. Without modelId, the company's first model; null when it has none.",
    args: { entityId: t.arg.id({ required: true }), modelId: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      const model =
        args.modelId == null
          ? ((await listModels(ctx.db, entityId))[0] ?? null)
          : await findModel(ctx.db, String(args.modelId));
      if (!model) {
        if (args.modelId == null) return null;
        throw modelNotFound();
      }
      if (model.entityId !== entityId) throw modelNotFound();
      const [evaluation, outputs, accounts] = await Promise.all([
        evaluateStoredModel(ctx.db, ctx.clock, model),
        listOutputs(ctx.db, model.id),
        listModelAccounts(ctx.db, entityId),
      ]);
      return { ...model, evaluation, outputs, accounts };
    },
  }),
  models: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [ModelSummaryRef],
    description: "The company's models, oldest first (the model switcher).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return listModels(ctx.db, entityId);
    },
  }),
  getVariables: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [VariableRef],
    description:
      "GetVariables(entityId): every variable of the company's models (the formula editor's completion).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      const rows = await listEntityVariables(ctx.db, entityId);
      return rows.map((row) => ({ ...row, cells: null, problem: null }));
    },
  }),
}));
