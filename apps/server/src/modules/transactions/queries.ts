import { builder } from '../../graphql/builder';
import { listBookkeepingTransactions } from './service';
import { BookkeepingTransactionsConnectionRef } from './types';

builder.queryFields((t) => ({
  bookkeepingTransactionsConnection: t.field({
    type: BookkeepingTransactionsConnectionRef,
    description:
      'BookkeepingTransactionsConnection (spec §7): actual transactions newest first, 50 a page (spec §9).',
    args: {
      entityId: t.arg.id({ required: true }),
      cursor: t.arg.string({ description: 'endCursor of the previous page.' }),
      nameFilter: t.arg.string({ description: 'Case-insensitive substring of the name.' }),
      accountTypeFilter: t.arg.string({
        description: "An account type or ref type, e.g. 'TPrime::Account' for Keel's deposit accounts.",
      }),
      first: t.arg.int({ description: 'Page size, 1 to 500; default 50.' }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return listBookkeepingTransactions(
        ctx.db,
        { entityId, nameFilter: args.nameFilter, accountTypeFilter: args.accountTypeFilter },
        { first: args.first, cursor: args.cursor },
      );
    },
  }),
}));
