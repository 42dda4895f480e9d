import { Anchor, Box, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { KeelLogo } from '../../shell/KeelLogo';
import { PageTitle } from '../../shell/PageTitle';

/** A public page (the bank-linking return routes) whose content arrives with a later issue: a header and its title. */
export function PublicPlaceholderPage({ title }: { title: string }) {
  return (
    <Box mih="100vh">
      <Box component="header" py="md" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="md">
          <Group justify="space-between">
            <Anchor component={Link} to="/" underline="never">
              <KeelLogo size={28} />
            </Anchor>
            <Anchor component={Link} to="/login" size="sm">
              Sign in
            </Anchor>
          </Group>
        </Container>
      </Box>
      <Container size="md" py="xl">
        <PageTitle title={title} />
      </Container>
    </Box>
  );
}
