import { permissionSummary } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { type InviteView, inviteStatus, type MemberView, type PersonRef } from './teamRows';

const InviteStatusRef = builder.enumType('InviteStatus', {
  description:
    'pending: sent, waiting for the person; expired: the link no longer works; awaiting_approval: the person signed up and an owner or admin must approve; accepted: the person is a member.',
  values: ['pending', 'expired', 'awaiting_approval', 'accepted'] as const,
});

const PersonRefRef = builder.objectRef<PersonRef>('InvitePerson').implement({
  description: "An invitation's sender or recipient.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
  }),
});

export const InviteRef = builder.objectRef<InviteView>('Invite').implement({
  description:
    'An invitation to join the company (spec §3 Invite). Its token is never shown: only the emailed link carries it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    email: t.exposeString('email'),
    role: t.exposeString('role', { description: 'admin or bookkeeper.' }),
    requireApproval: t.exposeBoolean('requireApproval', {
      description:
        'Sent by someone other than the owner: the person joins once another owner or admin approves (Approve / Decline).',
    }),
    status: t.field({
      type: InviteStatusRef,
      resolve: (invite, _args, ctx) => inviteStatus(invite, ctx.clock.now()),
    }),
    sender: t.field({ type: PersonRefRef, nullable: true, resolve: (invite) => invite.sender }),
    recipient: t.field({
      type: PersonRefRef,
      nullable: true,
      description: 'Who signed up with the link, once someone did.',
      resolve: (invite) => invite.recipient,
    }),
    approverId: t.exposeID('approverId', { nullable: true }),
    recipientId: t.exposeID('recipientId', { nullable: true }),
    acceptedAt: t.field({ type: 'DateTime', nullable: true, resolve: (invite) => invite.acceptedAt }),
    approvedAt: t.field({ type: 'DateTime', nullable: true, resolve: (invite) => invite.approvedAt }),
    expiresAt: t.field({ type: 'DateTime', resolve: (invite) => invite.expiresAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (invite) => invite.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (invite) => invite.updatedAt }),
  }),
});

const MemberUserRef = builder.objectRef<MemberView['user']>('MemberUser').implement({
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    createdAt: t.field({ type: 'DateTime', resolve: (user) => user.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (user) => user.updatedAt }),
    rememberCreatedAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (user) => user.rememberCreatedAt,
    }),
    resetPasswordSentAt: t.field({
      type: 'DateTime',
      nullable: true,
      resolve: (user) => user.resetPasswordSentAt,
    }),
  }),
});

type PermissionItem = ReturnType<typeof permissionSummary>[number];

const PermissionRef = builder.objectRef<PermissionItem>('Permission').implement({
  description:
    "One capability of the permission table (packages/domain/src/permissions.ts) and whether a role has it: the member page's read-only summary.",
  fields: (t) => ({
    capability: t.exposeString('capability'),
    label: t.exposeString('label'),
    description: t.exposeString('description'),
    allowed: t.exposeBoolean('allowed'),
  }),
});

export const MemberRef = builder.objectRef<MemberView>('Member').implement({
  description: 'A person on the company’s team (spec §3 Member).',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    role: t.exposeString('role', { description: 'owner, admin, bookkeeper, card_only or custom.' }),
    user: t.field({ type: MemberUserRef, resolve: (member) => member.user }),
    editable: t.boolean({
      description:
        "Whether the role can be changed and the member removed: everyone's but the owner's (spec §6).",
      resolve: (member) => member.role !== 'owner',
    }),
    isViewer: t.boolean({
      description: 'Whether this member is the signed-in user.',
      resolve: (member, _args, ctx) => member.userId === ctx.viewer?.userId,
    }),
    permissions: t.field({
      type: [PermissionRef],
      description: "What the member's role may do, capability by capability, from the permission table.",
      resolve: (member) => permissionSummary(member.role),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (member) => member.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (member) => member.updatedAt }),
  }),
});
