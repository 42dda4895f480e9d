import { builder } from '../../../graphql/builder';
import { fieldPolicy } from '../../../graphql/fieldPolicy';
import { AccountRef } from '../accounts';
import { requireAccount, requireRule } from '../shared/guardLedgerRow';
import { createRule } from './createRule';
import { applyRule, deleteRule } from './manageRules';
import { RuleRef } from './ruleTypes';

const CreateRulePayloadRef = builder
  .objectRef<Awaited<ReturnType<typeof createRule>>>('CreateRulePayload')
  .implement({
    fields: (t) => ({
      rule: t.field({ type: RuleRef, resolve: (payload) => payload.rule }),
      fromAccount: t.field({ type: AccountRef, resolve: (payload) => payload.fromAccount }),
      toAccount: t.field({ type: AccountRef, resolve: (payload) => payload.toAccount }),
      movedCount: t.exposeInt('movedCount', { description: 'How many entries the rule moved now.' }),
    }),
  });

const ApplyRulePayloadRef = builder
  .objectRef<Awaited<ReturnType<typeof applyRule>>>('ApplyRulePayload')
  .implement({
    fields: (t) => ({
      rule: t.field({ type: RuleRef, resolve: (payload) => payload.rule }),
      fromAccount: t.field({ type: AccountRef, resolve: (payload) => payload.fromAccount }),
      toAccount: t.field({ type: AccountRef, resolve: (payload) => payload.toAccount }),
      movedCount: t.exposeInt('movedCount', { description: 'How many entries moved.' }),
    }),
  });

const DeleteRulePayloadRef = builder
  .objectRef<Awaited<ReturnType<typeof deleteRule>>>('DeleteRulePayload')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id', { description: 'The deleted rule.' }),
      fromAccountId: t.exposeID('fromAccountId', { nullable: true }),
      toAccountId: t.exposeID('toAccountId'),
    }),
  });

const idOrNull = (value: string | number | null | undefined) => (value == null ? null : String(value));

builder.mutationFields((t) => ({
  createRule: t.field({
    // Cost: a bulk move of every matching entry, then the rule.
    ...fieldPolicy({ access: 'bookkeeping', cost: 5_000 }),
    type: CreateRulePayloadRef,
    description:
      'CreateRule (spec §4 rule drop): entries of fromAccount whose name or memo contains searchFilter (case-insensitive, not blank) go to toAccount: those dated on or after date (all when absent) now, and every later import.',
    args: {
      fromAccountId: t.arg.id({ required: true }),
      toAccountId: t.arg.id({ required: true }),
      date: t.arg({ type: 'Date' }),
      searchFilter: t.arg.string({ required: true }),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const from = await requireAccount(ctx, String(args.fromAccountId), 'bookkeeping');
      return createRule(ctx.db, ctx.clock, ctx.requireViewer().userId, {
        entityId: from.entityId,
        fromAccountId: from.id,
        toAccountId: String(args.toAccountId),
        searchFilter: args.searchFilter,
        date: args.date,
        reportId: idOrNull(args.reportId),
      });
    },
  }),
  deleteRule: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: DeleteRulePayloadRef,
    description:
      'DeleteRule: the rule stops applying to later imports; entries it moved stay where they are. Unknown and foreign ids: Rule not found.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const rule = await requireRule(ctx, String(args.id), 'bookkeeping');
      return deleteRule(ctx.db, rule.id);
    },
  }),
  applyRule: t.field({
    // Cost: a bulk move of every matching entry.
    ...fieldPolicy({ access: 'bookkeeping', cost: 5_000 }),
    type: ApplyRulePayloadRef,
    description:
      'ApplyRule: applies a rule again, now, to every entry on its from-account (any date) whose name or memo contains its search filter. Rules otherwise apply only when made and to later imports.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const rule = await requireRule(ctx, String(args.id), 'bookkeeping');
      return applyRule(ctx.db, ctx.clock, ctx.requireViewer().userId, rule.id);
    },
  }),
}));
