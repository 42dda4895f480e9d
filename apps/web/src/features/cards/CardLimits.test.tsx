import { CARD_LIMIT_MESSAGES } from '@keel/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { SET_CARD_LIMITS_MUTATION } from './cardQueries';
import {
  cardsMock,
  cardTile,
  PHYSICAL,
  renderCardsPageLoaded,
  transactionsMock,
  VIRTUAL,
} from './cards.testkit';

/** /cards' spending limits and transactions. */

const LIMITED = {
  ...VIRTUAL,
  dailyLimit: 50_000,
  monthlyLimit: null,
  spent: { ...VIRTUAL.spent, today: 12_000, thisMonth: 30_000 },
};

describe('card limits', () => {
  it('shows each limit with the spend it counts, or no limit', async () => {
    await renderCardsPageLoaded({ mocks: [cardsMock([LIMITED, PHYSICAL])] });
    const software = cardTile('Software and ads');
    expect(within(software).getByTestId('card-daily-limit')).toHaveTextContent('$120.00 of $500.00 today');
    expect(within(software).getByTestId('card-monthly-limit')).toHaveTextContent(
      'No limit · $300.00 this month',
    );
  });

  it('edits the limits in a modal: digits and one point only, checked before sending, sent in cents', async () => {
    const saved = vi.fn(() => ({
      data: { setCardLimits: { ...LIMITED, dailyLimit: 25_050, monthlyLimit: 100_000 } },
    }));
    await renderCardsPageLoaded({
      mocks: [
        cardsMock([LIMITED]),
        {
          request: {
            query: SET_CARD_LIMITS_MUTATION,
            variables: { id: LIMITED.id, dailyLimit: 25_050, monthlyLimit: 100_000 },
          },
          result: saved,
        },
      ],
    });
    fireEvent.click(within(cardTile('Software and ads')).getByRole('button', { name: 'Limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spending limits' });
    const daily = within(dialog).getByLabelText(/Daily limit/);
    const monthly = within(dialog).getByLabelText(/Monthly limit/);
    expect(daily).toHaveValue('500');
    expect(monthly).toHaveValue('');
    fireEvent.change(daily, { target: { value: '$2,000.5x' } });
    expect(daily).toHaveValue('2000.5');
    fireEvent.change(monthly, { target: { value: '1000' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText(CARD_LIMIT_MESSAGES.dailyAboveMonthly)).toBeInTheDocument();
    expect(saved).not.toHaveBeenCalled();
    fireEvent.change(daily, { target: { value: '250.50' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Spending limits' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal under the field it names", async () => {
    await renderCardsPageLoaded({
      mocks: [
        cardsMock([VIRTUAL]),
        {
          request: {
            query: SET_CARD_LIMITS_MUTATION,
            variables: { id: VIRTUAL.id, dailyLimit: 100, monthlyLimit: null },
          },
          result: {
            errors: [
              new GraphQLError('Daily limit refused by the server', {
                extensions: { code: 'BAD_USER_INPUT', field: 'dailyLimit' },
              }),
            ],
          },
        },
      ],
    });
    fireEvent.click(within(cardTile('Software and ads')).getByRole('button', { name: 'Limits' }));
    const dialog = await screen.findByRole('dialog', { name: 'Spending limits' });
    fireEvent.change(within(dialog).getByLabelText(/Daily limit/), { target: { value: '1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save limits' }));
    expect(await within(dialog).findByText('Daily limit refused by the server')).toBeInTheDocument();
  });

  it('lets a bookkeeper see the limits but not change them', async () => {
    await renderCardsPageLoaded({
      mocks: [cardsMock([LIMITED], { withAccounts: false })],
      viewerRole: 'bookkeeper',
    });
    expect(within(cardTile('Software and ads')).getByRole('button', { name: 'Limits' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(cardTile('Software and ads')).getByTestId('card-daily-limit')).toHaveTextContent('$500.00');
  });
});

describe('card transactions', () => {
  it("lists the first card's charges, declined ones with the reason, and switches to the card picked", async () => {
    await renderCardsPageLoaded({
      mocks: [
        cardsMock([VIRTUAL, PHYSICAL]),
        transactionsMock(VIRTUAL.id, [
          {
            id: 't2',
            merchant: 'Figma',
            amount: 60_000,
            day: '2026-11-22',
            status: 'declined',
            declineReason: 'Card daily limit exceeded',
          },
          {
            id: 't1',
            merchant: 'AWS',
            amount: 12_345,
            day: '2026-11-21',
            status: 'approved',
            declineReason: null,
          },
        ]),
      ],
    });
    const panel = await screen.findByTestId('card-transactions');
    expect(within(panel).getByText('Software and ads transactions')).toBeInTheDocument();
    const rows = await within(panel).findAllByTestId('card-transaction');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Nov 22, 2026FigmaDeclinedCard daily limit exceeded$600.00',
      'Nov 21, 2026AWSApproved$123.45',
    ]);
    fireEvent.click(within(cardTile('Travel and meals')).getByRole('button', { name: 'Transactions' }));
    expect(await screen.findByText('Travel and meals transactions')).toBeInTheDocument();
    expect(await screen.findByTestId('card-transactions-empty')).toHaveTextContent(
      'No transactions on this card yet.',
    );
    expect(
      within(cardTile('Travel and meals')).getByRole('button', { name: 'Transactions' }),
    ).toHaveAttribute('aria-pressed', 'true');
  });
});
