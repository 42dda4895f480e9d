import { desc, eq } from 'drizzle-orm';
import { bankTransfers, depositAccounts } from '../../db/schema';
import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { bankingDepsOf } from './bankingContext';
import { BankTransferRef, ProviderBankAccountRef, TransferLimitsRef, VendorRef } from './bankingTypes';
import { requestMirrorIfStale } from './bankMirrorSchedule';
import './bankMirrorTypes';
import { requireDepositAccount } from './cardContext';
import { listDepositAccounts } from './depositAccounts';
import { transferLimitsOf } from './sendTransfer';
import { listVendors } from './vendors';

builder.queryFields((t) => ({
  providerBankAccounts: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [ProviderBankAccountRef],
    description:
      "The company's Keel deposit accounts (/keel-checking: Account, Account Number masked, Routing Number, Money Earned, Balance), oldest first, as the last mirror of the bank left them (mirroredAt, mirrorError): the BankMirror job brings them up to date on a schedule; a read never calls the bank or waits for it. Empty on a server without banking (serverFeatures).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      if (ctx.config.FEATURES.banking === 'off') return [];
      const accounts = await listDepositAccounts(ctx.db, entityId);
      await requestMirrorIfStale(ctx, entityId, accounts);
      return accounts;
    },
  }),
  transfers: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [BankTransferRef],
    description:
      "The company's ACH and wire transfers, newest first (at most 500), as the last mirror of the bank left them (see providerBankAccounts). Empty on a server without banking (serverFeatures).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      if (ctx.config.FEATURES.banking === 'off') return [];
      await requestMirrorIfStale(
        ctx,
        entityId,
        await ctx.db
          .select({ mirroredAt: depositAccounts.mirroredAt, status: depositAccounts.status })
          .from(depositAccounts)
          .where(eq(depositAccounts.entityId, entityId)),
      );
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
      await requestMirrorIfStale(ctx, account.entityId, [account]);
      return transferLimitsOf(bankingDepsOf(ctx), account);
    },
  }),
}));
