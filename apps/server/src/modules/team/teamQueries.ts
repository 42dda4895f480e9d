import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { requireMember } from './guardTeamRow';
import { listMembers, listOpenInvites } from './teamRows';
import { InviteRef, MemberRef } from './teamTypes';

builder.queryFields((t) => ({
  invites: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [InviteRef],
    description:
      "Invites(entityId): the company's open invitations, newest first: sent ones (pending or expired) and those waiting for an approval (spec §2 'Pending Approvals and Invites').",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return listOpenInvites(ctx.db, entityId);
    },
  }),
  members: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: [MemberRef],
    description:
      "The company's team: owner, admins, bookkeepers, card-only and custom members, then by name.",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'read');
      return listMembers(ctx.db, entityId);
    },
  }),
  member: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: MemberRef,
    description: 'Member(id): one member of a company of the viewer’s, by membership id.',
    args: { id: t.arg.id({ required: true }) },
    resolve: (_root, args, ctx) => requireMember(ctx, String(args.id), 'read'),
  }),
}));
