import { useQuery } from '@apollo/client/react';
import { Alert, Anchor, Group, Loader, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { graphqlErrorCode } from '../../../lib/graphqlClient';
import { useEntityContext } from '../../../shell/EntityContext';
import { PageTitle } from '../../../shell/PageTitle';
import { BackToTeam } from './BackToTeam';
import { MemberEditor } from './MemberEditor';
import { TEAM_PATH } from './teamPaths';
import { canManageTeam } from './teamPermissions';
import { MEMBER_QUERY } from './teamQueries';

/**
 * /settings/team/member?id= (spec §2): one member's role (admin or bookkeeper), the permissions it
 * gives, Save changes and Discard changes, and removing them from the team. A missing or unknown id
 * says so; another failure shows 'Error' and is logged (spec §8).
 */
export function MemberPage() {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim() ?? '';
  if (!id) {
    return (
      <MemberNotFound title="No member selected">
        This page shows one member of the team. Pick someone from the team list.
      </MemberNotFound>
    );
  }
  return <MemberLoader id={id} />;
}

function MemberLoader({ id }: { id: string }) {
  const { entity } = useEntityContext();
  const { data, error } = useQuery(MEMBER_QUERY, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const member = data?.member;
  if (member) return <MemberEditor member={member} viewerManagesTeam={canManageTeam(entity.viewerRole)} />;
  if (error && graphqlErrorCode(error) === 'NOT_FOUND') {
    return (
      <MemberNotFound title="Member not found">
        No member of your team has this address. They may have been removed, or the link is incomplete.
      </MemberNotFound>
    );
  }
  if (error) return <MemberLoadError error={error} />;
  return (
    <Stack gap="md">
      <BackToTeam />
      <Group justify="center" p="xl">
        <Loader aria-label="Loading member" />
      </Group>
    </Stack>
  );
}

function MemberNotFound({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md" maw={760} data-testid="member-not-found">
      <BackToTeam />
      <PageTitle title={title} />
      <Text size="sm" c="dimmed">
        {children}
      </Text>
      <Anchor component={Link} to={TEAM_PATH} size="sm" fw={600}>
        Back to the team
      </Anchor>
    </Stack>
  );
}

function MemberLoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The member could not be loaded', error), [error]);
  return (
    <Stack gap="md" maw={760}>
      <BackToTeam />
      <PageTitle title="Team member" />
      <Alert color="red" title="Error" data-testid="member-error">
        <Text size="sm">This member could not be loaded. Reload the page to try again.</Text>
      </Alert>
    </Stack>
  );
}
