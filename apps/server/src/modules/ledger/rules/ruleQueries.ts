import { builder } from '../../../graphql/builder';
import { fieldPolicy } from '../../../graphql/fieldPolicy';
import { requireAccount } from '../shared/guardLedgerRow';
import { listAccountRules } from './manageRules';
import { RuleRef } from './ruleTypes';

builder.queryFields((t) => ({
  accountRules: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [RuleRef],
    description:
      "The rules that move entries out of or into an account, newest first (the drawer's rules list).",
    args: { accountId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const account = await requireAccount(ctx, String(args.accountId), 'read');
      return listAccountRules(ctx.db, account.entityId, account.id);
    },
  }),
}));
