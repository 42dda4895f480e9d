import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ENTITY_ID, renderBanking, TIME_ZONE, transfer } from '../banking.testkit';
import { TransferSent } from './TransferSent';

describe('TransferSent', () => {
  it('says when a scheduled transfer arrives, until when it can be canceled, and offers its receipt', () => {
    renderBanking(
      <TransferSent
        entityId={ENTITY_ID}
        timeZone={TIME_ZONE}
        onDone={() => undefined}
        transfer={transfer({
          cancellable: true,
          handOverAt: '2026-11-23T21:00:00.000Z',
          expectedArrival: '2026-11-24',
          receiptUrl: '/api/v1/transfers/receipt?transfer_id=t1',
        })}
      />,
      { mocks: [] },
    );
    const sent = screen.getByTestId('transfer-sent');
    expect(sent).toHaveTextContent('ACH transfer scheduled');
    expect(sent).toHaveTextContent('$250.00 to Lee & Park LLP.');
    expect(sent).toHaveTextContent('Expected to arrive Tue, Nov 24.');
    expect(sent).toHaveTextContent('until it is handed to the bank on Mon, Nov 23 at 1:00 PM PST.');
    expect(screen.getByRole('button', { name: 'Receipt' })).toBeInTheDocument();
  });

  it('says a transfer over the threshold waits for a second approver, with no receipt yet', () => {
    renderBanking(
      <TransferSent
        entityId={ENTITY_ID}
        timeZone={TIME_ZONE}
        onDone={() => undefined}
        transfer={transfer({ status: 'awaiting_approval', cancellable: true })}
      />,
      { mocks: [] },
    );
    expect(screen.getByTestId('transfer-sent')).toHaveTextContent('Waiting for a second approver');
    expect(screen.queryByRole('button', { name: 'Receipt' })).not.toBeInTheDocument();
  });
});
