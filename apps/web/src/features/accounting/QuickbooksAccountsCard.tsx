import { Badge, Group, Paper, Stack, Table, Text, ThemeIcon, Title } from '@mantine/core';
import { formatCents } from '../../lib/format';
import { formatUpdatedAt } from '../linking/linkFormat';
import type { QuickbooksAccount, QuickbooksConnection } from './accountingQueries';

/**
 * The accounts of the QuickBooks company file on Linked Accounts (spec §3 'Accounting-software
 * account': Name, CurrentBalance), with their type: what the books import while QuickBooks Online is
 * the accounting source.
 */
export function QuickbooksAccountsCard({
  connection,
  accounts,
}: {
  connection: QuickbooksConnection | null;
  accounts: readonly QuickbooksAccount[];
}) {
  const companyName = connection?.companyName || 'QuickBooks Online';
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label="QuickBooks Online accounts"
      data-testid="quickbooks-accounts"
    >
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" mb="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={32} radius="md" variant="light" color="green" aria-hidden>
            <Text fw={800} size="xs">
              qb
            </Text>
          </ThemeIcon>
          <Stack gap={2}>
            <Group gap="xs" wrap="wrap">
              <Title order={3} size="h5" data-testid="quickbooks-company">
                {companyName}
              </Title>
              <Badge variant="light" color="gray" size="sm">
                QuickBooks Online
              </Badge>
              {connection?.status === 'login_required' ? (
                <Badge color="orange" variant="light" size="sm">
                  Login required
                </Badge>
              ) : null}
            </Group>
            <Text size="xs" c="dimmed">
              {connection?.lastSyncedAt
                ? `Synced ${formatUpdatedAt(connection.lastSyncedAt)}`
                : 'Not synced yet'}
            </Text>
          </Stack>
        </Group>
      </Group>
      {accounts.length === 0 ? (
        <Text size="sm" c="dimmed" py="xs">
          No accounts have been imported from QuickBooks yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table aria-label="QuickBooks accounts" verticalSpacing="xs" highlightOnHover layout="fixed">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Account</Table.Th>
                <Table.Th w={240}>Type</Table.Th>
                <Table.Th w={170} ta="right">
                  Current balance
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {accounts.map((account) => (
                <Table.Tr key={account.id} data-testid="quickbooks-account-row">
                  <Table.Td>
                    <Text size="sm" fw={600} data-testid="quickbooks-account-name" truncate="end">
                      {account.name}
                    </Text>
                  </Table.Td>
                  <Table.Td data-testid="quickbooks-account-type">{account.accountType}</Table.Td>
                  <Table.Td ta="right" data-testid="quickbooks-account-balance" ff="monospace">
                    {formatCents(account.currentBalance)}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
