import { Alert, Box, Button, Center, Loader, Text } from '@mantine/core';
import { useLoadMoreOnScroll } from '../../../lib/useLoadMoreOnScroll';
import type { DrawerEntry } from './drawerQueries';
import { EntryListItem } from './EntryListItem';
import type { ReportEntriesList } from './useReportEntries';

type EntryListProps = {
  list: ReportEntriesList;
  searching: boolean;
  onEdit: (entry: DrawerEntry) => void;
  onDelete: (entry: DrawerEntry) => void;
  onViewHistory: (entry: DrawerEntry) => void;
};

/** The drawer's entries, newest first, 50 at a time ('Load more', also pressed when scrolled to). */
export function EntryList({ list, searching, onEdit, onDelete, onViewHistory }: EntryListProps) {
  if (list.error && list.entries.length === 0) {
    return (
      <Alert color="red" title="Error" m="sm">
        Entries could not be loaded.
      </Alert>
    );
  }
  if (list.loading) {
    return (
      <Center py="lg">
        <Loader size="sm" aria-label="Loading entries" />
      </Center>
    );
  }
  if (list.entries.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="lg" px="sm" data-testid="drawer-empty">
        {searching ? 'No entries match your search.' : 'No entries in this period.'}
      </Text>
    );
  }
  return (
    <Box component="ul" aria-label="Entry list" m={0} p={0} style={{ listStyle: 'none' }}>
      {list.entries.map((entry) => (
        <li key={entry.id}>
          <EntryListItem
            entry={entry}
            sign={list.sign}
            stale={list.refreshing}
            onEdit={onEdit}
            onDelete={onDelete}
            onViewHistory={onViewHistory}
          />
        </li>
      ))}
      {list.hasNextPage ? (
        <li>
          <LoadMore onLoadMore={list.loadMore} loading={list.loadingMore} />
        </li>
      ) : null}
    </Box>
  );
}

/** 'Load more', also pressed for the user when it scrolls into view. */
function LoadMore({ onLoadMore, loading }: { onLoadMore: () => void; loading: boolean }) {
  const sentinel = useLoadMoreOnScroll(onLoadMore);
  return (
    <Center ref={sentinel} py="sm">
      <Button variant="default" size="xs" onClick={onLoadMore} loading={loading}>
        Load more
      </Button>
    </Center>
  );
}
