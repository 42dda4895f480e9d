import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { useAccessToken } from '../lib/authToken';
import { LogoMark } from './KeelLogo';

/** Unknown paths and errors thrown while rendering a route (spec §2 'Any other path', §8 'Oops!'). */
export function NotFoundPage() {
  return <OopsPage detail="Not Found" />;
}

export function RouteErrorPage() {
  const error = useRouteError();
  console.error(error);
  let detail = 'Unknown error';
  if (isRouteErrorResponse(error)) detail = error.statusText || String(error.status);
  else if (error instanceof Error) detail = error.message;
  return <OopsPage detail={detail} />;
}

function OopsPage({ detail }: { detail: string }) {
  const signedIn = useAccessToken() !== null;
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" gap="md" maw={440} ta="center">
        <LogoMark size={48} />
        <Title order={1}>Oops!</Title>
        <Text size="lg">Sorry, an unexpected error has occurred.</Text>
        <Text c="dimmed" fs="italic">
          {detail}
        </Text>
        <Button component={Link} to="/" variant="light" mt="sm">
          Go to the start page
        </Button>
        {signedIn && (
          <Button component={Link} to="/logout" variant="subtle" color="gray" size="xs">
            Sign out
          </Button>
        )}
      </Stack>
    </Center>
  );
}
