import { entityNameSchema, TIME_ZONE_MAX_LENGTH, timeZoneSchema } from '@keel/domain';
import { z } from 'zod';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { parseArgs } from '../../graphql/parseInput';
import { setEntityTimeZone } from './changeTimeZone';
import { createEntity, markEntityOpened } from './service';
import { EntityRef } from './types';

/** createEntity's arguments: errors name the field ('name', 'timeZone'). */
const createEntityArgsSchema = z.object({ name: entityNameSchema, timeZone: timeZoneSchema.optional() });

builder.mutationFields((t) => ({
  createEntity: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: EntityRef,
    description:
      "A company the viewer owns. `timeZone` is the company's IANA time zone (the web app sends the browser's); without it the company's days follow UTC until it is changed in settings.",
    args: {
      name: t.arg.string({ required: true }),
      timeZone: t.arg.string({ required: false, ...textLimit(TIME_ZONE_MAX_LENGTH) }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.requireViewer();
      const { name, timeZone } = parseArgs(createEntityArgsSchema, {
        name: args.name,
        timeZone: args.timeZone ?? undefined,
      });
      return createEntity(ctx.db, ctx.clock, viewer.userId, name, { timeZone });
    },
  }),
  setEntityTimeZone: t.field({
    ...fieldPolicy({ access: 'manageEntity' }),
    type: EntityRef,
    description:
      "Changes the company's time zone (owners and admins): its 'today', current month and transaction days follow it from now on. Audited.",
    args: {
      entityId: t.arg.id({ required: true }),
      timeZone: t.arg.string({ required: true, ...textLimit(TIME_ZONE_MAX_LENGTH) }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'manageEntity');
      const viewer = ctx.requireViewer();
      return setEntityTimeZone(
        ctx.db,
        ctx.clock,
        entityId,
        { timeZone: args.timeZone },
        { id: viewer.userId, client: ctx.client },
      );
    },
  }),
  openEntity: t.field({
    ...fieldPolicy({ access: 'member' }),
    type: 'Boolean',
    description:
      'Remembers that the viewer opened this entity: Me.defaultEntityId lands them on it after their next sign-in, on any device.',
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'member');
      await markEntityOpened(ctx.db, ctx.clock, ctx.requireViewer().userId, entityId);
      return true;
    },
  }),
}));
