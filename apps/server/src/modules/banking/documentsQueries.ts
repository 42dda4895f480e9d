import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { requestMirrorIfStale } from './bankMirrorSchedule';
import { listDepositAccounts } from './depositAccounts';
import { DocumentsRef } from './documentsTypes';

builder.queryFields((t) => ({
  documents: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: DocumentsRef,
    description:
      "Documents(entityId) (spec §7): a fresh single-use file download token for the viewer and this company (made only when `fileToken` is asked for), and the company's deposit accounts, each with its statement months and tax documents, as the last mirror of the bank left them (mirroredAt): the BankMirror job credits a month's interest once it is over and files the Forms 1099-INT due; a read never settles, files or calls the bank.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      requireFeature(ctx.config.FEATURES, 'banking');
      const viewer = ctx.requireViewer();
      const accounts = await listDepositAccounts(ctx.db, entityId);
      await requestMirrorIfStale(ctx, entityId, accounts);
      return { entityId, userId: viewer.userId, accounts };
    },
  }),
}));
