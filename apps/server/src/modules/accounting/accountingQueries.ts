import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { QuickbooksAccountRef, QuickbooksConnectionRef } from './accountingTypes';
import { listQuickbooksAccounts } from './listQuickbooksAccounts';
import { findLiveQuickbooksConnection } from './quickbooksConnectionRows';

builder.queryFields((t) => ({
  quickbooksConnection: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: QuickbooksConnectionRef,
    nullable: true,
    description:
      "The company's QuickBooks Online connection (connected, or needing the user to sign in again); null when it has none or it was disconnected, and on a server without QuickBooks (serverFeatures).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      if (ctx.config.FEATURES.quickbooks === 'off') return null;
      return findLiveQuickbooksConnection(ctx.db, entityId);
    },
  }),
  quickbooksAccounts: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [QuickbooksAccountRef],
    description:
      "quickbooksAccounts (spec §7): the accounts of the company's QuickBooks company file as last synced, in QuickBooks' order (by type, then name), with their balances; empty when it is not connected, and on a server without QuickBooks.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      if (ctx.config.FEATURES.quickbooks === 'off') return [];
      return listQuickbooksAccounts(ctx.db, entityId);
    },
  }),
}));
