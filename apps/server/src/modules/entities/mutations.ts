import { entityNameSchema } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { apiError } from '../../graphql/errors';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { createEntity } from './service';
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
}));
