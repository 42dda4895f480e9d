import { PRODUCT_NAME } from '@keel/domain';
import { Button, Center, Stack, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatCents } from '../../lib/format';
import { formatTransactionDate } from '../transactions/groupTransactionsByDay';
import type { KeelAccount } from './bankingQueries';

/** The yield as the spec shows it: percent with 2 decimals (2 -> '2.00% APY'). */
export function formatApy(apy: number): string {
  return `${apy.toFixed(2)}% APY`;
}

/** The Balance cell's working, when the available balance differs from the current one. */
export function availableWorking(account: Pick<KeelAccount, 'availableBalance'>): string {
  return `Available ${formatCents(account.availableBalance)}: current less pending transfers`;
}

/**
 * '{product} Accounts' (spec §2 /{product}-checking): Account, Account Number (masked by the server,
 * spec §9), Routing Number, Money Earned (the interest credited, its APY beneath) and Balance (the
 * current balance; the available one beneath when pending transfers hold part of it).
 */
export function KeelAccountsTable({
  accounts,
  highlightId,
}: {
  accounts: readonly KeelAccount[];
  /** The account just opened, marked. */
  highlightId?: string | null;
}) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table aria-label={`${PRODUCT_NAME} Accounts`} verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th>Account Number</Table.Th>
            <Table.Th>Routing Number</Table.Th>
            <Table.Th ta="right">Money Earned</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => {
            const held = account.availableBalance !== account.currentBalance;
            return (
              <Table.Tr
                key={account.id}
                data-testid="keel-account-row"
                bg={account.id === highlightId ? 'var(--mantine-color-keel-0)' : undefined}
              >
                <Table.Td>
                  <Text fw={600} size="sm">
                    {account.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Opened {formatTransactionDate(account.openedOn)}
                  </Text>
                </Table.Td>
                <Table.Td ff="monospace" data-testid="account-number">
                  {account.accountNumber}
                </Table.Td>
                <Table.Td ff="monospace" data-testid="routing-number">
                  {account.routingNumber}
                </Table.Td>
                <Table.Td ta="right" data-testid="money-earned">
                  <Text size="sm" ff="monospace">
                    {formatCents(account.accountYield.amount)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatApy(account.accountYield.apy)}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" data-testid="balance">
                  <Text size="sm" ff="monospace" fw={600}>
                    {formatCents(account.currentBalance)}
                  </Text>
                  {held ? (
                    <Tooltip label={availableWorking(account)} withArrow multiline maw={260}>
                      <Text
                        size="xs"
                        c="dimmed"
                        tabIndex={0}
                        data-testid="available-balance"
                        style={{ textDecoration: 'underline dotted', cursor: 'help' }}
                      >
                        Available {formatCents(account.availableBalance)}
                      </Text>
                    </Tooltip>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** No Keel account yet (spec §2): what one is, and 'Open an account with us' to /apply. */
export function KeelAccountsEmpty() {
  return (
    <Center py={48} data-testid="keel-accounts-empty">
      <Stack align="center" gap="sm" maw={460} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconBuildingBank size={26} />
        </ThemeIcon>
        <Text fw={600}>You have no {PRODUCT_NAME} account yet</Text>
        <Text size="sm" c="dimmed">
          A {PRODUCT_NAME} checking account earns interest on every dollar, sends ACH transfers and wires, and
          books its activity into your reports as it happens.
        </Text>
        <Button component={Link} to="/apply" mt="xs">
          Open an account with us
        </Button>
      </Stack>
    </Center>
  );
}
