import { useQuery } from '@apollo/client/react';
import { isRole, PRODUCT_NAME } from '@keel/domain';
import { Alert, Badge, Group, Loader, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconUserPlus } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useEntityContext } from '../../../shell/EntityContext';
import { PageTitle } from '../../../shell/PageTitle';
import { CompanyTimeZoneSection } from '../company/CompanyTimeZoneSection';
import { GatedButton } from './GatedButton';
import { InviteMemberModal } from './InviteMemberModal';
import { InvitesTable } from './InvitesTable';
import { MembersTable } from './MembersTable';
import { countMembers, type MemberFilter, matchesMemberFilter } from './teamFormat';
import { canManageTeam, describeRoleLimits, describeWhoCan } from './teamPermissions';
import { TEAM_QUERY } from './teamQueries';
import { useInviteActions } from './useInviteActions';

/**
 * /settings/team (spec §2): the open invitations ('Pending Approvals and Invites', with Approve and
 * Decline for those that need an approval, else Remove) and the members, filtered to All, Admin or
 * Bookkeeper with their counts. Owners and admins invite and review; everyone else reads the lists,
 * the buttons saying why they cannot use them (spec §6). Above them, the company's time zone (owners
 * and admins change it: manageEntity), the one company setting that is not an integration or billing.
 */
export function TeamPage() {
  const { entity, me } = useEntityContext();
  const manager = canManageTeam(entity.viewerRole);
  const blockedReason = manager ? null : describeWhoCan('manageTeam');
  const [filter, setFilter] = useState<MemberFilter>('all');
  const [inviting, setInviting] = useState(false);
  const inviteActions = useInviteActions();
  const { data, previousData, error } = useQuery(TEAM_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const team = data ?? previousData;
  const counts = countMembers(team?.members ?? []);
  const limits = !manager && isRole(entity.viewerRole) ? describeRoleLimits(entity.viewerRole) : null;

  return (
    <Stack gap="lg" pb="xl" maw={1200} data-testid="team-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <PageTitle title="Team" />
          <Text size="sm" c="dimmed">
            Who works on {entity.name} in {PRODUCT_NAME}, and who is invited.
          </Text>
        </div>
        <GatedButton
          leftSection={<IconUserPlus size={16} />}
          blockedReason={blockedReason}
          onClick={() => setInviting(true)}
        >
          Invite team member
        </GatedButton>
      </Group>

      <CompanyTimeZoneSection />

      {limits ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} data-testid="team-read-only">
          <Text size="sm">{limits}</Text>
        </Alert>
      ) : null}

      {error && !team ? (
        <LoadError error={error} />
      ) : !team ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading team" />
        </Group>
      ) : (
        <>
          <Section title="Pending Approvals and Invites" count={team.invites.length} testId="invites-section">
            <InvitesTable
              invites={team.invites}
              viewerUserId={me.id}
              blockedReason={blockedReason}
              busy={inviteActions.busy}
              onAction={(invite, action) => void inviteActions.perform(invite, action)}
            />
          </Section>
          <Section
            title="Team members"
            count={counts.all}
            testId="members-section"
            controls={
              <SegmentedControl
                aria-label="Show members"
                size="sm"
                value={filter}
                onChange={(value) => setFilter(value as MemberFilter)}
                data={[
                  { value: 'all', label: `All (${counts.all})` },
                  { value: 'admin', label: `Admin (${counts.admin})` },
                  { value: 'bookkeeper', label: `Bookkeeper (${counts.bookkeeper})` },
                ]}
              />
            }
          >
            <MembersTable members={team.members.filter((member) => matchesMemberFilter(member, filter))} />
          </Section>
        </>
      )}

      {manager ? (
        <InviteMemberModal opened={inviting} entityId={entity.id} onClose={() => setInviting(false)} />
      ) : null}
    </Stack>
  );
}

function Section({
  title,
  count,
  controls,
  testId,
  children,
}: {
  title: string;
  count: number;
  controls?: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Group justify="space-between" align="center" wrap="wrap" gap="sm" mb="sm">
        <Group gap="xs" wrap="nowrap">
          <Title order={3} size="h4">
            {title}
          </Title>
          <Badge variant="light" color="gray" size="lg" data-testid={`${testId}-count`}>
            {count}
          </Badge>
        </Group>
        {controls}
      </Group>
      {children}
    </Paper>
  );
}

function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The team could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error" data-testid="team-error">
      <Text size="sm">The team could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
