import { entityNameSchema } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { apiError } from '../../graphql/errors';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { createEntity, markEntityOpened } from './service';
import { EntityRef } from './types';

builder.mutationFields((t) => ({
  createEntity: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: EntityRef,
    args: { name: t.arg.string({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.requireViewer();
      const parsed = entityNameSchema.safeParse(args.name);
      if (!parsed.success)
        throw apiError('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid name');
      return createEntity(ctx.db, ctx.clock, viewer.userId, parsed.data);
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
