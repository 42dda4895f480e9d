import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../../lib/format';
import { accountsMock, depositAccount, renderBanking } from '../banking/banking.testkit';
import { DepositAccountsTab } from './DepositAccountsTab';

describe('DepositAccountsTab', () => {
  it("lists the company's Keel accounts with their total and leads to Keel Checking", async () => {
    renderBanking(<DepositAccountsTab />, {
      mocks: [
        accountsMock([
          depositAccount(),
          depositAccount({
            id: 'a2',
            name: 'Keel Reserve',
            accountNumber: '********7310',
            currentBalance: 50_000,
          }),
        ]),
      ],
    });
    const rows = await screen.findAllByTestId('keel-account-row');
    expect(rows.map((row) => within(row).getByTestId('account-number').textContent)).toEqual([
      '********4821',
      '********7310',
    ]);
    expect(screen.getByTestId('keel-accounts-total')).toHaveTextContent(
      formatCents(depositAccount().currentBalance + 50_000),
    );
    expect(
      screen.getByRole('link', { name: 'Send money and see transfers in Keel Checking' }),
    ).toHaveAttribute('href', '/keel-checking');
  });

  it('offers to open an account when there is none', async () => {
    renderBanking(<DepositAccountsTab />, { mocks: [accountsMock([])] });
    expect(await screen.findByTestId('keel-accounts-empty')).toHaveTextContent('Open an account with us');
  });
});
