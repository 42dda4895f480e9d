import { builder } from '../../graphql/builder';
import { requireFeature } from '../../graphql/errors';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { bankingDepsOf } from './bankingContext';
import { settleDueBanking } from './bookBankPostings';
import { listDepositAccounts } from './depositAccounts';
import { DocumentsRef } from './documentsTypes';
import { fileDueTaxDocuments } from './taxDocuments';

builder.queryFields((t) => ({
  documents: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: DocumentsRef,
    description:
      "Documents(entityId) (spec §7): a fresh single-use file download token for the viewer and this company (made only when `fileToken` is asked for), and the company's deposit accounts, each with its statement months and tax documents. Settles the accounts and files the tax documents due first, so last month's statement has its interest and last year's Form 1099-INT is there.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      requireFeature(ctx.config.FEATURES, 'banking');
      const viewer = ctx.requireViewer();
      await settleDueBanking(bankingDepsOf(ctx), entityId);
      await fileDueTaxDocuments(ctx.db, ctx.clock, entityId);
      return { entityId, userId: viewer.userId, accounts: await listDepositAccounts(ctx.db, entityId) };
    },
  }),
}));
