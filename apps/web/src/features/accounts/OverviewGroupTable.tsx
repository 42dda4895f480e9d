import { Anchor, Badge, Group, Paper, Table, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { formatCents } from '../../lib/format';
import { AvailableFigure, BalanceFigure } from '../linking/LinkedAccountsTable';
import { formatMask, formatUpdatedAt } from '../linking/linkFormat';
import { describeGroupWorking, isOwedGroup } from './accountsOverview';
import type { OverviewGroup } from './accountsOverviewQuery';

/** The account type whose sign rule a group's balances follow (spec §9: credit balances negated). */
const SIGN_TYPE = (group: string) => (isOwedGroup(group) ? 'credit' : 'depository');

/**
 * One group of the overview (spec §2: Cash, Credit Cards, Investments, Loans, Other): its total in the
 * books, with the accounts it adds up as its tooltip, and its accounts: name, last digits, the
 * institution's official name, the bank's balances (owed ones negated) and when they were read.
 */
export function OverviewGroupTable({ group }: { group: OverviewGroup }) {
  const owed = isOwedGroup(group.name);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-label={group.name}
      data-testid="overview-group"
      data-group={group.name}
    >
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h5">
          {group.name}
        </Title>
        <Tooltip label={describeGroupWorking(group)} multiline maw={420} withArrow>
          <Text
            ff="monospace"
            fw={600}
            tabIndex={0}
            data-testid="group-total"
            style={{ cursor: 'help', textDecoration: 'underline dotted' }}
          >
            {formatCents(owed && group.total !== 0 ? -group.total : group.total)}
          </Text>
        </Tooltip>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        {/* Fixed columns, so the groups' tables line up. */}
        <Table aria-label={`${group.name} accounts`} verticalSpacing="xs" highlightOnHover layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th w={180}>Institution</Table.Th>
              <Table.Th w={140} ta="right">
                Available
              </Table.Th>
              <Table.Th w={140} ta="right">
                Current
              </Table.Th>
              <Table.Th w={176} ta="right">
                Updated
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.items.map((item) => (
              <Table.Tr key={item.accountId} data-testid="overview-item">
                <Table.Td>
                  <Group gap={6} wrap="wrap" align="baseline">
                    <Text size="sm" fw={600} data-testid="item-name">
                      {item.name}
                    </Text>
                    <Text size="sm" c="dimmed" ff="monospace" data-testid="item-mask">
                      {formatMask(item.mask)}
                    </Text>
                  </Group>
                  {item.officialName && item.officialName !== item.name ? (
                    <Text size="xs" c="dimmed" data-testid="item-official-name">
                      {item.officialName}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{item.institutionName}</Text>
                  {item.needsReconnect ? (
                    <Anchor component={Link} to="/accounts/linked" size="xs">
                      <Badge color="orange" variant="light" size="xs" style={{ cursor: 'pointer' }}>
                        Login required
                      </Badge>
                    </Anchor>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right" data-testid="item-available">
                  <AvailableFigure accountType={SIGN_TYPE(group.name)} cents={item.balances.available} />
                </Table.Td>
                <Table.Td ta="right" data-testid="item-current">
                  <BalanceFigure accountType={SIGN_TYPE(group.name)} cents={item.balances.current} strong />
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="xs" c="dimmed" data-testid="item-updated">
                    {formatUpdatedAt(item.updatedAt)}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
