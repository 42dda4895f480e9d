import { ApolloProvider } from '@apollo/client/react';
import { Anchor, Box, Container, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { graphqlClient } from '../../lib/graphqlClient';
import { KeelLogo } from '../../shell/KeelLogo';
import { PageTitle } from '../../shell/PageTitle';

/**
 * The frame of the bank-link return pages (spec §2 /plaid-oauth, /moneykit-oauth): public routes, so a
 * bank's OAuth sign-in can send the browser back even to a new tab; outside the signed-in shell, so
 * they bring the GraphQL client themselves.
 */
export function LinkReturnFrame({ children }: { children: ReactNode }) {
  return (
    <ApolloProvider client={graphqlClient}>
      <Box mih="100vh">
        <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
          <Container size="sm">
            <Group justify="space-between">
              <Anchor component={Link} to="/" underline="never" aria-label="Home">
                <KeelLogo size={28} />
              </Anchor>
            </Group>
          </Container>
        </Box>
        <Container size="sm" py="xl">
          <PageTitle title="Connecting your bank" />
          {children}
        </Container>
      </Box>
    </ApolloProvider>
  );
}
