import { asc, eq } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import { builder } from '../../../graphql/builder';
import type { AccountRow } from '../shared/ledgerRows';

/**
 * An account of the chart (spec §3 Account). The ledger module owns its identity fields; the reports
 * module adds figures (amounts, currentBalance, cumulative) with `builder.objectFields(AccountRef, ...)`.
 */
export const AccountRef = builder.objectRef<AccountRow>('Account').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('id', { description: 'The same as id (the spec names both).' }),
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    accountType: t.exposeString('accountType'),
    accountGroup: t.exposeString('accountGroup', {
      nullable: true,
      description: 'Banks, Credit Cards, Investments, Loans or Other; null for income and expense accounts.',
    }),
    complianceCategory: t.exposeString('complianceCategory', { nullable: true }),
    parentId: t.exposeID('parentId', { nullable: true }),
    ancestry: t.exposeString('ancestry', { description: "Slash-separated ancestor ids: '/' for a root." }),
    sign: t.exposeInt('sign', { description: '+1 debit-normal; -1 credit-normal (balances shown negated).' }),
    isMutable: t.exposeBoolean('isMutable'),
    shownWhenEmpty: t.exposeBoolean('shownWhenEmpty', {
      description: 'The report shows it while it has no figures: a person added it and has not hidden it.',
    }),
    refId: t.exposeString('refId', { nullable: true }),
    refType: t.exposeString('refType', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (account) => account.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (account) => account.updatedAt }),
    children: t.field({
      type: [AccountChildRef],
      resolve: (account, _args, ctx) =>
        ctx.db
          .select({ id: accounts.id, name: accounts.name })
          .from(accounts)
          .where(eq(accounts.parentId, account.id))
          .orderBy(asc(accounts.sortOrder), asc(accounts.name)),
    }),
  }),
});

export const AccountChildRef = builder.objectRef<{ id: string; name: string }>('AccountChild').implement({
  fields: (t) => ({ id: t.exposeID('id'), name: t.exposeString('name') }),
});
