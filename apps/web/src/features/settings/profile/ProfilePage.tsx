import { useQuery } from '@apollo/client/react';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { PageTitle } from '../../../shell/PageTitle';
import { ProfileForm } from './ProfileForm';
import { MY_PROFILE_QUERY } from './profileQueries';

/** /settings, 'My profile' (spec §2): the signed-in user's personal information, edited in place. */
export function ProfilePage() {
  const { data, error } = useQuery(MY_PROFILE_QUERY, { fetchPolicy: 'cache-and-network' });
  const person = data?.me.tprimePerson;

  return (
    <Stack gap="md" pb="xl" data-testid="profile-page">
      <PageTitle title="My profile" />
      {person ? (
        <ProfileForm person={person} />
      ) : error ? (
        <LoadError error={error} />
      ) : (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading profile" />
        </Group>
      )}
    </Stack>
  );
}

function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The profile could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error" data-testid="profile-error" maw={760}>
      <Text size="sm">Your profile could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
