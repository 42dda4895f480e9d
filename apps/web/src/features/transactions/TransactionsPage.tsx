import { formatCents, SEARCH_FILTER_MAX } from '@keel/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useLoadMoreOnScroll } from '../../lib/useLoadMoreOnScroll';
import { useSelectedEntity } from '../../shell/EntityContext';
import { PageTitle } from '../../shell/PageTitle';
import {
  formatTransactionDate,
  formatTransactionDay,
  groupTransactionsByDay,
} from './groupTransactionsByDay';
import { useBookkeepingTransactions } from './useBookkeepingTransactions';

/**
 * /transactions and /keel-transactions (spec §2): the entity's bookkeeping transactions, newest first,
 * grouped by day, 50 at a time as the user scrolls or asks for more. `accountTypeFilter` narrows the
 * list to transactions on accounts of that type (Keel's deposit accounts for /keel-transactions).
 * The search applied is the address's `search` parameter (`/transactions?search=AWS`, as an 'Ask Keel
 * AI' source links to a vendor's transactions): the page opens searched, and a search made here is
 * written back to the address.
 */
export function TransactionsPage({
  title,
  accountTypeFilter = null,
}: {
  title: string;
  accountTypeFilter?: string | null;
}) {
  const entity = useSelectedEntity();
  const [searchParams, setSearchParams] = useSearchParams();
  const nameFilter = searchFromAddress(searchParams);
  // The box shows the search applied, and follows it when the address changes (a link followed here).
  const [draft, setDraft] = useState({ of: nameFilter, text: nameFilter });
  const draftText = draft.of === nameFilter ? draft.text : nameFilter;
  const list = useBookkeepingTransactions({ entityId: entity.id, nameFilter, accountTypeFilter });

  const applySearch = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draftText.trim();
    setDraft({ of: text, text });
    setSearchParams(
      (params) => {
        const next = new URLSearchParams(params);
        if (text) next.set(SEARCH_PARAM, text);
        else next.delete(SEARCH_PARAM);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Stack gap="md">
      <PageTitle title={title} />
      <form onSubmit={applySearch} aria-label="Transactions search">
        <Group gap="xs" align="flex-end">
          <TextInput
            aria-label="Search transactions"
            placeholder="Search transactions"
            value={draftText}
            maxLength={SEARCH_FILTER_MAX}
            onChange={(event) => setDraft({ of: nameFilter, text: event.currentTarget.value })}
            w={360}
            leftSection={<IconSearch size={16} />}
          />
          <ActionIcon type="submit" size="lg" variant="filled" aria-label="Search">
            <IconSearch size={18} />
          </ActionIcon>
        </Group>
      </form>
      <TransactionsList list={list} searching={nameFilter !== ''} />
    </Stack>
  );
}

/** The address parameter that holds the search: `/transactions?search=AWS`. */
const SEARCH_PARAM = 'search';

/** The search the address asks for, trimmed and cut to the longest the server takes. */
function searchFromAddress(params: URLSearchParams): string {
  return (params.get(SEARCH_PARAM) ?? '').trim().slice(0, SEARCH_FILTER_MAX);
}

function TransactionsList({
  list,
  searching,
}: {
  list: ReturnType<typeof useBookkeepingTransactions>;
  searching: boolean;
}) {
  if (list.error)
    return (
      <Alert color="red" title="Error">
        Transactions could not be loaded.
      </Alert>
    );
  if (list.loading) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading transactions" />
      </Center>
    );
  }
  if (list.transactions.length === 0) {
    return (
      <Center py="xl" data-testid="transactions-empty">
        <Stack gap={4} align="center">
          <Text fw={600}>{searching ? 'No transactions match your search' : 'No transactions yet'}</Text>
          <Text c="dimmed" size="sm">
            {searching
              ? 'Try another word from the transaction’s name.'
              : 'Booked and imported transactions show here.'}
          </Text>
        </Stack>
      </Center>
    );
  }
  const days = groupTransactionsByDay(list.transactions);
  return (
    <Stack gap="sm">
      <Text c="dimmed" size="sm" data-testid="transactions-count">
        {list.count === 1 ? '1 transaction' : `${list.count.toLocaleString('en-US')} transactions`}
      </Text>
      <Table
        highlightOnHover
        stickyHeader
        stickyHeaderOffset={0}
        aria-label="Transactions"
        verticalSpacing="xs"
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Date</Table.Th>
            <Table.Th>Name</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th>Category</Table.Th>
            <Table.Th>Account</Table.Th>
          </Table.Tr>
        </Table.Thead>
        {days.map((day) => (
          <Table.Tbody key={day.date} data-testid="transactions-day" data-date={day.date}>
            <Table.Tr bg="var(--mantine-color-gray-0)">
              <Table.Th colSpan={5} scope="rowgroup" data-testid="transactions-day-header">
                {formatTransactionDay(day.date)}
              </Table.Th>
            </Table.Tr>
            {day.transactions.map((transaction) => (
              <Table.Tr key={transaction.id} data-testid="transaction-row">
                <Table.Td>{formatTransactionDate(transaction.date)}</Table.Td>
                <Table.Td>{transaction.name}</Table.Td>
                <Table.Td ta="right" c={transaction.amount > 0 ? 'teal.8' : undefined} ff="monospace">
                  {formatCents(transaction.amount)}
                </Table.Td>
                <Table.Td>{transaction.categoryName ?? '—'}</Table.Td>
                <Table.Td>{transaction.accountName ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        ))}
      </Table>
      {list.hasNextPage && <LoadMore onLoadMore={list.loadMore} loading={list.loadingMore} />}
    </Stack>
  );
}

/** 'Load more transactions', also pressed for the user when it scrolls into view. */
function LoadMore({ onLoadMore, loading }: { onLoadMore: () => void; loading: boolean }) {
  const sentinel = useLoadMoreOnScroll(onLoadMore);
  return (
    <Center ref={sentinel} py="sm">
      <Button variant="default" onClick={onLoadMore} loading={loading}>
        Load more transactions
      </Button>
    </Center>
  );
}
