import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import {
  accountsMock,
  depositAccount,
  ENTITY_ID,
  limitsMock,
  renderBanking,
  TIME_ZONE,
  transfer,
  transfersMock,
} from './banking.testkit';
import {
  APPROVE_TRANSFER_MUTATION,
  CANCEL_TRANSFER_MUTATION,
  type KeelTransfer,
  REJECT_TRANSFER_MUTATION,
} from './bankingQueries';
import { TransfersTable } from './TransfersTable';

/** A pending ACH the bank has not been handed yet: cancellable until 1 pm Pacific on Nov 23. */
const PENDING = transfer({
  cancellable: true,
  handOverAt: '2026-11-23T21:00:00.000Z',
  expectedArrival: '2026-11-24',
  receiptUrl: '/api/v1/transfers/receipt?transfer_id=t1',
});

/** Dana's $4,000 wire, over the company's threshold: Sam may approve it. */
const AWAITING = transfer({
  id: 't2',
  rail: 'wire',
  status: 'awaiting_approval',
  amount: 400_000,
  recipientName: 'Shenzhen Motion Components',
  cancellable: true,
  approvable: true,
  createdByName: 'Dana Reyes',
});

const CANCELED = transfer({
  id: 't3',
  status: 'canceled',
  amount: 10_000,
  recipientName: 'Closed Account Co',
  cancelReason: 'Wrong invoice',
  canceledAt: '2026-11-22T15:00:00.000Z',
});

/** A mutation on one transfer, answered with the transfer as it becomes, recording its variables. */
function actionMock(
  query: typeof CANCEL_TRANSFER_MUTATION | typeof APPROVE_TRANSFER_MUTATION | typeof REJECT_TRANSFER_MUTATION,
  field: 'cancelTransfer' | 'approveTransfer' | 'rejectTransfer',
  answer: KeelTransfer,
  asked: (variables: Record<string, unknown>) => void,
): MockLink.MockedResponse {
  return {
    request: {
      query,
      variables: (variables) => {
        asked(variables);
        return true;
      },
    },
    result: { data: { [field]: answer } },
  } as MockLink.MockedResponse;
}

function renderTable(mocks: MockLink.MockedResponse[] = [], transfers = [PENDING, AWAITING, CANCELED]) {
  return renderBanking(<TransfersTable entityId={ENTITY_ID} transfers={transfers} timeZone={TIME_ZONE} />, {
    mocks: [transfersMock(transfers), accountsMock([depositAccount()]), limitsMock(), ...mocks],
  });
}

const row = (name: string) =>
  screen
    .getAllByTestId('transfer-row')
    .find((candidate) => candidate.textContent?.includes(name)) as HTMLElement;

describe('TransfersTable', () => {
  it('shows each status with what it waits for, and the actions the viewer has', () => {
    renderTable();
    const pending = row('Lee & Park LLP');
    expect(pending).toHaveTextContent('Pending');
    expect(pending).toHaveTextContent('Arrives Tue, Nov 24 · cancel until Mon, Nov 23 at 1:00 PM PST');
    expect(within(pending).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(pending).getByTestId('receipt-link')).toHaveAttribute(
      'data-receipt-url',
      '/api/v1/transfers/receipt?transfer_id=t1',
    );
    expect(within(pending).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();

    const awaiting = row('Shenzhen Motion Components');
    expect(awaiting).toHaveTextContent('Awaiting approval');
    expect(awaiting).toHaveTextContent('Sent by Dana Reyes: needs a second approver');
    expect(within(awaiting).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    expect(within(awaiting).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(within(awaiting).queryByTestId('receipt-link')).not.toBeInTheDocument();

    const canceled = row('Closed Account Co');
    expect(canceled).toHaveTextContent('Canceled');
    expect(canceled).toHaveTextContent('Wrong invoice');
    expect(within(canceled).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels a transfer after a confirmation naming its amount and recipient', async () => {
    const asked = vi.fn();
    renderTable([
      actionMock(
        CANCEL_TRANSFER_MUTATION,
        'cancelTransfer',
        { ...PENDING, status: 'canceled', cancellable: false },
        asked,
      ),
    ]);
    fireEvent.click(within(row('Lee & Park LLP')).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this transfer?' });
    expect(dialog).toHaveTextContent(
      'The $250.00 ACH transfer to Lee & Park LLP will not be sent. The money stays in the account.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(asked).not.toHaveBeenCalled();

    fireEvent.click(within(row('Lee & Park LLP')).getByRole('button', { name: 'Cancel' }));
    fireEvent.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this transfer?' })).getByRole('button', {
        name: 'Cancel transfer',
      }),
    );
    await waitFor(() => expect(asked).toHaveBeenCalledWith({ transferId: 't1' }));
    expect(await screen.findByText('Transfer canceled')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shows why the server refused a cancel', async () => {
    renderTable([
      {
        request: { query: CANCEL_TRANSFER_MUTATION, variables: { transferId: 't1' } },
        result: {
          errors: [
            new GraphQLError('This transfer was already handed to the bank and can no longer be canceled', {
              extensions: { code: 'BAD_USER_INPUT' },
            }),
          ],
        },
      },
    ]);
    fireEvent.click(within(row('Lee & Park LLP')).getByRole('button', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this transfer?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel transfer' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already handed to the bank');
  });

  it('approves a transfer awaiting a second approver', async () => {
    const asked = vi.fn();
    renderTable([
      actionMock(
        APPROVE_TRANSFER_MUTATION,
        'approveTransfer',
        { ...AWAITING, status: 'pending', approvable: false, approvedByName: 'Dana Reyes' },
        asked,
      ),
    ]);
    fireEvent.click(within(row('Shenzhen Motion Components')).getByRole('button', { name: 'Approve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this transfer?' });
    expect(dialog).toHaveTextContent(
      'The $4,000.00 Wire transfer to Shenzhen Motion Components, sent by Dana Reyes, goes to the bank.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and send' }));
    await waitFor(() => expect(asked).toHaveBeenCalledWith({ transferId: 't2' }));
    expect(await screen.findByText('Transfer approved')).toBeInTheDocument();
  });

  it('rejects a transfer with the approver’s reason', async () => {
    const asked = vi.fn();
    renderTable([
      actionMock(
        REJECT_TRANSFER_MUTATION,
        'rejectTransfer',
        { ...AWAITING, status: 'canceled', approvable: false, cancellable: false, cancelReason: 'Pay half' },
        asked,
      ),
    ]);
    fireEvent.click(within(row('Shenzhen Motion Components')).getByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this transfer?' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });
    expect(reason).toHaveAttribute('maxlength', '200');
    fireEvent.change(reason, { target: { value: '  Pay half  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject transfer' }));
    await waitFor(() => expect(asked).toHaveBeenCalledWith({ transferId: 't2', reason: 'Pay half' }));
  });
});
