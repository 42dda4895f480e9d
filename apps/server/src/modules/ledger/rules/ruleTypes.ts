import { builder } from '../../../graphql/builder';
import { AccountRef } from '../accounts';
import type { RuleRow } from '../shared/ledgerRows';
import { loadAccount, loadExistingAccount } from '../shared/loadAccount';

/** A rule (spec §3 Rule): moves entries whose name or memo contains searchFilter from one account to another. */
export const RuleRef = builder.objectRef<RuleRow>('Rule').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    searchFilter: t.exposeString('searchFilter'),
    fromAccountId: t.exposeID('fromAccountId', { nullable: true }),
    toAccountId: t.exposeID('toAccountId'),
    fromAccount: t.field({
      type: AccountRef,
      nullable: true,
      resolve: (rule, _args, ctx) => (rule.fromAccountId ? loadAccount(ctx, rule.fromAccountId) : null),
    }),
    toAccount: t.field({
      type: AccountRef,
      resolve: (rule, _args, ctx) => loadExistingAccount(ctx, rule.toAccountId),
    }),
    refId: t.exposeString('refId', { nullable: true }),
    refType: t.exposeString('refType', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (rule) => rule.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (rule) => rule.updatedAt }),
  }),
});
