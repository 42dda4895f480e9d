import { builder } from '../../../graphql/builder';
import { fieldPolicy } from '../../../graphql/fieldPolicy';
import { requireAccount } from '../shared/guardLedgerRow';
import { AccountRef } from './accountTypes';
import { createAccount } from './createAccount';
import { deleteAccount } from './deleteAccount';
import { setAccountShownWhenEmpty } from './setAccountShownWhenEmpty';
import { updateAccount } from './updateAccount';

const DeleteAccountPayloadRef = builder
  .objectRef<Awaited<ReturnType<typeof deleteAccount>>>('DeleteAccountPayload')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id', { description: 'The deleted account.' }),
      parent: t.field({
        type: AccountRef,
        description: 'The parent, which now holds its entries, rollups, forecasts, rules and sub-accounts.',
        resolve: (payload) => payload.parent,
      }),
      movedEntryCount: t.exposeInt('movedEntryCount', { description: 'Entries moved to the parent.' }),
    }),
  });

const reportIdOf = (value: string | number | null | undefined) => (value == null ? null : String(value));

builder.mutationFields((t) => ({
  createAccount: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: AccountRef,
    description:
      "CreateAccount (spec §2 'Add Sub-Account'): a mutable sub-account of parentId with the parent's type, group and sign. Name trimmed, not blank ('Name is required').",
    args: {
      name: t.arg.string({ required: true }),
      entityId: t.arg.id({ required: true }),
      parentId: t.arg.id({ required: true }),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return createAccount(ctx.db, ctx.clock, {
        entityId,
        parentId: String(args.parentId),
        name: args.name,
        reportId: reportIdOf(args.reportId),
        // A person added it: the report shows it while empty, until they hide it.
        shownWhenEmpty: true,
      });
    },
  }),
  setAccountShownWhenEmpty: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: AccountRef,
    description:
      "Whether the report shows the account while it has no figures: 'Hide When Empty' (false) or 'Always Show' (true) in the row menu. A person's new sub-account starts shown.",
    args: {
      id: t.arg.id({ required: true }),
      shown: t.arg.boolean({ required: true }),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const account = await requireAccount(ctx, String(args.id), 'bookkeeping');
      return setAccountShownWhenEmpty(ctx.db, ctx.clock, {
        id: account.id,
        shown: args.shown,
        reportId: reportIdOf(args.reportId),
      });
    },
  }),
  updateAccount: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: AccountRef,
    description: "UpdateAccount: renames a mutable account ('Account cannot be renamed' otherwise).",
    args: { id: t.arg.id({ required: true }), name: t.arg.string({ required: true }), reportId: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      const account = await requireAccount(ctx, String(args.id), 'bookkeeping');
      return updateAccount(ctx.db, ctx.clock, {
        id: account.id,
        name: args.name,
        reportId: reportIdOf(args.reportId),
      });
    },
  }),
  deleteAccount: t.field({
    // Cost: moves every entry, rollup, forecast and rule of the account to its parent.
    ...fieldPolicy({ access: 'bookkeeping', cost: 5_000 }),
    type: DeleteAccountPayloadRef,
    description:
      "DeleteAccount: deletes a mutable account ('Account cannot be deleted' otherwise). Nothing is lost: its entries, monthly rollups, forecasts, rules and sub-accounts go to its parent, in one transaction.",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const account = await requireAccount(ctx, String(args.id), 'bookkeeping');
      return deleteAccount(ctx.db, ctx.clock, ctx.viewer?.userId ?? null, { id: account.id });
    },
  }),
}));
