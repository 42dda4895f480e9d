import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { unauthenticated } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { findEntity, listEntitiesForUser } from './service';
import { EntityRef, MeRef } from './types';

builder.queryFields((t) => ({
  me: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: MeRef,
    resolve: async (_root, _args, ctx) => {
      const viewer = ctx.requireViewer();
      const [user] = await ctx.db.select().from(users).where(eq(users.id, viewer.userId)).limit(1);
      if (!user) throw unauthenticated();
      return user;
    },
  }),
  entities: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: [EntityRef],
    description: 'The entities the viewer is a member of (Entities query; Header).',
    resolve: (_root, _args, ctx) => listEntitiesForUser(ctx.db, ctx.requireViewer().userId),
  }),
  entity: t.field({
    ...fieldPolicy({ access: 'member' }),
    type: EntityRef,
    description: "An entity the viewer is a member of, in any role (its books need the role's 'read').",
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      await ctx.requireEntity(String(args.id), 'member');
      const entity = await findEntity(ctx.db, String(args.id));
      if (!entity) throw new Error('Entity vanished after membership check');
      return entity;
    },
  }),
  today: t.string({
    ...fieldPolicy({ access: 'viewer' }),
    description:
      "Today's date (YYYY-MM-DD) in UTC by the server's clock. A company's own today (its time zone) is Entity.today: use that for its actual vs forecast.",
    resolve: (_root, _args, ctx) => {
      ctx.requireViewer();
      return ctx.clock.now().toISOString().slice(0, 10);
    },
  }),
}));
