import { SEARCH_FILTER_MAX } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { listBookkeepingTransactions } from './service';
import { BookkeepingTransactionsConnectionRef } from './types';

builder.queryFields((t) => ({
  bookkeepingTransactionsConnection: t.field({
    // Cost: a search over every transaction of the entity, with its count.
    ...fieldPolicy({ access: 'read', cost: 10_000 }),
    type: BookkeepingTransactionsConnectionRef,
    description:
      'BookkeepingTransactionsConnection (spec §7): actual transactions newest first, 50 a page (spec §9).',
    args: {
      entityId: t.arg.id({ required: true }),
      cursor: t.arg.string({ description: 'endCursor of the previous page.', ...textLimit(128) }),
      nameFilter: t.arg.string({
        description: 'Case-insensitive substring of the name.',
        ...textLimit(SEARCH_FILTER_MAX),
      }),
      accountTypeFilter: t.arg.string({
        description: "An account type or ref type, e.g. 'TPrime::Account' for Keel's deposit accounts.",
        ...textLimit(64),
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
