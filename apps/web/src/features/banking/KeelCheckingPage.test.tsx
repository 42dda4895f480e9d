import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  accountsMock,
  approvalPolicyMock,
  depositAccount,
  limitsMock,
  renderBanking,
  transfer,
  transfersMock,
  vendorsMock,
} from './banking.testkit';
import { SET_TRANSFER_APPROVAL_THRESHOLD_MUTATION } from './bankingQueries';
import { KeelCheckingPage } from './KeelCheckingPage';

const TRANSFERS = [
  transfer(),
  transfer({
    id: 't2',
    rail: 'wire',
    status: 'posted',
    amount: 390_000,
    date: '2026-11-20',
    recipientName: 'Shenzhen Motion Components',
    memo: '',
  }),
  transfer({
    id: 't3',
    status: 'returned',
    amount: 10_000,
    date: '2026-11-16',
    recipientName: 'Closed Account Co',
    returnReason: 'R03 No account/unable to locate account',
  }),
];

function renderPage(
  options: {
    viewerRole?: string;
    accounts?: ReturnType<typeof depositAccount>[];
    threshold?: number | null;
  } = {},
) {
  return renderBanking(<KeelCheckingPage />, {
    viewerRole: options.viewerRole,
    mocks: [
      accountsMock(options.accounts ?? [depositAccount()]),
      transfersMock(TRANSFERS),
      vendorsMock([]),
      limitsMock(),
      approvalPolicyMock(options.threshold ?? null, (options.viewerRole ?? 'owner') === 'owner'),
    ],
  });
}

