import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import { formatCents } from '../../lib/format';
import { BalanceFigure } from '../linking/LinkedAccountsTable';
import { formatMask, formatUpdatedAt } from '../linking/linkFormat';
import { describeGroupWorking, isOwedGroup, shownBalance, sourceColor } from './accountsOverview';
import type { OverviewGroup } from './accountsOverviewQuery';

/** The account type whose sign rule a group's balances follow (spec §9: credit balances negated). */
const SIGN_TYPE = (group: string) => (isOwedGroup(group) ? 'credit' : 'depository');

/**
 * One group of the overview (spec §2: Cash, Credit Cards, Investments, Loans, Other): its total in the
 * books (the Financial Report's line), with the accounts it adds up as its tooltip, and its accounts:
 * name, last digits and place in the chart; where it comes from ('Linked · Plaid', 'Keel account',
 * 'Books only'…) and its institution; the bank's balance when a bank feeds it; its balance in the books
 * (owed ones negated); when the bank's balances were read.
 */
export function OverviewGroupTable({ group }: { group: OverviewGroup }) {
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
            {formatCents(shownBalance(group.name, group.total))}
          </Text>
        </Tooltip>
      </Group>
      <Table.ScrollContainer minWidth={720}>
        {/* Fixed columns, so the groups' tables line up. */}
        <Table aria-label={`${group.name} accounts`} verticalSpacing="xs" highlightOnHover layout="fixed">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Account</Table.Th>
              <Table.Th w={220}>Source</Table.Th>
              <Table.Th w={140} ta="right">
                <Tooltip label="What the bank states, when a bank feeds the account" withArrow>
                  <span>Bank balance</span>
                </Tooltip>
              </Table.Th>
              <Table.Th w={150} ta="right">
                <Tooltip label="Its balance in the books: what the Financial Report shows" withArrow>
                  <span>Books balance</span>
                </Tooltip>
              </Table.Th>
              <Table.Th w={168} ta="right">
                Updated
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {group.items.map((item) => (
              <Table.Tr key={`${item.provider}:${item.accountId}`} data-testid="overview-item">
                <Table.Td>
                  <Group gap={6} wrap="wrap" align="baseline">
                    <Text size="sm" fw={600} data-testid="item-name">
                      {item.name}
                    </Text>
                    {item.mask ? (
                      <Text size="sm" c="dimmed" ff="monospace" data-testid="item-mask">
                        {formatMask(item.mask)}
                      </Text>
                    ) : null}
                  </Group>
                  {item.officialName && item.officialName !== item.name ? (
                    <Text size="xs" c="dimmed" data-testid="item-official-name">
                      {item.officialName}
                    </Text>
                  ) : null}
                  <Text size="xs" c="dimmed" truncate="end" title={item.accountPath} data-testid="item-path">
                    {item.accountPath}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2} align="flex-start">
                    <Badge
                      variant="light"
                      color={sourceColor(item.provider)}
                      size="sm"
                      tt="none"
                      data-testid="item-source"
                      data-provider={item.provider}
                    >
                      {item.sourceLabel}
                    </Badge>
                    {item.institutionName ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {item.institutionName}
                      </Text>
                    ) : null}
                    {item.needsReconnect ? (
                      <Anchor component={Link} to="/accounts/linked" size="xs">
                        <Badge color="orange" variant="light" size="xs" style={{ cursor: 'pointer' }}>
                          Login required
                        </Badge>
                      </Anchor>
                    ) : null}
                  </Stack>
                </Table.Td>
                <Table.Td ta="right" data-testid="item-current">
                  <BalanceFigure accountType={SIGN_TYPE(group.name)} cents={item.balances.current} />
                </Table.Td>
                <Table.Td ta="right" data-testid="item-books">
                  <Text span size="sm" ff="monospace" fw={600}>
                    {formatCents(shownBalance(group.name, item.ledgerBalance))}
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <Text size="xs" c="dimmed" data-testid="item-updated">
                    {item.updatedAt ? formatUpdatedAt(item.updatedAt) : '—'}
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
