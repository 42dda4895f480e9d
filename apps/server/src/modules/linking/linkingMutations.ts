import type { LinkProvider } from '../../db/schema';
import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import type { Context } from '../../graphql/context';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { guardEntityRow } from '../../graphql/guardEntityRow';
import { textLimit } from '../../graphql/inputLimits';
import { findBankLink } from './bankLinkRows';
import { connectBankLink } from './connectBankLink';
import { createLinkToken } from './createLinkToken';
import { deleteBankLink } from './deleteBankLink';
import { requireEntityBankLink } from './entityBankLink';
import { linkingDepsOf } from './linkingDeps';
import { bankLinkNotFound } from './linkingErrors';
import { REDIRECT_URL_MAX_LENGTH, TOKEN_MAX_LENGTH } from './linkingInputs';
import {
  DeleteBankLinkPayloadRef,
  LinkSessionTokenPayloadRef,
  MoneykitLinkPayloadRef,
  PlaidItemPayloadRef,
  PlaidLinkTokenPayloadRef,
} from './linkingTypes';
import { linkViewOf } from './linkViews';
import { refreshBankLink } from './refreshBankLink';

/** Linking and unlinking banks are the company's integrations: owners and admins (manageEntity). */
const MANAGE = 'manageEntity' as const;

async function connect(ctx: Context, entityId: string, provider: LinkProvider, token: string) {
  await ctx.requireEntity(entityId, MANAGE);
  requireFeature(ctx.config.FEATURES, provider);
  const viewer = ctx.requireViewer();
  const deps = linkingDepsOf(ctx);
  const { link, job } = await connectBankLink(deps, { entityId, userId: viewer.userId, provider, token });
  return { view: await linkViewOf(ctx.db, link), job };
}

/** The link by id when it is the provider's and of a company where the viewer may manage; NOT_FOUND else. */
async function guardedLink(ctx: Context, id: string, provider: LinkProvider) {
  ctx.requireViewer();
  const link = await findBankLink(ctx.db, id);
  const guarded = await guardEntityRow(
    ctx,
    link && link.provider === provider ? link : null,
    MANAGE,
    bankLinkNotFound,
  );
  requireFeature(ctx.config.FEATURES, provider);
  return guarded;
}

builder.mutationFields((t) => ({
  createPlaidLinkToken: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: PlaidLinkTokenPayloadRef,
    description:
      "createPlaidLinkToken(entityId, redirectUrl, itemId) (spec §7): a link token that opens provider A's Link for the company. With itemId, update mode: completing it repairs that item (Reconnect, spec §4). redirectUrl: this app's /plaid-oauth page (BAD_USER_INPUT on `redirectUrl` otherwise); another company's itemId is NOT_FOUND.",
    args: {
      entityId: t.arg.id({ required: true }),
      redirectUrl: t.arg.string({ ...textLimit(REDIRECT_URL_MAX_LENGTH) }),
      itemId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, MANAGE);
      requireFeature(ctx.config.FEATURES, 'plaid');
      return createLinkToken(linkingDepsOf(ctx), ctx.config, {
        entityId,
        provider: 'plaid',
        redirectUrl: args.redirectUrl,
        linkId: args.itemId ? String(args.itemId) : null,
      });
    },
  }),
  createPlaidItem: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: PlaidItemPayloadRef,
    description:
      "createPlaidItem(entityId, publicToken) (spec §7): exchanges the public token Link gave for the item, stores it with its accounts and balances, and queues its first sync (job BankLinkSync). The token of an update-mode Link reconnects its item. Refusals are BAD_USER_INPUT on `publicToken`: a token expired or used ('This bank connection has expired…'), an institution the company has linked already.",
    args: {
      entityId: t.arg.id({ required: true }),
      publicToken: t.arg.string({ required: true, ...textLimit(TOKEN_MAX_LENGTH) }),
    },
    resolve: (_root, args, ctx) => connect(ctx, String(args.entityId), 'plaid', args.publicToken),
  }),
  createLinkSessionToken: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: LinkSessionTokenPayloadRef,
    description:
      "createLinkSessionToken(entityId, redirectUrl, id) (spec §7): a session token that opens provider B's Connect for the company; with id, it repairs that link (Reconnect). redirectUrl: this app's /moneykit-oauth page.",
    args: {
      entityId: t.arg.id({ required: true }),
      redirectUrl: t.arg.string({ ...textLimit(REDIRECT_URL_MAX_LENGTH) }),
      id: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, MANAGE);
      requireFeature(ctx.config.FEATURES, 'moneykit');
      return createLinkToken(linkingDepsOf(ctx), ctx.config, {
        entityId,
        provider: 'moneykit',
        redirectUrl: args.redirectUrl,
        linkId: args.id ? String(args.id) : null,
      });
    },
  }),
  createMoneykitLink: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: MoneykitLinkPayloadRef,
    description:
      "createMoneykitLink(entityId, exchangeableToken) (spec §7): exchanges the token Connect gave for the link, stores it with its accounts and balances, and queues its first sync. A repaired link's token reconnects it. Refusals are BAD_USER_INPUT on `exchangeableToken`.",
    args: {
      entityId: t.arg.id({ required: true }),
      exchangeableToken: t.arg.string({ required: true, ...textLimit(TOKEN_MAX_LENGTH) }),
    },
    resolve: (_root, args, ctx) => connect(ctx, String(args.entityId), 'moneykit', args.exchangeableToken),
  }),
  refreshMoneykitLink: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: MoneykitLinkPayloadRef,
    description:
      "refreshMoneykitLink(entityId, id) (spec §7): asks provider B for fresh data and queues a sync. A link whose login expired answers with state 'error', errorCode auth_expired and no job.",
    args: { entityId: t.arg.id({ required: true }), id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, MANAGE);
      const viewer = ctx.requireViewer();
      const link = await requireEntityBankLink(ctx.db, entityId, 'moneykit', String(args.id));
      requireFeature(ctx.config.FEATURES, 'moneykit');
      const refreshed = await refreshBankLink(linkingDepsOf(ctx), link, viewer.userId);
      return { view: await linkViewOf(ctx.db, refreshed.link), job: refreshed.job };
    },
  }),
  deleteMoneykitLink: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: DeleteBankLinkPayloadRef,
    description:
      'DeleteMoneykitLink(id) (spec §7): removes the link at provider B and in Keel. Its accounts and what they imported stay in the books; linking the bank again takes them over.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const link = await guardedLink(ctx, String(args.id), 'moneykit');
      return { id: await deleteBankLink(linkingDepsOf(ctx), link) };
    },
  }),
  deletePlaidItem: t.field({
    ...fieldPolicy({ access: MANAGE }),
    type: DeleteBankLinkPayloadRef,
    description:
      'DeletePlaidItem(itemId) (spec §7): removes the item at provider A and in Keel. Its accounts and what they imported stay in the books; linking the bank again takes them over.',
    args: { itemId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const link = await guardedLink(ctx, String(args.itemId), 'plaid');
      return { id: await deleteBankLink(linkingDepsOf(ctx), link) };
    },
  }),
}));
