import { desc, eq } from 'drizzle-orm';
import { bankTransfers } from '../../db/schema';
import { builder } from '../../graphql/builder';
import { requireFeature } from '../../graphql/errors';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { bankingDepsOf } from './bankingContext';
import { BankTransferRef, ProviderBankAccountRef, TransferLimitsRef, VendorRef } from './bankingTypes';
import { settleDueBanking } from './bookBankPostings';
import { requireDepositAccount } from './cardContext';
import { listDepositAccounts } from './depositAccounts';
import { transferLimitsOf } from './sendTransfer';
import { listVendors } from './vendors';

builder.queryFields((t) => ({
  providerBankAccounts: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [ProviderBankAccountRef],
    description:
      "The company's Keel deposit accounts (/keel-checking: Account, Account Number masked, Routing Number, Money Earned, Balance), oldest first; settlements and interest due are applied first. Empty on a server without banking (serverFeatures).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      if (ctx.config.FEATURES.banking === 'off') return [];
      await settleDueBanking(bankingDepsOf(ctx), entityId);
      return listDepositAccounts(ctx.db, entityId);
    },
  }),
  transfers: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [BankTransferRef],
    description:
      "The company's ACH and wire transfers, newest first (at most 500). Empty on a server without banking (serverFeatures).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      if (ctx.config.FEATURES.banking === 'off') return [];
      await settleDueBanking(bankingDepsOf(ctx), entityId);
      return ctx.db
        .select()
        .from(bankTransfers)
        .where(eq(bankTransfers.entityId, entityId))
        .orderBy(desc(bankTransfers.createdAt), desc(bankTransfers.id))
        .limit(500);
    },
  }),
  vendors: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [VendorRef],
    description: "GetVendors: the company's payees by name.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return listVendors(ctx.db, entityId);
    },
  }),
  tprimeTransferLimits: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: TransferLimitsRef,
    description:
      "tprimeTransferLimits(tprimeAccountId) (spec §7): the deposit account's daily limits per rail, what today's transfers used and what is left. Another company's account is 'Account not found'.",
    args: { tprimeAccountId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const account = await requireDepositAccount(ctx, String(args.tprimeAccountId), 'read');
      requireFeature(ctx.config.FEATURES, 'banking');
      const deps = bankingDepsOf(ctx);
      await settleDueBanking(deps, account.entityId);
      return transferLimitsOf(deps, account);
    },
  }),
}));
