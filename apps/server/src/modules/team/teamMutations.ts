import { EMAIL_MAX } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { SECRET_MAX } from '../auth/inputs';
import { acceptInvite, type InviteAcceptance } from './acceptInvite';
import { deleteMember, updateMemberRole } from './changeMember';
import { createInvite } from './createInvite';
import { requireInvite, requireMember } from './guardTeamRow';
import { approveInvite, removeInvite } from './reviewInvite';
import { findMember, type InviteView, type MemberView } from './teamRows';
import { InviteRef, MemberRef } from './teamTypes';

const ApproveInvitePayloadRef = builder
  .objectRef<{ invite: InviteView; member: MemberView | null }>('ApproveInvitePayload')
  .implement({
    fields: (t) => ({
      invite: t.field({ type: InviteRef, resolve: (p) => p.invite }),
      member: t.field({
        type: MemberRef,
        nullable: true,
        description: 'The new member, when the person had signed up already; null until they do.',
        resolve: (p) => p.member,
      }),
    }),
  });

const AcceptInviteStatusRef = builder.enumType('AcceptInviteStatus', {
  values: ['joined', 'awaiting_approval'] as const,
});

const AcceptInvitePayloadRef = builder
  .objectRef<InviteAcceptance & { entityName: string }>('AcceptInvitePayload')
  .implement({
    fields: (t) => ({
      entityId: t.exposeID('entityId'),
      entityName: t.exposeString('entityName'),
      status: t.field({ type: AcceptInviteStatusRef, resolve: (p) => p.status }),
    }),
  });

type MutationFieldBuilder = Parameters<Parameters<typeof builder.mutationFields>[0]>[0];

/** deleteInvite and declineInvite: an open invitation removed by a team manager, answering its id. */
function removeInviteField(t: MutationFieldBuilder, action: 'deleted' | 'declined', description: string) {
  return t.field({
    ...fieldPolicy({ access: 'manageTeam' }),
    type: 'ID',
    description,
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const invite = await requireInvite(ctx, String(args.id), 'manageTeam');
      const viewer = ctx.requireViewer();
      return removeInvite(
        { db: ctx.db, clock: ctx.clock, email: ctx.providers.email },
        invite,
        { id: viewer.userId, client: ctx.client },
        action,
      );
    },
  });
}

builder.mutationFields((t) => ({
  createInvite: t.field({
    ...fieldPolicy({ access: 'manageTeam' }),
    type: InviteRef,
    description:
      'createInvite (spec §7): invites a person as admin or bookkeeper and emails them a sign-up link with its invite_token (14 days, single use). Sent by someone other than the owner, it needs another owner’s or admin’s approval before they join. Refusals are BAD_USER_INPUT naming the field.',
    args: {
      entityId: t.arg.id({ required: true }),
      firstName: t.arg.string({ required: true }),
      lastName: t.arg.string({ required: true }),
      email: t.arg.string({ required: true, ...textLimit(EMAIL_MAX) }),
      role: t.arg.string({ required: true, description: 'admin or bookkeeper.' }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      const membership = await ctx.requireEntity(entityId, 'manageTeam');
      const viewer = ctx.requireViewer();
      return createInvite(
        { db: ctx.db, clock: ctx.clock, config: ctx.config, email: ctx.providers.email },
        {
          entityId,
          sender: { id: viewer.userId, role: membership.role },
          client: ctx.client,
          form: { firstName: args.firstName, lastName: args.lastName, email: args.email, role: args.role },
        },
      );
    },
  }),
  deleteInvite: removeInviteField(
    t,
    'deleted',
    'deleteInvite(id) (spec §7, the Remove action): the open invitation is deleted; its link stops working.',
  ),
  approveInvite: t.field({
    ...fieldPolicy({ access: 'manageTeam' }),
    type: ApproveInvitePayloadRef,
    description:
      'The Approve action of an invitation that needs approval (spec §4): by an owner or admin other than its sender. A person who signed up already joins now; otherwise when they sign up.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const invite = await requireInvite(ctx, String(args.id), 'manageTeam');
      const viewer = ctx.requireViewer();
      const approved = await approveInvite(
        { db: ctx.db, clock: ctx.clock, email: ctx.providers.email, appUrl: ctx.config.APP_URL },
        invite,
        {
          id: viewer.userId,
          client: ctx.client,
        },
      );
      const member = approved.memberId ? await findMember(ctx.db, approved.memberId) : null;
      return { invite: approved.invite, member };
    },
  }),
  declineInvite: removeInviteField(
    t,
    'declined',
    'The Decline action of an invitation that needs approval (spec §4): it is deleted; a person who signed up with it is told by email and does not join.',
  ),
  acceptInvite: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: AcceptInvitePayloadRef,
    description:
      'A signed-in person follows an invitation sent to their email (the link of someone who has an account already). Unknown, used, expired or someone else’s: NOT_FOUND.',
    args: { token: t.arg.string({ required: true, ...textLimit(SECRET_MAX) }) },
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.requireViewer();
      return acceptInvite(
        ctx.db,
        ctx.clock,
        { id: viewer.userId, email: viewer.email },
        args.token,
        ctx.client,
      );
    },
  }),
  updateMember: t.field({
    ...fieldPolicy({ access: 'manageTeam' }),
    type: MemberRef,
    description:
      "updateMember(id, role) (spec §7): the member's role becomes admin or bookkeeper. The owner's role cannot be changed.",
    args: {
      id: t.arg.id({ required: true }),
      role: t.arg.string({ required: true, description: 'admin or bookkeeper.' }),
    },
    resolve: async (_root, args, ctx) => {
      const member = await requireMember(ctx, String(args.id), 'manageTeam');
      const viewer = ctx.requireViewer();
      return updateMemberRole(
        ctx.db,
        ctx.clock,
        member,
        { role: args.role },
        {
          id: viewer.userId,
          client: ctx.client,
        },
      );
    },
  }),
  deleteMember: t.field({
    ...fieldPolicy({ access: 'manageTeam' }),
    type: 'ID',
    description:
      'deleteMember(id) (spec §7): the person leaves the team and loses access at once. The owner cannot be removed.',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const member = await requireMember(ctx, String(args.id), 'manageTeam');
      const viewer = ctx.requireViewer();
      return deleteMember(ctx.db, ctx.clock, member, { id: viewer.userId, client: ctx.client });
    },
  }),
}));
