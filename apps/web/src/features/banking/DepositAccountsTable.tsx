import { PRODUCT_NAME } from '@keel/domain';
import { Button, Center, Group, Stack, Table, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconBuildingBank, IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents } from '../../lib/format';
import { formatTransactionDate } from '../transactions/groupTransactionsByDay';
import type { DepositAccount } from './bankingQueries';
import { CopyDigitsButton } from './CopyDigitsButton';
import { RevealAccountNumberModal } from './RevealAccountNumberModal';
import { useAccountNumberReveal } from './useAccountNumberReveal';

/** The yield as the spec shows it: percent with 2 decimals (2 -> '2.00% APY'). */
function formatApy(apy: number): string {
  return `${apy.toFixed(2)}% APY`;
}

/** The Balance cell's working, when the available balance differs from the current one. */
function availableWorking(account: Pick<DepositAccount, 'availableBalance'>): string {
  return `Available ${formatCents(account.availableBalance)}: current less pending transfers`;
}

/**
 * '{product} Accounts' (spec §2 /{product}-checking): Account, Account Number (masked by the server,
 * spec §9; 'Show' asks for the password and then shows the full number with a Copy button, until
 * 'Hide' or a minute later), Routing Number (in full, with Copy: it is not secret), Money Earned (the
 * interest credited, its APY beneath) and Balance (the current balance; the available one beneath when
 * pending transfers hold part of it).
 */
export function DepositAccountsTable({
  accounts,
  highlightId,
}: {
  accounts: readonly DepositAccount[];
  /** The account just opened, marked. */
  highlightId?: string | null;
}) {
  const reveal = useAccountNumberReveal();
  const [asking, setAsking] = useState<DepositAccount | null>(null);
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
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
                  <Table.Td data-testid="account-number-cell">
                    <AccountNumberCell
                      account={account}
                      fullNumber={reveal.revealed[account.id]?.accountNumber ?? null}
                      onShow={() => setAsking(account)}
                      onHide={() => reveal.hide(account.id)}
                    />
                  </Table.Td>
                  <Table.Td data-testid="routing-number-cell">
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" ff="monospace" data-testid="routing-number">
                        {account.routingNumber}
                      </Text>
                      <CopyDigitsButton value={account.routingNumber} label="routing number" />
                    </Group>
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
      <RevealAccountNumberModal account={asking} onClose={() => setAsking(null)} onRevealed={reveal.show} />
    </>
  );
}

/** The Account Number cell: masked with 'Show', or the full number with Copy and 'Hide'. */
function AccountNumberCell({
  account,
  fullNumber,
  onShow,
  onHide,
}: {
  account: DepositAccount;
  fullNumber: string | null;
  onShow: () => void;
  onHide: () => void;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" ff="monospace" data-testid="account-number">
        {fullNumber ?? account.accountNumber}
      </Text>
      {fullNumber ? (
        <>
          <CopyDigitsButton value={fullNumber} label="account number" />
          <Button
            size="compact-xs"
            variant="subtle"
            leftSection={<IconEyeOff size={12} />}
            onClick={onHide}
            aria-label={`Hide the account number of ${account.name}`}
          >
            Hide
          </Button>
        </>
      ) : (
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconEye size={12} />}
          onClick={onShow}
          aria-label={`Show the full account number of ${account.name}`}
        >
          Show
        </Button>
      )}
    </Group>
  );
}

/** No deposit account yet (spec §2): what one is, and 'Open an account with us' to /apply. */
export function DepositAccountsEmpty() {
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
