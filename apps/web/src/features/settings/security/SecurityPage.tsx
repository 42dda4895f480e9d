import { useQuery } from '@apollo/client/react';
import { Alert, Divider, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { PageTitle } from '../../../shell/PageTitle';
import { PasswordChangeForm } from './PasswordChangeForm';
import { ResetEmailButton } from './ResetEmailButton';
import { SECURITY_QUERY } from './securityQueries';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * /settings/security (spec §2): the password change, the reset-email button and the two-factor section,
 * gated by re-entering the password. A failed load shows 'Error' and is logged (spec §8).
 */
export function SecurityPage() {
  const { data, error } = useQuery(SECURITY_QUERY, { fetchPolicy: 'cache-and-network' });
  const me = data?.me;

  return (
    <Stack gap="lg" pb="xl" maw={760}>
      <PageTitle title="Security" />
      {error && !me ? (
        <LoadError error={error} />
      ) : !me ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading security settings" />
        </Group>
      ) : (
        <>
          <Paper withBorder radius="md" p="lg">
            <Stack gap="md">
              <Title order={3} size="h4">
                Password
              </Title>
              <PasswordChangeForm />
              <Divider />
              <ResetEmailButton email={me.email} />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="lg">
            <TwoFactorSection me={me} />
          </Paper>
        </>
      )}
    </Stack>
  );
}

function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The security settings could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error" data-testid="security-error">
      <Text size="sm">Your security settings could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
