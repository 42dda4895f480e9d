import { PRODUCT_NAME } from '@keel/domain';
import { Anchor, Box, Flex, Group, List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank, IconChartLine, IconUsersGroup } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { KeelLogo } from '../../shell/KeelLogo';
import { useDocumentTitle } from '../../shell/PageTitle';

type AuthLayoutProps = { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode };

/** The frame of the signed-out pages: a brand panel on wide screens and the form on the right. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  useDocumentTitle(title);
  return (
    <Flex mih="100vh">
      <BrandPanel />
      <Flex component="main" flex={1} direction="column" align="center" justify="center" px="md" py={48}>
        <Stack w="100%" maw={400} gap="xl">
          <Box hiddenFrom="md">
            <KeelLogo />
          </Box>
          <Stack gap={6}>
            <Title order={2} fw={650}>
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
          {footer && (
            <Text size="sm" c="dimmed" ta="center">
              {footer}
            </Text>
          )}
        </Stack>
        <Group gap="lg" mt={48}>
          <Anchor component={Link} to="/legal" size="xs" c="dimmed">
            Terms and privacy
          </Anchor>
          <Anchor component={Link} to="/legal/disclosures" size="xs" c="dimmed">
            Disclosures
          </Anchor>
        </Group>
      </Flex>
    </Flex>
  );
}

const HIGHLIGHTS = [
  { icon: IconChartLine, text: 'Actuals and forecasts in one financial report' },
  { icon: IconBuildingBank, text: 'Banking, cards and linked accounts side by side' },
  { icon: IconUsersGroup, text: 'Hiring plans and models your whole team can trust' },
];

function BrandPanel() {
  return (
    <Flex
      visibleFrom="md"
      direction="column"
      justify="space-between"
      w="42%"
      maw={560}
      p={48}
      style={{
        background:
          'linear-gradient(160deg, var(--mantine-color-keel-9) 0%, var(--mantine-color-keel-7) 55%, var(--mantine-color-keel-5) 100%)',
        color: 'white',
      }}
    >
      <KeelLogo inverted />
      <Stack gap="xl">
        <Title order={1} c="white" fw={650} fz={34} lh={1.2}>
          Plan, report and bank in one place.
        </Title>
        <List spacing="md" center>
          {HIGHLIGHTS.map(({ icon: Icon, text }) => (
            <List.Item
              key={text}
              icon={
                <ThemeIcon variant="white" color="keel" radius="xl" size={28}>
                  <Icon size={16} />
                </ThemeIcon>
              }
            >
              <Text c="white" opacity={0.92}>
                {text}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
      <Text size="xs" c="white" opacity={0.7}>
        {PRODUCT_NAME} · Finance for growing companies
      </Text>
    </Flex>
  );
}
