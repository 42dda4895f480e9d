import { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { screen, within } from '@testing-library/react';
import type { FormattedExecutionResult } from 'graphql';
import { of } from 'rxjs';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { EntryDetailsDialog } from './EntryDetailsDialog';

const ENTRY = {
  __typename: 'Entry',
  id: 'entry-1',
  accountId: 'income',
  amount: -25000,
  date: '2026-03-14',
  name: '',
  memo: '',
  scenario: 'actual',
  isEditable: true,
  transactionId: 'tx-1',
  transactionType: 'UserTransaction',
  account: { __typename: 'Account', id: 'income', name: 'Consulting' },
  refTransaction: null,
};

const change = (id: string, event: string, objectChanges: Record<string, unknown>) => ({
  __typename: 'EntryChange',
  id,
  event,
  createdAt: '2026-03-15T10:00:00.000Z',
  userName: 'Blake Books',
  objectChanges: {
    __typename: 'EntryObjectChanges',
    account: null,
    amount: null,
    date: null,
    name: null,
    memo: null,
    ...objectChanges,
  },
});

function answering(result: FormattedExecutionResult) {
  return new ApolloLink(() => of(result));
}

function renderDialog(link: ApolloLink) {
  return renderWithProviders(
    <MockedProvider link={link}>
      <EntryDetailsDialog entryId="entry-1" sign={-1} onClose={() => undefined} />
    </MockedProvider>,
  );
}

describe('EntryDetailsDialog', () => {
  it('shows the entry, its Entry History and its Entry Rules', async () => {
    const history = [
      change('c1', 'create', { amount: { __typename: 'CentsChange', before: null, after: -20000 } }),
      change('c2', 'update', { amount: { __typename: 'CentsChange', before: -20000, after: -25000 } }),
    ];
    const rules = [
      {
        __typename: 'Rule',
        id: 'r1',
        searchFilter: 'consult',
        fromAccount: null,
        toAccount: { __typename: 'Account', id: 'income', name: 'Consulting' },
      },
    ];
    renderDialog(
      answering({
        data: { entryWithHistory: { __typename: 'EntryWithHistory', entry: ENTRY, history, rules } },
      }),
    );
    expect(await screen.findByRole('dialog', { name: 'Entry Details' })).toBeInTheDocument();
    expect(await screen.findByText('No description')).toBeInTheDocument();
    expect(screen.getByText('$250.00')).toBeInTheDocument();
    expect(screen.getByText('Entry History')).toBeInTheDocument();
    expect(screen.getByText('Created')).toBeInTheDocument();
    expect(screen.getByText('Amount: $200.00 → $250.00')).toBeInTheDocument();
    expect(screen.getByText('Entry Rules')).toBeInTheDocument();
    expect(screen.getByText('“consult”')).toBeInTheDocument();
  });

  it("shows 'Error' when the history cannot be loaded", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderDialog(answering({ errors: [{ message: 'Entry not found' }] }));
    const alert = await screen.findByTestId('entry-details-error');
    expect(within(alert).getByText('Error')).toBeInTheDocument();
    log.mockRestore();
  });
});
