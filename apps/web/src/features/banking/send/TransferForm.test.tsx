import type { MockLink } from '@apollo/client/testing';
import { TRANSFER_MESSAGES } from '@keel/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import {
  ACCOUNT_ID,
  ENTITY_ID,
  keelAccount,
  limitsMock,
  renderBanking,
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
  KEEL_ACCOUNTS_QUERY,
  VENDORS_QUERY,
} from '../bankingQueries';
import { NETWORK_FAILURE_MESSAGE } from '../serverRefusal';
import { TransferForm } from './TransferForm';

const LEE = vendor('v1', 'Lee & Park LLP');

/** The queries a send refetches, answered. */
const refetched: MockLink.MockedResponse[] = [
  transfersMock([]),
  {
    request: { query: KEEL_ACCOUNTS_QUERY, variables: { entityId: ENTITY_ID } },
    result: { data: { providerBankAccounts: [keelAccount()] } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  },
];

function renderForm(rail: 'ach' | 'wire', mocks: MockLink.MockedResponse[], achUsed = 0) {
  const onSent = vi.fn();
  renderBanking(
    <TransferForm
      rail={rail}
      entityId={ENTITY_ID}
      accounts={[keelAccount()]}
      today={TODAY}
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

const submit = (label = 'Send ACH transfer') => fireEvent.click(screen.getByRole('button', { name: label }));

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
    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_FAILURE_MESSAGE);
    submit();
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(sentTransfer));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[\w-]{32,36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows a refusal under the field the server names', async () => {
    const { onSent } = renderForm('ach', [
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
    expect(await screen.findByText('Insufficient available balance for this transfer')).toBeInTheDocument();
    expect(field('Amount')).toHaveAttribute('aria-invalid', 'true');
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
    submit('Send wire');
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
        accounts={[keelAccount()]}
        today={TODAY}
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
