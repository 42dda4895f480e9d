import { graphql, type ResultOf } from '../../../lib/graphql';

const INVITE_FIELDS = graphql(`
  fragment TeamInviteFields on Invite {
    id
    entityId
    firstName
    lastName
    email
    role
    requireApproval
    status
    approvedAt
    acceptedAt
    expiresAt
    createdAt
    sender {
      id
      name
      email
    }
  }
`);

const MEMBER_FIELDS = graphql(`
  fragment TeamMemberFields on Member {
    id
    entityId
    role
    editable
    isViewer
    createdAt
    user {
      id
      name
      email
    }
    permissions {
      capability
      label
      description
      allowed
    }
  }
`);

export type TeamInvite = ResultOf<typeof INVITE_FIELDS>;
export type TeamMember = ResultOf<typeof MEMBER_FIELDS>;

/** Spec §7 Invites(entity_id): the open invitations and the members of the team page. */
export const TEAM_QUERY = graphql(
  `
  query Team($entityId: ID!) {
    invites(entityId: $entityId) {
      ...TeamInviteFields
    }
    members(entityId: $entityId) {
      ...TeamMemberFields
    }
  }
`,
  [INVITE_FIELDS, MEMBER_FIELDS],
);

/** Spec §7 Member(id): one member, for /settings/team/member. */
export const MEMBER_QUERY = graphql(
  `
  query Member($id: ID!) {
    member(id: $id) {
      ...TeamMemberFields
    }
  }
`,
  [MEMBER_FIELDS],
);

/** createInvite (spec §7): emails the person a sign-up link; a refusal is shown as 'Invitation Error'. */
export const CREATE_INVITE_MUTATION = graphql(
  `
  mutation CreateInvite(
    $entityId: ID!
    $firstName: String!
    $lastName: String!
    $email: String!
    $role: String!
  ) {
    createInvite(
      entityId: $entityId
      firstName: $firstName
      lastName: $lastName
      email: $email
      role: $role
    ) {
      ...TeamInviteFields
    }
  }
`,
  [INVITE_FIELDS],
);

/** The Remove action of an invitation (spec §4). */
export const DELETE_INVITE_MUTATION = graphql(`
  mutation DeleteInvite($id: ID!) {
    deleteInvite(id: $id)
  }
`);

/** The Approve action of an invitation that needs approval (spec §4). */
export const APPROVE_INVITE_MUTATION = graphql(
  `
  mutation ApproveInvite($id: ID!) {
    approveInvite(id: $id) {
      invite {
        ...TeamInviteFields
      }
      member {
        id
      }
    }
  }
`,
  [INVITE_FIELDS],
);

/** The Decline action of an invitation that needs approval (spec §4). */
export const DECLINE_INVITE_MUTATION = graphql(`
  mutation DeclineInvite($id: ID!) {
    declineInvite(id: $id)
  }
`);

/** updateMember(id, role) (spec §7): admin or bookkeeper. */
export const UPDATE_MEMBER_MUTATION = graphql(
  `
  mutation UpdateMember($id: ID!, $role: String!) {
    updateMember(id: $id, role: $role) {
      ...TeamMemberFields
    }
  }
`,
  [MEMBER_FIELDS],
);

/** deleteMember(id) (spec §7): the person leaves the team. */
export const DELETE_MEMBER_MUTATION = graphql(`
  mutation DeleteMember($id: ID!) {
    deleteMember(id: $id)
  }
`);
