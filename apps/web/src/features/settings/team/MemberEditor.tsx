import type { Reference } from '@apollo/client';
import { useApolloClient } from '@apollo/client/react';
import { ASSIGNABLE_ROLES, isRole, permissionSummary, ROLE_LABELS } from '@keel/domain';
import { Badge, Button, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserMinus } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { TOAST_DURATION_MS } from '../../../lib/timers';
import { useMutationRun } from '../../../lib/useMutationRun';
import { useEntityContext } from '../../../shell/EntityContext';
import { PageTitle } from '../../../shell/PageTitle';
import { BackToTeam } from './BackToTeam';
import { GatedButton } from './GatedButton';
import { memberChangeBlockedReason } from './memberRoleGate';
import { PermissionSummary } from './PermissionSummary';
import { RemoveMemberDialog } from './RemoveMemberDialog';
import { formatTeamDate, roleColor } from './teamFormat';
import { TEAM_PATH } from './teamPaths';
import { describeRoleAbilities, roleLabel } from './teamPermissions';
import { DELETE_MEMBER_MUTATION, type TeamMember, UPDATE_MEMBER_MUTATION } from './teamQueries';

/**
 * Nothing to refetch: the saved member comes back whole (one cached Member, which the team list shows
 * too), a removed one is taken off the cached lists, and the team page reloads its list when opened.
 */
const NO_REFETCH = [] as const;

/**
 * A member's role and permissions (spec §2 /settings/team/member): the radio picks admin or
 * bookkeeper, the summary follows the choice at once (the domain's permission table), Save changes
 * sends updateMember ('Member updated successfully' for 3 s, or 'Error updating member', spec §8) and
 * Discard changes goes back to the team. Remove from team asks first.
 */
export function MemberEditor({
  member,
  viewerManagesTeam,
}: {
  member: TeamMember;
  viewerManagesTeam: boolean;
}) {
  const { entity } = useEntityContext();
  const client = useApolloClient();
  const navigate = useNavigate();
  const run = useMutationRun(NO_REFETCH);
  const [chosenRole, setChosenRole] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [confirmingRemove, setConfirmingRemove] = useState(false);
  const [removing, setRemoving] = useState(false);
  const blockedReason = memberChangeBlockedReason(member, viewerManagesTeam);
  const role = chosenRole ?? member.role;
  const changed = chosenRole !== null && chosenRole !== member.role;
  const permissions = changed && isRole(role) ? permissionSummary(role) : member.permissions;

  const save = async () => {
    if (!changed) return;
    setSaving(true);
    const result = await run('Error updating member', () =>
      client.mutate({ mutation: UPDATE_MEMBER_MUTATION, variables: { id: member.id, role } }),
    );
    setSaving(false);
    if (!result) return;
    setChosenRole(null);
    notifications.show({
      color: 'green',
      message: 'Member updated successfully',
      autoClose: TOAST_DURATION_MS,
    });
  };

  const remove = async () => {
    setRemoving(true);
    const result = await run('Member not removed', () =>
      client.mutate({
        mutation: DELETE_MEMBER_MUTATION,
        variables: { id: member.id },
        // Off the cached team lists at once, so the team page does not show them while it reloads.
        update: (cache) => {
          cache.modify<{ members: readonly Reference[] }>({
            fields: {
              members: (existing, { readField }) =>
                existing.filter((ref) => readField('id', ref) !== member.id),
            },
          });
        },
      }),
    );
    setRemoving(false);
    setConfirmingRemove(false);
    if (!result) return;
    notifications.show({ color: 'green', message: `${member.user.name} was removed from the team` });
    navigate(TEAM_PATH);
  };

  return (
    <Stack gap="lg" pb="xl" maw={880} data-testid="member-page">
      <BackToTeam />
      <div>
        <Group gap="sm" align="center">
          <PageTitle title={member.user.name} />
          <Badge variant="light" color={roleColor(member.role)} mb="xs" data-testid="member-role">
            {roleLabel(member.role)}
          </Badge>
          {member.isViewer ? (
            <Badge variant="light" color="gray" mb="xs">
              You
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          {member.user.email} · Member of {entity.name} since {formatTeamDate(member.createdAt)}
        </Text>
      </div>

      <Paper withBorder radius="md" p="lg">
        <Title order={3} size="h4" mb={4}>
          Role
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {blockedReason ?? 'Choose what this person can do in the company.'}
        </Text>
        <Radio.Group
          value={isRole(role) ? role : null}
          onChange={(value) => setChosenRole(value)}
          name="role"
          aria-label="Role"
        >
          <Stack gap="sm">
            {ASSIGNABLE_ROLES.map((option) => (
              <Radio
                key={option}
                value={option}
                label={ROLE_LABELS[option]}
                description={describeRoleAbilities(option)}
                disabled={blockedReason !== null || saving}
              />
            ))}
          </Stack>
        </Radio.Group>
      </Paper>

      <Paper withBorder radius="md" p="lg">
        <Group justify="space-between" align="baseline" mb="md" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            Permissions
          </Title>
          <Text size="sm" c={changed ? 'orange.8' : 'dimmed'} data-testid="permission-summary-note">
            {changed
              ? `As ${roleLabel(role).toLowerCase()}, once saved`
              : `As ${roleLabel(member.role).toLowerCase()}`}
          </Text>
        </Group>
        <PermissionSummary permissions={permissions} />
      </Paper>

      <Group justify="space-between" wrap="wrap" gap="sm">
        <GatedButton
          variant="subtle"
          color="red"
          leftSection={<IconUserMinus size={16} />}
          blockedReason={blockedReason}
          onClick={() => setConfirmingRemove(true)}
        >
          Remove from team
        </GatedButton>
        <Group gap="sm">
          <Button variant="default" onClick={() => navigate(TEAM_PATH)} disabled={saving}>
            Discard changes
          </Button>
          <GatedButton
            blockedReason={blockedReason}
            disabled={!changed}
            loading={saving}
            onClick={() => void save()}
          >
            Save changes
          </GatedButton>
        </Group>
      </Group>

      <RemoveMemberDialog
        opened={confirmingRemove}
        memberName={member.user.name}
        companyName={entity.name}
        removing={removing}
        onCancel={() => setConfirmingRemove(false)}
        onConfirm={() => void remove()}
      />
    </Stack>
  );
}
