import type { MockLink } from '@apollo/client/testing';
import { TRANSFER_MESSAGES } from '@keel/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_ID,
  depositAccount,
  ENTITY_ID,
  limitsMock,
  renderBanking,
  TIME_ZONE,
  TODAY,
  transfer,
  transfersMock,
  vendor,
  vendorsMock,
} from '../banking.testkit';
import {
  CREATE_ACH_TRANSFER_MUTATION,
  CREATE_VENDOR_MUTATION,
  CREATE_WIRE_TRANSFER_MUTATION,
  DEPOSIT_ACCOUNTS_QUERY,
  REVIEW_ACH_TRANSFER_QUERY,
  type TransferReview,
  VENDORS_QUERY,
} from '../bankingQueries';
import { NETWORK_FAILURE_MESSAGE } from '../serverRefusal';
import { TransferForm } from './TransferForm';

const LEE = vendor('v1', 'Lee & Park LLP');

/** The queries a send refetches, answered. */
const refetched: MockLink.MockedResponse[] = [
  transfersMock([]),
  {
    request: { query: DEPOSIT_ACCOUNTS_QUERY, variables: { entityId: ENTITY_ID } },
    result: { data: { providerBankAccounts: [depositAccount()] } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
];

function renderForm(rail: 'ach' | 'wire', mocks: MockLink.MockedResponse[], achUsed = 0) {
  const onSent = vi.fn();
  renderBanking(
    <TransferForm
      rail={rail}
      entityId={ENTITY_ID}
      accounts={[depositAccount()]}
      today={TODAY}
      timeZone={TIME_ZONE}
      onSent={onSent}
      onCancel={() => undefined}
    />,
    { mocks: [vendorsMock([LEE]), limitsMock(achUsed), ...refetched, ...mocks] },
  );
  return { onSent };
}

const field = (label: string) => screen.getByLabelText(label, { exact: false, selector: 'input' });

function type(label: string, value: string) {
  const input = field(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

async function pickVendor(name: string) {
  fireEvent.click(field('Recipient'));
  fireEvent.click(await screen.findByRole('option', { name }));
}

/** A complete ACH form: $250.00 to Lee & Park LLP at Chase. */
async function fillAch() {
  await pickVendor('Lee & Park LLP');
  type('Amount', '250');
  type('Routing number', '021000021');
  type('Account number', '123456789');
}

const submit = (label = 'Review ACH transfer') =>
  fireEvent.click(screen.getByRole('button', { name: label }));
const confirm = () => fireEvent.click(screen.getByRole('button', { name: 'Confirm and send' }));

/** The server's review of the ACH fillAch makes: handed to the bank at 4 pm New York (1 pm in LA). */
function review(overrides: Partial<TransferReview> = {}): TransferReview {
  return {
    __typename: 'TransferReview',
    rail: 'ach',
    accountId: ACCOUNT_ID,
    accountName: 'Keel Checking',
    amount: 25_000,
    fee: 0,
    total: 25_000,
    recipientName: 'Lee & Park LLP',
    recipientAccountLast4: '6789',
    routingNumber: '021000021',
    bankName: 'JPMorgan Chase Bank',
    date: TODAY,
    processingDay: '2026-11-23',
    handOverAt: '2026-11-23T21:00:00.000Z',
    expectedArrival: '2026-11-24',
    needsApproval: false,
    approvalThreshold: null,
    availableAfter: 1_200_000,
    ...overrides,
  } as TransferReview;
}

/** reviewAchTransfer answered with `answer` (once), recording the variables it was asked with. */
function reviewMock(
  answer: TransferReview,
  asked: (variables: Record<string, unknown>) => void = () => undefined,
) {
  return {
    request: {
      query: REVIEW_ACH_TRANSFER_QUERY,
      variables: (variables: Record<string, unknown>) => {
        asked(variables);
        return true;
      },
    },
    result: { data: { reviewAchTransfer: answer } },
  } satisfies MockLink.MockedResponse;
}

describe('TransferForm', () => {
  it("says what is wrong on blur, with the spec's messages", async () => {
    renderForm('ach', []);
    await screen.findByTestId('from-account-figures');
    type('Amount', '0.5');
    expect(await screen.findByText(TRANSFER_MESSAGES.amountMin)).toBeInTheDocument();
    type('Amount', '6000');
    expect(await screen.findByText(TRANSFER_MESSAGES.amountMax)).toBeInTheDocument();
    type('Routing number', '12345');
    expect(await screen.findByText(TRANSFER_MESSAGES.routingNumberDigits)).toBeInTheDocument();
    type('Routing number', '123456789');
    expect(await screen.findByText(TRANSFER_MESSAGES.routingNumberInvalid)).toBeInTheDocument();
  });

  it('checks every field on submit and sends nothing while one is wrong', async () => {
    const sent = vi.fn(() => true);
    renderForm('ach', [
      { request: { query: CREATE_ACH_TRANSFER_MUTATION, variables: sent }, result: { data: null } },
    ]);
    await screen.findByTestId('from-account-figures');
    submit();
    expect(await screen.findByText(TRANSFER_MESSAGES.recipientRequired)).toBeInTheDocument();
    expect(screen.getByText(TRANSFER_MESSAGES.amountRequired)).toBeInTheDocument();
    expect(screen.getByText(TRANSFER_MESSAGES.routingNumberDigits)).toBeInTheDocument();
    expect(screen.getByText(TRANSFER_MESSAGES.accountNumberRequired)).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it('shows the account’s available balance and what is left of today’s limit', async () => {
    renderForm('ach', [], 250_000);
    await waitFor(() =>
      expect(screen.getByTestId('from-account-figures')).toHaveTextContent(
        'Available $12,250.00 · $7,500.00 of the $10,000.00 daily ACH limit left today',
      ),
    );
  });

  it('sends the same idempotency key again after a lost answer, and the money once', async () => {
    const keys: string[] = [];
    const seen = (variables: Record<string, unknown>) => {
      keys.push(String(variables.idempotencyKey));
      return true;
    };
    const sentTransfer = transfer();
    const { onSent } = renderForm('ach', [
      reviewMock(review()),
      {
        request: { query: CREATE_ACH_TRANSFER_MUTATION, variables: seen },
        error: new Error('Failed to fetch'),
      },
      {
        request: { query: CREATE_ACH_TRANSFER_MUTATION, variables: seen },
        result: (variables) => {
          expect(variables).toEqual({
            entityId: ENTITY_ID,
            idempotencyKey: keys[0],
            accountId: ACCOUNT_ID,
            vendorId: 'v1',
            recipientName: 'Lee & Park LLP',
            routingNumber: '021000021',
            accountNumber: '123456789',
            amount: 25_000,
            date: TODAY,
            memo: '',
            recipientAccountType: 'checking',
          });
          return { data: { createAchTransfer: sentTransfer } };
        },
      },
    ]);
    await screen.findByTestId('from-account-figures');
    await fillAch();
    submit();
    await screen.findByTestId('transfer-review');
    confirm();
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILURE_MESSAGE);
    expect(screen.getByRole('alert')).toHaveTextContent('Sending again cannot send this transfer twice.');
    confirm();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sentTransfer));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows a refusal of the review under the field the server names', async () => {
    const sent = vi.fn(() => true);
    const { onSent } = renderForm('ach', [
      { request: { query: CREATE_ACH_TRANSFER_MUTATION, variables: sent }, result: { data: null } },
      {
        request: { query: REVIEW_ACH_TRANSFER_QUERY, variables: () => true },
        result: {
          errors: [
            new GraphQLError('Insufficient available balance for this transfer', {
              extensions: { code: 'BAD_USER_INPUT', field: 'amount' },
            }),
          ],
        },
      },
    ]);
    await screen.findByTestId('from-account-figures');
    await fillAch();
    submit();
    expect(await screen.findByText('Insufficient available balance for this transfer')).toBeInTheDocument();
    expect(field('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('transfer-review')).not.toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
    expect(onSent).not.toHaveBeenCalled();
  });

  it('refuses an amount over what is left of today’s limit before asking the server', async () => {
    const sent = vi.fn(() => true);
    renderForm(
      'ach',
      [{ request: { query: CREATE_ACH_TRANSFER_MUTATION, variables: sent }, result: { data: null } }],
      990_000,
    );
    await screen.findByText(/\$100\.00 of the \$10,000\.00 daily ACH limit left today/);
    await fillAch();
    submit();
    expect(
      await screen.findByText(
        'This transfer is over your daily transfer limit of $10,000.00. You can send up to $100.00 more today.',
      ),
    ).toBeInTheDocument();
    expect(sent).not.toHaveBeenCalled();
  });

  it("asks a wire for the recipient's address and bank", { timeout: 20_000 }, async () => {
    renderForm('wire', [
      { request: { query: CREATE_WIRE_TRANSFER_MUTATION, variables: () => true }, result: { data: null } },
    ]);
    await screen.findByTestId('from-account-figures');
    await fillAch();
    submit('Review wire');
    expect(await screen.findByText(TRANSFER_MESSAGES.addressRequired)).toBeInTheDocument();
    expect(screen.getByText(TRANSFER_MESSAGES.bankNameRequired)).toBeInTheDocument();
    expect(screen.getByText(TRANSFER_MESSAGES.bankAddressRequired)).toBeInTheDocument();
    expect(screen.getAllByText(TRANSFER_MESSAGES.postalCodeRequired)).toHaveLength(2);
  });

  it('creates a vendor on the spot and picks it as the recipient', async () => {
    const figma = vendor('v2', 'Figma Inc.', 'Figma');
    let vendorLists = 0;
    const created = vi.fn();
    renderBanking(
      <TransferForm
        rail="ach"
        entityId={ENTITY_ID}
        accounts={[depositAccount()]}
        today={TODAY}
        timeZone={TIME_ZONE}
        onSent={() => undefined}
        onCancel={() => undefined}
      />,
      {
        mocks: [
          {
            request: { query: VENDORS_QUERY, variables: { entityId: ENTITY_ID } },
            result: () => {
              vendorLists += 1;
              return { data: { vendors: vendorLists === 1 ? [LEE] : [figma, LEE] } };
            },
            maxUsageCount: Number.POSITIVE_INFINITY,
          },
          limitsMock(),
          {
            request: {
              query: CREATE_VENDOR_MUTATION,
              variables: (variables) => {
                created(variables);
                return true;
              },
            },
            result: { data: { createVendor: figma } },
          },
        ],
      },
    );
    await screen.findByTestId('from-account-figures');
    fireEvent.click(screen.getByRole('button', { name: 'New vendor' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save vendor' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    type('Vendor name', 'Figma Inc.');
    type('Company name', 'Figma');
    fireEvent.click(screen.getByRole('button', { name: 'Save vendor' }));
    await waitFor(() => expect(field('Recipient')).toHaveValue('Figma Inc. · Figma'));
    expect(created).toHaveBeenCalledWith({
      entityId: ENTITY_ID,
      name: 'Figma Inc.',
      email: null,
      companyName: 'Figma',
      notes: null,
      vendorType: 'business',
    });
    expect(screen.queryByTestId('new-vendor-form')).not.toBeInTheDocument();
  });
});

describe('TransferForm review step', () => {
  it('shows what the server would send, in the company’s time, before anything is sent', async () => {
    const asked = vi.fn();
    const sent = vi.fn(() => true);
    renderForm('ach', [
      reviewMock(review(), asked),
      { request: { query: CREATE_ACH_TRANSFER_MUTATION, variables: sent }, result: { data: null } },
    ]);
    await screen.findByTestId('from-account-figures');
    await fillAch();
    type('Memo', 'Invoice 42');
    submit();
    const step = await screen.findByTestId('transfer-review');
    expect(asked).toHaveBeenCalledWith({
      entityId: ENTITY_ID,
      accountId: ACCOUNT_ID,
      vendorId: 'v1',
      recipientName: 'Lee & Park LLP',
      routingNumber: '021000021',
      accountNumber: '123456789',
      amount: 25_000,
      date: TODAY,
      memo: 'Invoice 42',
      recipientAccountType: 'checking',
    });
    const value = (name: string) => within(step).getByTestId(`review-${name}`);
    expect(value('amount')).toHaveTextContent('$250.00');
    expect(value('fee')).toHaveTextContent('No fee');
    expect(value('total')).toHaveTextContent('$250.00');
    expect(value('from')).toHaveTextContent('Keel Checking ••4821');
    expect(value('to')).toHaveTextContent('Lee & Park LLP');
    expect(value('bank')).toHaveTextContent('JPMorgan Chase Bank');
    expect(value('routing-number')).toHaveTextContent('021000021');
    expect(value('account')).toHaveTextContent('••6789');
    expect(value('send-date')).toHaveTextContent('Sun, Nov 22');
    expect(value('processed-by-the-bank')).toHaveTextContent('Mon, Nov 23');
    expect(value('expected-arrival')).toHaveTextContent('Expected to arrive Tue, Nov 24');
    expect(value('memo')).toHaveTextContent('Invoice 42');
    expect(within(step).getByTestId('review-cancellable')).toHaveTextContent(
      'You can cancel it until it is handed to the bank on Mon, Nov 23 at 1:00 PM PST.',
    );
    expect(within(step).getByTestId('review-approval')).toHaveTextContent('No second approver needed.');
    expect(screen.queryByRole('form', { name: 'ACH transfer' })).not.toBeInTheDocument();
    expect(field('Amount')).not.toBeVisible();
    expect(sent).not.toHaveBeenCalled();
  });

  it('says when a second approver must let it go', async () => {
    renderForm('ach', [
      reviewMock(review({ needsApproval: true, approvalThreshold: 10_000, fee: 1_500, total: 26_500 })),
    ]);
    await screen.findByTestId('from-account-figures');
    await fillAch();
    submit();
    const step = await screen.findByTestId('transfer-review');
    expect(within(step).getByTestId('review-fee')).toHaveTextContent('$15.00');
    expect(within(step).getByTestId('review-total')).toHaveTextContent('$265.00');
    expect(within(step).getByTestId('review-approval')).toHaveTextContent(
      'Needs a second approver: transfers over $100.00 wait for another owner or admin',
    );
  });

  it('goes Back to the form with its values kept', async () => {
    const asked = vi.fn();
    renderForm('ach', [
      reviewMock(review(), asked),
      reviewMock(review({ amount: 30_000, total: 30_000 }), asked),
    ]);
    await screen.findByTestId('from-account-figures');
    await fillAch();
    submit();
    await screen.findByTestId('transfer-review');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByTestId('transfer-review')).not.toBeInTheDocument();
    expect(field('Amount')).toBeVisible();
    expect(field('Amount')).toHaveValue('250');
    expect(field('Routing number')).toHaveValue('021000021');
    expect(field('Recipient')).toHaveValue('Lee & Park LLP');
    type('Amount', '300');
    submit();
    expect(await screen.findByTestId('review-amount')).toHaveTextContent('$300.00');
    expect(asked).toHaveBeenLastCalledWith(expect.objectContaining({ amount: 30_000 }));
  });

  it('sends once for a double click on Confirm and send', async () => {
    let creates = 0;
    const sentTransfer = transfer();
    const { onSent } = renderForm('ach', [
      reviewMock(review()),
      {
        request: { query: CREATE_ACH_TRANSFER_MUTATION, variables: () => true },
        delay: 30,
        result: () => {
          creates += 1;
          return { data: { createAchTransfer: sentTransfer } };
        },
        maxUsageCount: Number.POSITIVE_INFINITY,
      },
    ]);
    await screen.findByTestId('from-account-figures');
    await fillAch();
    submit();
    await screen.findByTestId('transfer-review');
    confirm();
    confirm();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sentTransfer));
    expect(creates).toBe(1);
    expect(onSent).toHaveBeenCalledTimes(1);
  });

  it('returns to the form when the server refuses a field at Confirm', async () => {
    const { onSent } = renderForm('ach', [
      reviewMock(review()),
      {
        request: { query: CREATE_ACH_TRANSFER_MUTATION, variables: () => true },
        result: {
          errors: [
            new GraphQLError('Insufficient available balance for this transfer', {
              extensions: { code: 'BAD_USER_INPUT', field: 'amount' },
            }),
          ],
        },
      },
    ]);
    await screen.findByTestId('from-account-figures');
    await fillAch();
    submit();
    await screen.findByTestId('transfer-review');
    confirm();
    expect(await screen.findByText('Insufficient available balance for this transfer')).toBeInTheDocument();
    expect(screen.queryByTestId('transfer-review')).not.toBeInTheDocument();
    expect(field('Amount')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Amount')).toHaveValue('250');
    expect(onSent).not.toHaveBeenCalled();
  });
});
