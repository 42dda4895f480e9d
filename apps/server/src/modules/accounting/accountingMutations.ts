import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { replyOfContext } from '../../graphql/replyOfContext';
import { JobStatusRef } from '../jobs/jobTypes';
import { accountingDepsOf } from './accountingDeps';
import { quickbooksLoginRequired, quickbooksNotConnected } from './accountingErrors';
import { DeleteQuickbooksConnectionPayloadRef, QuickbooksConnectionPayloadRef } from './accountingTypes';
import { createQuickbooksConnection } from './createQuickbooksConnection';
import { deleteQuickbooksConnection } from './deleteQuickbooksConnection';
import { quickbooksBindingCookie } from './quickbooksBrowserBinding';
import { findLiveQuickbooksConnection } from './quickbooksConnectionRows';
import { enqueueQuickbooksSync } from './quickbooksSyncJob';

/** The accounting connection is one of the company's integrations: owners and admins (manageEntity). */
const MANAGE = 'manageEntity' as const;

builder.mutationFields((t) => ({
  createQuickbooksConnection: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: QuickbooksConnectionPayloadRef,
    description:
      "CreateQuickbooksConnection(entityId) (spec §7): the address of QuickBooks' consent screen, to which the browser redirects. The answer also sets an HttpOnly cookie that binds the flow to this browser: only the browser that made this call can finish it. Consenting connects the company (or, when connected already to the same company file, reconnects it with new tokens) and queues its first sync (QuickbooksSync); the callback sends the browser to /settings/integrations with the outcome. Owners and admins only.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, MANAGE);
      requireFeature(ctx.config.FEATURES, 'quickbooks');
      const viewer = ctx.requireViewer();
      const { oauthUrl, browser } = await createQuickbooksConnection(accountingDepsOf(ctx), {
        entityId,
        userId: viewer.userId,
      });
      const cookie = quickbooksBindingCookie(ctx.config, browser.state);
      replyOfContext(ctx).setCookie(cookie.name, browser.binding, cookie.options);
      return { oauthUrl };
    },
  }),
  syncQuickbooks: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: JobStatusRef,
    description:
      "Queues a sync of the company's QuickBooks company file now (job QuickbooksSync); while one is queued or running, that one is answered. NOT_FOUND 'QuickBooks is not connected' without a connection; BAD_USER_INPUT when QuickBooks needs the user to sign in again (connect again first).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, MANAGE);
      requireFeature(ctx.config.FEATURES, 'quickbooks');
      const viewer = ctx.requireViewer();
      const connection = await findLiveQuickbooksConnection(ctx.db, entityId);
      if (!connection) throw quickbooksNotConnected();
      if (connection.status === 'login_required') throw quickbooksLoginRequired();
      return enqueueQuickbooksSync(ctx.db, {
        entityId,
        realmId: connection.realmId,
        createdBy: viewer.userId,
      });
    },
  }),
  deleteQuickbooksConnection: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: DeleteQuickbooksConnectionPayloadRef,
    description:
      "Disconnects the company from QuickBooks: revokes Keel's access at Intuit, cancels a sync under way and switches apiFlags.qbo off. The books imported so far stay (the history is kept); connecting the same company file again carries on without importing anything twice. NOT_FOUND 'QuickBooks is not connected' without a connection.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, MANAGE);
      requireFeature(ctx.config.FEATURES, 'quickbooks');
      const connection = await findLiveQuickbooksConnection(ctx.db, entityId);
      if (!connection) throw quickbooksNotConnected();
      await deleteQuickbooksConnection(accountingDepsOf(ctx), connection);
      return { entityId };
    },
  }),
}));
