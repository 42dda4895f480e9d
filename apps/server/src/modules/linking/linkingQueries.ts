import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { readAccountsOverview } from './accountsOverview';
import { MoneykitLinkRef, PlaidItemRef } from './linkingTypes';
import { listLinkViews } from './linkViews';
import { AccountsOverviewRef } from './overviewTypes';

builder.queryFields((t) => ({
  plaidItems: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [PlaidItemRef],
    description:
      "LinkedAccounts / GetPlaidItems(entityId) (spec §7): the company's banks linked through provider A, oldest first, with their accounts and balances.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return listLinkViews(ctx.db, entityId, 'plaid');
    },
  }),
  moneykitLinks: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [MoneykitLinkRef],
    description:
      "LinkedAccounts / GetMoneykitLinks(entityId) (spec §7): the company's banks linked through provider B, oldest first, with their accounts and balances.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return listLinkViews(ctx.db, entityId, 'moneykit');
    },
  }),
  accountsOverview: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: AccountsOverviewRef,
    description:
      'AccountsOverview(entityId) (spec §2 /accounts): the linked accounts grouped Cash, Credit Cards, Investments, Loans and Other, the summary of assets and liabilities, and the net worth and total assets series (a point a month, cents), all from the books.',
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return readAccountsOverview(ctx.db, entityId, ctx.clock.now());
    },
  }),
}));
