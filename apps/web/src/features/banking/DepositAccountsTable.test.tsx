import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_NUMBER_REVEAL_SECONDS, REVEAL_ACCOUNT_NUMBER_MUTATION } from './accountNumberQueries';
import { ACCOUNT_ID, depositAccount, renderBanking } from './banking.testkit';
import { DepositAccountsTable } from './DepositAccountsTable';

const FULL_NUMBER = '849598244821';

function revealMock(password: string, answer: 'ok' | 'wrong') {
  return {
    request: { query: REVEAL_ACCOUNT_NUMBER_MUTATION, variables: { accountId: ACCOUNT_ID, password } },
    result:
      answer === 'ok'
        ? {
            data: {
              revealAccountNumber: {
                __typename: 'AccountNumberReveal',
                accountId: ACCOUNT_ID,
                accountNumber: FULL_NUMBER,
                routingNumber: '101000019',
              },
            },
          }
        : {
            errors: [
              new GraphQLError('Invalid password', {
                extensions: { code: 'BAD_USER_INPUT', field: 'password' },
              }),
            ],
          },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('DepositAccountsTable: revealing the account number', () => {
  it('asks for the password, shows the full numbers with Copy, and hides them again', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderBanking(<DepositAccountsTable accounts={[depositAccount()]} />, {
      mocks: [revealMock('wrong one', 'wrong'), revealMock('right one', 'ok')],
    });
    const row = screen.getByTestId('keel-account-row');
    expect(within(row).getByTestId('account-number')).toHaveTextContent('********4821');
    expect(within(row).getByTestId('routing-number')).toHaveTextContent('101000019');

    fireEvent.click(
      within(row).getByRole('button', { name: 'Show the full account number of Keel Checking' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Show the full account number' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show numbers' }));
    expect(await within(dialog).findByText('Password is required')).toBeInTheDocument();

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'wrong one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show numbers' }));
    expect(await within(dialog).findByText('Invalid password')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Password')).toHaveValue('');
    expect(within(row).getByTestId('account-number')).toHaveTextContent('********4821');

    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'right one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show numbers' }));
    await waitFor(() => expect(within(row).getByTestId('account-number')).toHaveTextContent(FULL_NUMBER));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    fireEvent.click(within(row).getByRole('button', { name: 'Copy account number' }));
    expect(writeText).toHaveBeenCalledWith(FULL_NUMBER);
    expect(await within(row).findByRole('button', { name: 'account number copied' })).toHaveTextContent(
      'Copied',
    );
    fireEvent.click(within(row).getByRole('button', { name: 'Copy routing number' }));
    expect(writeText).toHaveBeenLastCalledWith('101000019');

    fireEvent.click(within(row).getByRole('button', { name: 'Hide the account number of Keel Checking' }));
    expect(within(row).getByTestId('account-number')).toHaveTextContent('********4821');
    expect(within(row).queryByRole('button', { name: 'Copy account number' })).not.toBeInTheDocument();
  });

  it(`masks the number again after ${ACCOUNT_NUMBER_REVEAL_SECONDS} seconds`, async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderBanking(<DepositAccountsTable accounts={[depositAccount()]} />, {
      mocks: [revealMock('right one', 'ok')],
    });
    const row = screen.getByTestId('keel-account-row');
    fireEvent.click(
      within(row).getByRole('button', { name: 'Show the full account number of Keel Checking' }),
    );
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'right one' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Show numbers' }));
    await waitFor(() => expect(within(row).getByTestId('account-number')).toHaveTextContent(FULL_NUMBER));
    act(() => vi.advanceTimersByTime((ACCOUNT_NUMBER_REVEAL_SECONDS - 1) * 1000));
    expect(within(row).getByTestId('account-number')).toHaveTextContent(FULL_NUMBER);
    act(() => vi.advanceTimersByTime(1000));
    expect(within(row).getByTestId('account-number')).toHaveTextContent('********4821');
  });
});
