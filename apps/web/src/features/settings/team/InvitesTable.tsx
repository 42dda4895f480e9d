import { Badge, Group, Stack, Table, Text } from '@mantine/core';
import { GatedButton } from './GatedButton';
import { describeInviteStatus, formatTeamDate, inviteActionsOf } from './teamFormat';
import { roleLabel } from './teamPermissions';
import type { TeamInvite } from './teamQueries';
import type { InviteAction } from './useInviteActions';

type InvitesTableProps = {
  invites: TeamInvite[];
  viewerUserId: string;
  /** Why the viewer cannot act on invitations (their role); null when they can. */
  blockedReason: string | null;
  busy: { id: string; action: InviteAction } | null;
  onAction: (invite: TeamInvite, action: InviteAction) => void;
};

/**
 * 'Pending Approvals and Invites' (spec §2, §4): each open invitation with its role, status, sender and
 * dates, and Approve and Decline when it needs an approval, else Remove.
 */
export function InvitesTable({ invites, viewerUserId, blockedReason, busy, onAction }: InvitesTableProps) {
  if (invites.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="sm" data-testid="invites-empty">
        No pending invitations. Invite a team member to send one.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" data-testid="invites-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Person</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Invited by</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invites.map((invite) => (
            <InviteRow
              key={invite.id}
              invite={invite}
              viewerUserId={viewerUserId}
              blockedReason={blockedReason}
              busyAction={busy?.id === invite.id ? busy.action : null}
              anyBusy={busy !== null}
              onAction={onAction}
            />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function InviteRow({
  invite,
  viewerUserId,
  blockedReason,
  busyAction,
  anyBusy,
  onAction,
}: {
  invite: TeamInvite;
  viewerUserId: string;
  blockedReason: string | null;
  busyAction: InviteAction | null;
  anyBusy: boolean;
  onAction: (invite: TeamInvite, action: InviteAction) => void;
}) {
  const name = `${invite.firstName} ${invite.lastName}`;
  const status = describeInviteStatus(invite);
  const actions = inviteActionsOf(invite, viewerUserId);
  const needsApproval = actions.kind === 'review';
  const button = (action: InviteAction) => ({
    size: 'compact-sm' as const,
    loading: busyAction === action,
    disabled: anyBusy && busyAction !== action,
    onClick: () => onAction(invite, action),
  });
  return (
    <Table.Tr data-testid="invite-row" data-email={invite.email}>
      <Table.Td>
        <Text size="sm" fw={600}>
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {invite.email}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{roleLabel(invite.role)}</Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="wrap">
          <Badge variant="light" color={status.color}>
            {status.label}
          </Badge>
          {needsApproval ? (
            <Badge variant="outline" color="orange">
              Needs approval
            </Badge>
          ) : null}
          {invite.requireApproval && invite.approvedAt ? (
            <Badge variant="outline" color="green">
              Approved
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>
        {invite.sender ? (
          <>
            <Text size="sm">{invite.sender.name}</Text>
            <Text size="xs" c="dimmed">
              {invite.sender.email}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={0}>
          <Text size="xs">Sent {formatTeamDate(invite.createdAt)}</Text>
          {invite.acceptedAt ? (
            <Text size="xs" c="dimmed">
              Signed up {formatTeamDate(invite.acceptedAt)}
            </Text>
          ) : (
            <Text size="xs" c={invite.status === 'expired' ? 'red' : 'dimmed'}>
              {invite.status === 'expired' ? 'Expired' : 'Expires'} {formatTeamDate(invite.expiresAt)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" justify="flex-end" wrap="nowrap">
          {actions.kind === 'review' ? (
            <>
              <GatedButton
                variant="default"
                aria-label={`Decline ${name}`}
                blockedReason={blockedReason}
                {...button('decline')}
              >
                Decline
              </GatedButton>
              <GatedButton
                aria-label={`Approve ${name}`}
                blockedReason={blockedReason ?? actions.approveBlockedReason}
                {...button('approve')}
              >
                Approve
              </GatedButton>
            </>
          ) : (
            <GatedButton
              variant="light"
              color="red"
              aria-label={`Remove invitation for ${name}`}
              blockedReason={blockedReason}
              {...button('remove')}
            >
              Remove
            </GatedButton>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
