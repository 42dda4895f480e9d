import type { MockLink } from '@apollo/client/testing';
import { permissionSummary, type Role } from '@keel/domain';
import type { ReactElement } from 'react';
import type { EntityContextValue } from '../../../shell/EntityContext';
import { renderEntityPage } from '../../../test/renderEntityPage';
import { TEAM_QUERY } from './teamQueries';

/** The viewer of the team tests: the owner of Acme Robotics, unless a test says otherwise. */
const VIEWER_ID = 'u-owner';

function teamContext(viewerRole: string): EntityContextValue {
  return {
    entity: { id: 'e1', name: 'Acme Robotics', viewerRole, timeZone: 'America/Los_Angeles' },
    me: { id: VIEWER_ID, name: 'Dana Demo', email: 'demo@keel.test' },
    today: '2026-11-22',
  } as unknown as EntityContextValue;
}

export function member(id: string, name: string, role: Role, extra: { isViewer?: boolean } = {}) {
  return {
    __typename: 'Member' as const,
    id,
    entityId: 'e1',
    role,
    editable: role !== 'owner',
    isViewer: extra.isViewer ?? false,
    createdAt: '2026-01-15T12:00:00.000Z',
    user: {
      __typename: 'MemberUser' as const,
      id: `u-${id}`,
      name,
      email: `${name.split(' ')[0]?.toLowerCase()}@acme.test`,
    },
    permissions: permissionSummary(role).map((permission) => ({
      __typename: 'Permission' as const,
      ...permission,
    })),
  };
}

function invite(
  id: string,
  name: string,
  options: { requireApproval?: boolean; senderId?: string; status?: string; approvedAt?: string | null } = {},
) {
  const [firstName = '', lastName = ''] = name.split(' ');
  return {
    __typename: 'Invite' as const,
    id,
    entityId: 'e1',
    firstName,
    lastName,
    email: `${firstName.toLowerCase()}@invited.test`,
    role: 'bookkeeper',
    requireApproval: options.requireApproval ?? false,
    status: options.status ?? 'pending',
    approvedAt: options.approvedAt ?? null,
    acceptedAt: null,
    expiresAt: '2026-12-06T09:00:00.000Z',
    createdAt: '2026-11-22T09:00:00.000Z',
    sender: {
      __typename: 'InvitePerson' as const,
      id: options.senderId ?? VIEWER_ID,
      name: options.senderId ? 'Alex Admin' : 'Dana Demo',
      email: options.senderId ? 'alex@acme.test' : 'demo@keel.test',
    },
  };
}

export const TEAM = {
  invites: [
    invite('i1', 'Jordan Lee', { requireApproval: true, senderId: 'u-admin' }),
    invite('i2', 'Riley Stone'),
  ],
  members: [
    member('m1', 'Dana Demo', 'owner', { isViewer: true }),
    member('m2', 'Alex Admin', 'admin'),
    member('m3', 'Blake Books', 'bookkeeper'),
    member('m4', 'Cory Card', 'card_only'),
  ],
};

export const teamMock = (team = TEAM): MockLink.MockedResponse => ({
  request: { query: TEAM_QUERY, variables: { entityId: 'e1' } },
  result: { data: team },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

/** Renders a team page as the app does: Mantine, toasts, Apollo mocks, the entity and a router. */
export function renderTeamPage(
  page: ReactElement,
  {
    mocks,
    viewerRole = 'owner',
    route = '/settings/team',
  }: { mocks: MockLink.MockedResponse[]; viewerRole?: string; route?: string },
) {
  return renderEntityPage(page, { mocks, entity: teamContext(viewerRole), route });
}
