import { LINK_PROVIDERS, type LinkProvider } from '../../db/schema';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { readAccountsOverview } from './accountsOverview';
import { MoneykitLinkRef, PlaidItemRef } from './linkingTypes';
import { listLinkViews } from './linkViews';
import { AccountsOverviewRef } from './overviewTypes';

/** How the web links a bank through a provider: its built-in sandbox dialog, or the vendor's own widget. */
const AggregatorModeRef = builder
  .objectRef<{ provider: LinkProvider; sandbox: boolean }>('AggregatorMode')
  .implement({
    fields: (t) => ({
      provider: t.exposeString('provider', {
        description: "'plaid' (provider A) or 'moneykit' (provider B).",
      }),
      sandbox: t.exposeBoolean('sandbox', {
        description:
          "True: the provider is Keel's built-in sandbox (link with its own dialog); false: the vendor's API (open Plaid Link or MoneyKit Connect).",
      }),
    }),
  });

builder.queryFields((t) => ({
  aggregatorModes: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: [AggregatorModeRef],
    description:
      "Each bank aggregator this server offers (provider A: plaid, B: moneykit; one DISABLED_FEATURES names is left out) and whether it is this server's built-in sandbox or the vendor's API (chosen by the server's keys).",
    resolve: (_root, _args, ctx) => {
      ctx.requireViewer();
      return LINK_PROVIDERS.filter((provider) => ctx.config.FEATURES[provider] !== 'off').map((provider) => ({
        provider,
        sandbox: ctx.providers.aggregators[provider].kind === 'sandbox',
      }));
    },
  }),
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
