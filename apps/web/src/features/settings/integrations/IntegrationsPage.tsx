import { PRODUCT_NAME } from '@keel/domain';
import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PageTitle } from '../../../shell/PageTitle';
import { QuickbooksCard } from '../../accounting/QuickbooksCard';
import { XeroCard } from '../../accounting/XeroCard';

/**
 * /settings/integrations (spec §2): Bank Integrations, with a 'Connect' link to /accounts/linked, where
 * banks and cards are linked and their connections kept; and the accounting software: QuickBooks Online
 * (connect, sync, disconnect) and Xero, whose connection is disabled (spec §9).
 */
export function IntegrationsPage() {
  return (
    <Stack gap="md" pb="xl" maw={900}>
      <PageTitle title="Integrations" />
      <Paper withBorder radius="md" p="lg" data-testid="bank-integrations">
        <Group justify="space-between" align="center" wrap="nowrap" gap="md">
          <Group gap="md" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius="md" variant="light">
              <IconBuildingBank size={22} />
            </ThemeIcon>
            <div>
              <Title order={4}>Bank Integrations</Title>
              <Text size="sm" c="dimmed" maw={560}>
                Link your bank and credit card accounts: their balances and transactions arrive in{' '}
                {PRODUCT_NAME} and in your books, and stay up to date.
              </Text>
            </div>
          </Group>
          <Button component={Link} to="/accounts/linked" variant="light">
            Connect
          </Button>
        </Group>
      </Paper>
      <Title order={3} size="h5" mt="sm">
        Accounting software
      </Title>
      <QuickbooksCard />
      <XeroCard />
    </Stack>
  );
}
