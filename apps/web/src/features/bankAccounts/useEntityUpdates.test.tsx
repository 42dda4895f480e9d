import { gql, type TypedDocumentNode } from '@apollo/client';
import { useApolloClient, useFragment, useQuery } from '@apollo/client/react';
import type { MockLink } from '@apollo/client/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ENTITY_ID, linkedAccountsMock, plaidItem, renderLinking } from '../linking/linking.testkit';
import { LINKED_ACCOUNTS_QUERY } from '../linking/linkingQueries';
import { queriesForEntityUpdate } from './entityUpdates';
import { useEntityUpdates } from './useEntityUpdates';

const SUBSCRIPTION = 'EntityWasUpdated';

/** A query answered by `mock`, counting its reads. */
function counted(mock: MockLink.MockedResponse, data: Record<string, unknown>) {
  const counter = { reads: 0 };
  return {
    counter,
    mock: {
      ...mock,
      result: () => {
        counter.reads += 1;
        return { data };
      },
      maxUsageCount: Number.POSITIVE_INFINITY,
    } as MockLink.MockedResponse,
  };
}

type EntityFlags = {
  __typename: 'Entity';
  id: string;
  apiFlags: { __typename: 'ApiFlags'; qbo: boolean; finch: boolean };
};

/** The entity as the shell caches it (Header), here only its flags. */
const ENTITY_FLAGS: TypedDocumentNode<EntityFlags> = gql`
  fragment TestEntityFlags on Entity {
    id
    apiFlags {
      qbo
      finch
    }
  }
`;

/** An accounts page as the layout holds it: the live updates, the Linked Accounts query, the cached flags. */
function AccountsProbe() {
  const client = useApolloClient();
  useState(() =>
    client.cache.writeFragment({
      fragment: ENTITY_FLAGS,
      data: {
        __typename: 'Entity',
        id: ENTITY_ID,
        apiFlags: { __typename: 'ApiFlags', qbo: false, finch: false },
      },
    }),
  );
  const { live } = useEntityUpdates(ENTITY_ID);
  useQuery(LINKED_ACCOUNTS_QUERY, { variables: { entityId: ENTITY_ID } });
  const flags = useFragment({
    fragment: ENTITY_FLAGS,
    from: { __typename: 'Entity', id: ENTITY_ID },
  });
  return (
    <div>
      <span data-testid="live">{String(live)}</span>
      <span data-testid="qbo">{String(flags.data?.apiFlags?.qbo ?? 'unknown')}</span>
    </div>
  );
}

const event = (reason: string, qbo = false) => ({
  entityWasUpdated: {
    __typename: 'EntityUpdate',
    entityId: ENTITY_ID,
    reason,
    apiFlags: { __typename: 'ApiFlags', qbo, finch: false },
  },
});

describe('useEntityUpdates (EntitySubscription)', () => {
  it('reads the linked accounts again when they change, and puts the API flags into the cached entity', async () => {
    const links = counted(linkedAccountsMock([plaidItem()]), {
      plaidItems: [plaidItem()],
      moneykitLinks: [],
    });
    const { live } = renderLinking(<AccountsProbe />, { mocks: [links.mock] });
    await waitFor(() => expect(links.counter.reads).toBe(1));
    expect(live.subscribers(SUBSCRIPTION)[0]?.variables).toEqual({ entityId: ENTITY_ID });
    await live.connect(SUBSCRIPTION);
    expect(screen.getByTestId('live')).toHaveTextContent('true');
    // The first connection reads nothing again: the page's own queries have just been made.
    expect(links.counter.reads).toBe(1);

    live.push(SUBSCRIPTION, event('linkedAccounts'));
    await waitFor(() => expect(links.counter.reads).toBe(2));
    expect(screen.getByTestId('qbo')).toHaveTextContent('false');

    // QuickBooks became the source elsewhere: the flag turns at once, the lists are read again.
    live.push(SUBSCRIPTION, event('apiFlags', true));
    await waitFor(() => expect(screen.getByTestId('qbo')).toHaveTextContent('true'));
    await waitFor(() => expect(links.counter.reads).toBe(3));
  });

  it('reads everything shown again after a reconnect (changes of the gap are not replayed)', async () => {
    const links = counted(linkedAccountsMock([]), { plaidItems: [], moneykitLinks: [] });
    const { live } = renderLinking(<AccountsProbe />, { mocks: [links.mock] });
    await waitFor(() => expect(links.counter.reads).toBe(1));
    await live.connect(SUBSCRIPTION);
    live.drop(SUBSCRIPTION);
    expect(screen.getByTestId('live')).toHaveTextContent('false');
    await live.reconnect(SUBSCRIPTION);
    await waitFor(() => expect(links.counter.reads).toBe(2));
    await act(async () => undefined);
  });

  it('knows which lists each kind of change touches', () => {
    expect(queriesForEntityUpdate('depositAccounts')).toEqual(['AccountsOverview', 'KeelAccounts']);
    expect(queriesForEntityUpdate('linkedAccounts')).toContain('LinkedAccounts');
    expect(queriesForEntityUpdate('apiFlags')).toEqual(
      expect.arrayContaining(['LinkedAccounts', 'QuickbooksAccounts', 'QuickbooksConnection']),
    );
    // A reason added later reloads them all.
    expect(queriesForEntityUpdate('somethingNew')).toEqual(
      expect.arrayContaining(['AccountsOverview', 'LinkedAccounts', 'KeelAccounts', 'QuickbooksAccounts']),
    );
  });
});
