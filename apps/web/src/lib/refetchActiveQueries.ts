import type { ApolloClient } from '@apollo/client';

/**
 * Refetches the queries of these operation names that are on screen now, and no other (unlike
 * refetchQueries' `include` with names, a name not on screen is no warning: pages share these lists).
 * A failure is logged: the page keeps what it shows.
 */
export async function refetchActiveQueries(client: ApolloClient, names: Iterable<string>): Promise<void> {
  const wanted = new Set(names);
  if (wanted.size === 0) return;
  try {
    await client.refetchQueries({
      include: 'active',
      onQueryUpdated: (query) => wanted.has(query.queryName ?? ''),
    });
  } catch (error) {
    console.error('A page could not be reloaded after a change', error);
  }
}
