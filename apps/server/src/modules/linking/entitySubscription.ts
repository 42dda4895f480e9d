import { eq } from 'drizzle-orm';
import { entities } from '../../db/schema';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { subscribeToEntityTopic } from '../../graphql/watchEntityTopic';
import {
  type EntityUpdateEvent,
  entityUpdatesTopic,
  parseEntityUpdateEvent,
} from '../../realtime/entityEvents';
import { ApiFlagsRef } from '../entities/types';
import { listAccountsOfLinks, listBankLinks } from './bankLinkRows';
import { LinkedAccountRef } from './linkingTypes';

const EntityUpdateRef = builder.objectRef<EntityUpdateEvent>('EntityUpdate').implement({
  description:
    "One change of the company (EntitySubscription, spec §7): its linked accounts or their balances, its Keel deposit accounts' balances, or its API flags. The fields are read when the change arrives, so they are the company's state at that moment.",
  fields: (t) => ({
    entityId: t.exposeID('entityId'),
    reason: t.exposeString('reason', {
      description: "What changed: 'linkedAccounts', 'depositAccounts' or 'apiFlags'.",
    }),
    accounts: t.field({
      type: [LinkedAccountRef],
      description:
        'The accounts of the company’s linked banks as they are now (accountId, accountType, balances, mask, name, officialName, subtype).',
      resolve: async (event, _args, ctx) => {
        const links = await listBankLinks(ctx.db, event.entityId);
        return listAccountsOfLinks(
          ctx.db,
          links.map((link) => link.id),
        );
      },
    }),
    apiFlags: t.field({
      type: ApiFlagsRef,
      description: 'The company’s API flags as they are now (qbo: the accounting source is active).',
      resolve: async (event, _args, ctx) => {
        const [row] = await ctx.db
          .select({ apiFlags: entities.apiFlags })
          .from(entities)
          .where(eq(entities.id, event.entityId));
        return row?.apiFlags ?? { qbo: false, finch: false };
      },
    }),
  }),
});

builder.subscriptionFields((t) => ({
  entityWasUpdated: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: EntityUpdateRef,
    description:
      "EntitySubscription(entityId) (spec §7): every change of the company's accounts, balances and API flags from now on, until the client disconnects. Over SSE like entityJobWasUpdated, refused and ended the same way. Changes made while the connection was down are not replayed: query again after reconnecting.",
    args: { entityId: t.arg.id({ required: true }) },
    subscribe: (_root, args, ctx) => {
      const entityId = String(args.entityId);
      return subscribeToEntityTopic(ctx, {
        entityId,
        topic: entityUpdatesTopic(entityId),
        parse: parseEntityUpdateEvent,
      });
    },
    resolve: (event) => event,
  }),
}));
