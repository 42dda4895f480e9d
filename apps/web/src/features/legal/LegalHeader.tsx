import { PRODUCT_NAME } from '@keel/domain';
import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useAccessToken } from '../../lib/authToken';
import { KeelLogo } from '../../shell/KeelLogo';
import classes from './legal.module.css';
import { LEGAL_PAGES } from './legalPages';

/** The legal pages' top bar: the logo home, the way into the app, and links between the three pages. */
export function LegalHeader({ currentPath }: { currentPath: string }) {
  const signedIn = useAccessToken() !== null;
  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Container size={760} px="md" py="sm">
        <Group justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/" underline="never" aria-label={`${PRODUCT_NAME} home`}>
            <KeelLogo size={28} />
          </Anchor>
          <Anchor
            component={Link}
            to={signedIn ? '/financial' : '/login'}
            size="sm"
            fw={500}
            className={classes.noPrint}
          >
            {signedIn ? `Open ${PRODUCT_NAME}` : 'Sign in'}
          </Anchor>
        </Group>
        <Group component="nav" aria-label="Legal pages" gap={4} mt="sm" ml={-8} className={classes.noPrint}>
          {Object.values(LEGAL_PAGES).map(({ path, title }) => {
            const current = path === currentPath;
            return (
              <Button
                key={path}
                component={Link}
                to={path}
                size="compact-sm"
                variant={current ? 'light' : 'subtle'}
                color={current ? 'keel' : 'gray'}
                aria-current={current ? 'page' : undefined}
                fw={current ? 600 : 500}
              >
                {title}
              </Button>
            );
          })}
        </Group>
      </Container>
    </Box>
  );
}
