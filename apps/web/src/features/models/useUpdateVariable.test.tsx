import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../theme';
import { UPDATE_VARIABLE_MUTATION } from './modelQueries';
import { useUpdateVariable } from './useUpdateVariable';

const refusal: MockLink.MockedResponse = {
  request: { query: UPDATE_VARIABLE_MUTATION, variables: { variableId: 'v1', value: '50' } },
  result: {
    errors: [
      {
        message: 'This change moves an output more than 10× in a month',
        extensions: {
          code: 'CONFIRMATION_REQUIRED',
          largeChangeCount: 2,
          largeChanges: [
            {
              outputId: 'o1',
              variableId: 'v2',
              variableName: 'Revenue',
              accountId: 'a1',
              accountName: 'Sales',
              month: '2027-12',
              fromCents: 171_034,
              toCents: 8_649_756,
              monthsMoved: 5,
            },
          ],
        },
      },
    ],
  },
};

const confirmed = vi.fn();
const saved: MockLink.MockedResponse = {
  request: {
    query: UPDATE_VARIABLE_MUTATION,
    variables: { variableId: 'v1', value: '50', confirmLargeChange: true },
  },
  result: () => {
    confirmed();
    return {
      data: {
        updateVariable: {
          __typename: 'VariablePayload',
          errors: [],
          variable: { __typename: 'Variable', id: 'v1' },
        },
      },
    };
  },
};

function Harness({ onDone }: { onDone: (result: unknown) => void }) {
  const { updateVariable, dialog } = useUpdateVariable();
  return (
    <>
      {dialog}
      <button
        type="button"
        onClick={async () => onDone(await updateVariable({ id: 'v1', name: 'Growth' }, { value: '50' }))}
      >
        Save growth
      </button>
    </>
  );
}

function renderHarness(onDone: (result: unknown) => void) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider mocks={[refusal, saved]}>
        <Harness onDone={onDone} />
      </MockedProvider>
    </MantineProvider>,
  );
}

/** Menus and dialogs with transitions take a few seconds in jsdom on a busy machine. */
const MENU_AND_DIALOG_TIMEOUT = 20_000;

describe('useUpdateVariable', () => {
  it(
    'shows a large change with its output, month, from and to, and saves it only on Confirm',
    async () => {
      const user = userEvent.setup();
      const onDone = vi.fn();
      confirmed.mockClear();
      renderHarness(onDone);
      await user.click(screen.getByRole('button', { name: 'Save growth' }));

      const dialog = await screen.findByRole('dialog', { name: 'Save a large change?' });
      expect(dialog).toHaveTextContent(
        'This change to Growth moves what the model writes into the report by more than 10×:',
      );
      const row = within(dialog).getByRole('row', { name: /Revenue → Sales/ });
      expect(row).toHaveTextContent('Revenue → SalesDec 2027 and 4 more months$1,710.34$86,497.56');
      expect(dialog).toHaveTextContent('and 1 more output');
      expect(dialog).toHaveTextContent('Nothing has been saved yet.');
      expect(confirmed).not.toHaveBeenCalled();

      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      await waitFor(() => expect(onDone).toHaveBeenCalled());
      expect(confirmed).toHaveBeenCalledTimes(1);
      expect(onDone.mock.calls[0]?.[0]).toMatchObject({ data: { updateVariable: { errors: [] } } });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    },
    MENU_AND_DIALOG_TIMEOUT,
  );

  it(
    'saves nothing on Cancel and says so by resolving to null, without an error toast',
    async () => {
      const user = userEvent.setup();
      const onDone = vi.fn();
      confirmed.mockClear();
      renderHarness(onDone);
      await user.click(screen.getByRole('button', { name: 'Save growth' }));
      const dialog = await screen.findByRole('dialog', { name: 'Save a large change?' });

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(onDone).toHaveBeenCalledWith(null));
      expect(confirmed).not.toHaveBeenCalled();
      expect(screen.queryByText('Growth not saved')).not.toBeInTheDocument();
    },
    MENU_AND_DIALOG_TIMEOUT,
  );
});
