import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { formatCents } from '../../lib/format';
import { type CursorPaging, useCursorPages } from '../../lib/useCursorPages';
import {
  CARD_TRANSACTIONS_QUERY,
  type CardItem,
  type CardTransactionItem,
  type CardTransactionsData,
} from './cardQueries';

/** How many charges a page shows. */
const PAGE_SIZE = 25;

type Connection = CardTransactionsData['cardTransactions'];

const PAGING: CursorPaging<
  CardTransactionsData,
  { cardId: string; first?: number; after?: string },
  Connection
> = {
  connectionOf: (data) => data.cardTransactions,
  withConnection: (data, connection) => ({ ...data, cardTransactions: connection }),
  pageAfter: (endCursor) => ({ after: endCursor }),
};

/** A charge's day (the company's, as the server gives it) as 'Nov 22, 2026'. */
const dayFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));

/**
 * The selected card's charges, newest first: the company's day,
 * the merchant, the amount and whether it was approved, or declined with the reason (a declined charge
 * is shown struck through: it moved no money). 'Load more' brings the next page.
 */
export function CardTransactions({ card }: { card: CardItem }) {
  const pages = useCursorPages(CARD_TRANSACTIONS_QUERY, PAGING, {
    variables: { cardId: card.id, first: PAGE_SIZE },
  });

  return (
    <Paper withBorder radius="md" p="md" data-testid="card-transactions" data-card-id={card.id}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={3} size="h4">
            {card.name} transactions
          </Title>
          <Text size="sm" c="dimmed">
            Ending in {card.last4}
          </Text>
        </Group>
        {pages.error && !pages.connection ? (
          <Alert color="red" title="Error">
            The card's transactions could not be loaded. Reload the page to try again.
          </Alert>
        ) : pages.loading ? (
          <Group justify="center" p="md">
            <Loader size="sm" aria-label="Loading transactions" />
          </Group>
        ) : pages.nodes.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="card-transactions-empty">
            No transactions on this card yet.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table aria-label={`${card.name} transactions`} verticalSpacing="xs" highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Merchant</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pages.nodes.map((row) => (
                  <TransactionRow key={row.id} row={row} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {pages.hasNextPage ? (
          <Group justify="center">
            <Button variant="default" size="xs" loading={pages.loadingMore} onClick={pages.loadMore}>
              Load more
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

function TransactionRow({ row }: { row: CardTransactionItem }) {
  const declined = row.status === 'declined';
  return (
    <Table.Tr data-testid="card-transaction" data-status={row.status}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDay(row.day)}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={1}>
          {row.merchant}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Badge color={declined ? 'red' : 'green'} variant="light">
            {declined ? 'Declined' : 'Approved'}
          </Badge>
          {declined && row.declineReason ? (
            <Text size="xs" c="red" data-testid="card-transaction-reason">
              {row.declineReason}
            </Text>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td
        ta="right"
        style={{ whiteSpace: 'nowrap', textDecoration: declined ? 'line-through' : undefined }}
      >
        {formatCents(row.amount)}
      </Table.Td>
    </Table.Tr>
  );
}
