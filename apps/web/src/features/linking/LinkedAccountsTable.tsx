import { Table, Text, Tooltip } from '@mantine/core';
import { formatCents } from '../../lib/format';
import { describeAccountType, displayedBalance, isOwedAccountType } from './bankLinks';
import { formatMask, formatOptionalCents } from './linkFormat';
import type { LinkedAccount } from './linkingQueries';

/**
 * The accounts of one bank connection (spec §3): name (and the institution's official name), the last
 * digits of the number, type and subtype, available and current balance. What is owed on a card or a
 * loan is shown negated (spec §9), with the amount owed as its tooltip; a card's available balance is
 * the credit left, shown as it is.
 */
export function LinkedAccountsTable({
  accounts,
  institutionName,
}: {
  accounts: readonly LinkedAccount[];
  institutionName: string;
}) {
  if (accounts.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="xs">
        No accounts were shared from {institutionName}.
      </Text>
    );
  }
  return (
    <Table.ScrollContainer minWidth={640}>
      {/* Fixed columns, so the tables of several connections line up. */}
      <Table aria-label={`${institutionName} accounts`} verticalSpacing="xs" highlightOnHover layout="fixed">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Account</Table.Th>
            <Table.Th w={110}>Number</Table.Th>
            <Table.Th w={210}>Type</Table.Th>
            <Table.Th w={150} ta="right">
              Available
            </Table.Th>
            <Table.Th w={150} ta="right">
              Current
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {accounts.map((account) => (
            <Table.Tr key={account.accountId} data-testid="linked-account-row">
              <Table.Td>
                <Text size="sm" fw={600} data-testid="account-name">
                  {account.name}
                </Text>
                {account.officialName && account.officialName !== account.name ? (
                  <Text size="xs" c="dimmed">
                    {account.officialName}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td ff="monospace" data-testid="account-mask">
                {formatMask(account.mask)}
              </Table.Td>
              <Table.Td data-testid="account-type" tt="capitalize">
                {describeAccountType(account)}
              </Table.Td>
              <Table.Td ta="right" data-testid="available-balance">
                <AvailableFigure accountType={account.accountType} cents={account.balances.available} />
              </Table.Td>
              <Table.Td ta="right" data-testid="current-balance">
                <BalanceFigure accountType={account.accountType} cents={account.balances.current} strong />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** A balance as the page shows it; an owed one negated, saying what is owed. */
export function BalanceFigure({
  accountType,
  cents,
  strong,
}: {
  accountType: string;
  cents: number | null;
  strong?: boolean;
}) {
  const owed = cents !== null && cents !== 0 && isOwedAccountType(accountType);
  const figure = (
    <Text
      span
      size="sm"
      ff="monospace"
      fw={strong ? 600 : undefined}
      tabIndex={owed ? 0 : undefined}
      style={owed ? { textDecoration: 'underline dotted', cursor: 'help' } : undefined}
    >
      {formatOptionalCents(displayedBalance(accountType, cents))}
    </Text>
  );
  if (!owed || cents === null) return figure;
  return (
    <Tooltip label={`Owed ${formatCents(cents)}`} withArrow>
      {figure}
    </Tooltip>
  );
}

/** An available balance as the institution states it: on a card, the credit left. */
function AvailableFigure({ accountType, cents }: { accountType: string; cents: number | null }) {
  return (
    <Text
      span
      size="sm"
      ff="monospace"
      c="dimmed"
      title={accountType === 'credit' ? 'Credit available' : undefined}
    >
      {formatOptionalCents(cents)}
    </Text>
  );
}