describe('KeelCheckingPage', () => {
  it('lists the accounts: masked number, routing number, money earned with its APY, the balance and what is available', async () => {
    renderPage();
    const row = await screen.findByTestId('keel-account-row');
    expect(screen.getByRole('heading', { name: 'Keel Accounts', level: 2 })).toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: 'Keel Accounts' }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Account', 'Account Number', 'Routing Number', 'Money Earned', 'Balance']);
    expect(row).toHaveTextContent('Keel Checking');
    expect(within(row).getByTestId('account-number')).toHaveTextContent('********4821');
    expect(within(row).getByTestId('routing-number')).toHaveTextContent('101000019');
    expect(within(row).getByTestId('money-earned')).toHaveTextContent('$12.34');
    expect(within(row).getByTestId('money-earned')).toHaveTextContent('2.00% APY');
    expect(within(row).getByTestId('balance')).toHaveTextContent('$12,500.00');
    const available = within(row).getByTestId('available-balance');
    expect(available).toHaveTextContent('Available $12,250.00');
    fireEvent.mouseEnter(available);
    expect(
      await screen.findByText('Available $12,250.00: current less pending transfers'),
    ).toBeInTheDocument();
  });

  it('shows no available figure when nothing is pending', async () => {
    renderPage({ accounts: [depositAccount({ availableBalance: 1_250_000 })] });
    const row = await screen.findByTestId('keel-account-row');
    expect(within(row).queryByTestId('available-balance')).not.toBeInTheDocument();
  });

  it('lists the transfers with their rail, amount and status, and why a returned one came back', async () => {
    renderPage();
    const rows = await screen.findAllByTestId('transfer-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('Nov 22, 2026');
    expect(rows[0]).toHaveTextContent('Lee & Park LLP');
    expect(rows[0]).toHaveTextContent('****6789 · Invoice 42');
    expect(rows[0]).toHaveTextContent('ACH');
    expect(rows[0]).toHaveTextContent('-$250.00');
    expect(rows[0]).toHaveTextContent('Pending');
    expect(rows[0]).toHaveTextContent('Posts Nov 23, 2026');
    expect(rows[1]).toHaveTextContent('Wire');
    expect(rows[1]).toHaveTextContent('-$3,900.00');
    expect(rows[1]).toHaveTextContent('Posted');
    expect(rows[2]).toHaveTextContent('Returned');
    expect(within(rows[2] as HTMLElement).getByTestId('return-reason')).toHaveTextContent(
      'R03 No account/unable to locate account',
    );
  });

  it('shows the empty state, leading to /apply, when the company has no account', async () => {
    renderPage({ accounts: [] });
    expect(await screen.findByTestId('keel-accounts-empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open an account with us' })).toHaveAttribute('href', '/apply');
    expect(screen.queryByRole('button', { name: 'Send money' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Transfers' })).not.toBeInTheDocument();
  });

  it('opens Send money with an ACH and a Wire tab for an admin', async () => {
    renderPage({ viewerRole: 'admin' });
    await screen.findByTestId('keel-account-row');
    fireEvent.click(screen.getByRole('button', { name: 'Send money' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send money' });
    expect(within(dialog).getByRole('tab', { name: 'ACH' })).toHaveAttribute('aria-selected', 'true');
    expect(within(dialog).getByRole('tab', { name: 'Wire' })).toBeInTheDocument();
  });

  it('keeps Send money from a bookkeeper, saying who can send money', async () => {
    renderPage({ viewerRole: 'bookkeeper' });
    await screen.findByTestId('keel-account-row');
    const button = screen.getByRole('button', { name: 'Send money' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog', { name: 'Send money' })).not.toBeInTheDocument();
    fireEvent.mouseEnter(button);
    expect(await screen.findByText('Only owners and admins can send money.')).toBeInTheDocument();
  });

  it('marks the account an application just opened', async () => {
    renderBanking(<KeelCheckingPage />, {
      mocks: [accountsMock([depositAccount()]), transfersMock([]), approvalPolicyMock(null, true)],
      state: { openedAccountId: 'a1' },
    });
    expect(await screen.findByTestId('account-opened')).toHaveTextContent('Keel Checking ••4821 is ready');
    expect(await screen.findByTestId('transfers-empty')).toBeInTheDocument();
  });
});

describe('KeelCheckingPage, figures from the bank', () => {
  it('says when the figures were last brought up to date', async () => {
    const twoMinutesAgo = new Date(Date.now() - 2 * 60_000 - 5_000).toISOString();
    renderPage({ accounts: [depositAccount({ mirroredAt: twoMinutesAgo })] });
    expect(await screen.findByTestId('figures-updated')).toHaveTextContent('Updated 2 min ago');
    expect(screen.queryByTestId('bank-unreachable')).not.toBeInTheDocument();
  });

  it('shows the last figures, calmly, when the bank could not be reached', async () => {
    renderPage({
      accounts: [
        depositAccount({
          mirroredAt: '2026-11-21T21:00:00.000Z',
          mirrorError: 'Increase: 503 Service Unavailable',
        }),
      ],
    });
    const notice = await screen.findByTestId('bank-unreachable');
    expect(notice).toHaveTextContent(
      'We could not reach the bank just now. The figures below are as of Sat, Nov 21 at 1:00 PM PST',
    );
    expect(notice).not.toHaveTextContent('503');
    expect(screen.getByTestId('keel-account-row')).toHaveTextContent('$12,500.00');
  });
});

describe('KeelCheckingPage, the second approver rule', () => {
  it('lets the owner set the amount over which transfers need a second approver', async () => {
    const saved = vi.fn();
    renderBanking(<KeelCheckingPage />, {
      mocks: [
        accountsMock([depositAccount()]),
        transfersMock([]),
        approvalPolicyMock(null, true),
        {
          request: {
            query: SET_TRANSFER_APPROVAL_THRESHOLD_MUTATION,
            variables: (variables) => {
              saved(variables);
              return true;
            },
          },
          result: {
            data: {
              setTransferApprovalThreshold: {
                __typename: 'TransferApprovalPolicy',
                threshold: 123_450,
                canChange: true,
              },
            },
          },
        },
      ],
    });
    const rule = await screen.findByTestId('approval-rule');
    expect(rule).toHaveTextContent('Require a second approver for transfers over');
    expect(rule).toHaveTextContent('Off: an owner or admin sends any transfer alone.');
    const box = within(rule).getByRole('textbox', { name: 'Approval threshold' });
    fireEvent.click(within(rule).getByRole('button', { name: 'Turn on' }));
    expect(await within(rule).findByText('Enter an amount')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '0.50' } });
    fireEvent.click(within(rule).getByRole('button', { name: 'Turn on' }));
    expect(await within(rule).findByText('Enter an amount from $1.00 to $1,000,000.00')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: '1,234.50' } });
    expect(box).toHaveValue('1234.50');
    fireEvent.click(within(rule).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ entityId: 'e1', threshold: 123_450 }));
    expect(
      await within(rule).findByText(
        'On: a transfer over $1,234.50 waits until a different owner or admin approves it.',
      ),
    ).toBeInTheDocument();
    expect(within(rule).getByRole('button', { name: 'Turn off' })).toBeInTheDocument();
  });

  it('lets the owner turn it off', async () => {
    const saved = vi.fn();
    renderBanking(<KeelCheckingPage />, {
      mocks: [
        accountsMock([depositAccount()]),
        transfersMock([]),
        approvalPolicyMock(100_000, true),
        {
          request: {
            query: SET_TRANSFER_APPROVAL_THRESHOLD_MUTATION,
            variables: (variables) => {
              saved(variables);
              return true;
            },
          },
          result: {
            data: {
              setTransferApprovalThreshold: {
                __typename: 'TransferApprovalPolicy',
                threshold: null,
                canChange: true,
              },
            },
          },
        },
      ],
    });
    const rule = await screen.findByTestId('approval-rule');
    await waitFor(() =>
      expect(within(rule).getByRole('textbox', { name: 'Approval threshold' })).toHaveValue('1000'),
    );
    expect(rule).toHaveTextContent(
      'On: a transfer over $1,000.00 waits until a different owner or admin approves it.',
    );
    fireEvent.click(within(rule).getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(saved).toHaveBeenCalledWith({ entityId: 'e1', threshold: null }));
    expect(
      await within(rule).findByText('Off: an owner or admin sends any transfer alone.'),
    ).toBeInTheDocument();
  });

  it('shows an admin the rule, read-only', async () => {
    renderPage({ viewerRole: 'admin', threshold: 100_000 });
    const rule = await screen.findByTestId('approval-rule');
    expect(rule).toHaveTextContent('Second approver over $1,000.00');
    expect(rule).toHaveTextContent('Only the owner can change this.');
    expect(within(rule).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(rule).queryByRole('button')).not.toBeInTheDocument();
  });
});
