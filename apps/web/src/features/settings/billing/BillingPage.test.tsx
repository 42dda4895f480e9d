import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EntityContext, type EntityContextValue } from '../../../shell/EntityContext';
import { theme } from '../../../theme';
import { BillingPage } from './BillingPage';
import {
  BILLING_QUERY,
  CANCEL_SUBSCRIPTION_MUTATION,
  CONFIRM_SUBSCRIPTION_MUTATION,
  START_SUBSCRIPTION_MUTATION,
} from './billingQueries';
import { formatExpiry, groupCardNumber } from './SandboxPaymentForm';

const PRO_PLAN = {
  __typename: 'ProPlan' as const,
  entityId: 'e1',
  productName: 'Pro Plan',
  basisMonth: '2026-10',
  expenseTotal: 41_234_567,
  price: 41_235,
  minimum: 10_000,
  working: '$412.35 = max($100.00, 0.1% × $412,345.67 of October 2026)',
  provider: 'sandbox' as const,
  publishableKey: null,
};

function subscription(status: string, extra: Record<string, unknown> = {}) {
  return {
    __typename: 'StripeSubscription' as const,
    id: 's1',
    entityId: 'e1',
    status,
    productName: 'Pro Plan',
    productDescription: 'Keel Pro',
    unitAmount: 41_235,
    quantity: 1,
    recurringInterval: 'month',
    clientSecret: status === 'incomplete' ? 'pi_1_secret_2' : null,
    provider: 'sandbox',
    card: null,
    basisMonth: '2026-10',
    basisExpense: 41_234_567,
    currentPeriodEnd: '2026-12-22T12:00:00.000Z',
    canceledAt: null,
    ...extra,
  };
}

const ACTIVE = subscription('active', {
  card: { __typename: 'PaymentCardSummary', brand: 'visa', brandLabel: 'Visa', last4: '4242' },
});

/**
 * The page with a server whose answers follow the mutations: `state.subscription` is what the Billing
 * query answers, and each mutation mock moves it on.
 */
type State = { subscription: unknown };

function renderBilling(
  options: {
    viewerRole?: string;
    subscription?: ReturnType<typeof subscription> | null;
    mocks?: (state: State) => MockLink.MockedResponse[];
  } = {},
) {
  const state: State = {
    subscription: options.subscription === undefined ? subscription('incomplete') : options.subscription,
  };
  const billingMock: MockLink.MockedResponse = {
    request: { query: BILLING_QUERY, variables: { entityId: 'e1' } },
    result: () => ({ data: { stripeSubscription: state.subscription, proPlan: PRO_PLAN } }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
  const context = {
    entity: { id: 'e1', name: 'Acme Robotics', viewerRole: options.viewerRole ?? 'owner' },
    today: '2026-11-22',
  } as unknown as EntityContextValue;
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider mocks={[billingMock, ...(options.mocks?.(state) ?? [])]}>
        <MemoryRouter initialEntries={['/settings/billing']}>
          <EntityContext.Provider value={context}>
            <BillingPage />
          </EntityContext.Provider>
        </MemoryRouter>
      </MockedProvider>
    </MantineProvider>,
  );
  return state;
}

const card = () => screen.getByTestId('subscription-card');

function startMock(state: State): MockLink.MockedResponse {
  return {
    request: { query: START_SUBSCRIPTION_MUTATION, variables: { entityId: 'e1' } },
    result: () => {
      state.subscription = subscription('incomplete');
      return { data: { startSubscription: subscription('incomplete') } };
    },
  };
}

function fillCard(number: string, expiry = '1230', cvc = '123', name = 'Ada Lovelace') {
  fireEvent.change(screen.getByRole('textbox', { name: 'Card number' }), { target: { value: number } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Expiry' }), { target: { value: expiry } });
  fireEvent.change(screen.getByRole('textbox', { name: 'CVC' }), { target: { value: cvc } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Name on card' }), { target: { value: name } });
}

const confirmVariables = (number: string) => ({
  id: 's1',
  cardNumber: number,
  cardExpiry: '12 / 30',
  cardCvc: '123',
  cardName: 'Ada Lovelace',
});

describe('BillingPage', () => {
  it('shows an incomplete subscription as Starting at $100/month with Subscribe Now and the price working', async () => {
    renderBilling();
    expect(screen.getByRole('heading', { name: 'Billing Details' })).toBeInTheDocument();
    expect(
      await within(await screen.findByTestId('subscription-card')).findByText('Starting at $100/month'),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeEnabled();
    expect(screen.getByTestId('pro-plan-working')).toHaveTextContent(
      'This month: $412.35 = max($100.00, 0.1% × $412,345.67 of October 2026)',
    );
    expect(screen.queryByRole('button', { name: 'Cancel Subscription' })).not.toBeInTheDocument();
    expect(document.querySelector('script[src*="stripe"]')).toBeNull();
  });

  it('reveals the payment form on Subscribe Now, and Cancel puts it away', async () => {
    renderBilling({ mocks: (state) => [startMock(state)] });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    const form = await screen.findByRole('form', { name: 'Payment details' });
    expect(within(form).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(screen.getByTestId('sandbox-hint')).toHaveTextContent('4242 4242 4242 4242 succeeds');
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'Payment details' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
  });

  it('checks the card before sending it: nothing is sent while a field is wrong', async () => {
    const confirmed = vi.fn();
    renderBilling({
      mocks: (state) => [
        startMock(state),
        { request: { query: CONFIRM_SUBSCRIPTION_MUTATION }, variableMatcher: () => true, result: confirmed },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    const form = await screen.findByRole('form', { name: 'Payment details' });
    fillCard('4242 4242 4242 4241', '1025', '12', '');
    fireEvent.click(within(form).getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Your card number is invalid.')).toBeInTheDocument();
    expect(screen.getByText("Your card's expiration date is in the past.")).toBeInTheDocument();
    expect(screen.getByText("Your card's security code is incomplete.")).toBeInTheDocument();
    expect(screen.getByText('Name on card is required')).toBeInTheDocument();
    expect(confirmed).not.toHaveBeenCalled();
  });

  it('subscribes with a good card: the card then reads $100/month with Cancel Subscription', async () => {
    renderBilling({
      mocks: (state) => [
        startMock(state),
        {
          request: {
            query: CONFIRM_SUBSCRIPTION_MUTATION,
            variables: confirmVariables('4242 4242 4242 4242'),
          },
          result: () => {
            state.subscription = ACTIVE;
            return {
              data: {
                confirmSubscription: {
                  __typename: 'ConfirmSubscriptionPayload',
                  errors: [],
                  fieldErrors: [],
                  declineCode: null,
                  subscription: ACTIVE,
                },
              },
            };
          },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    await screen.findByRole('form', { name: 'Payment details' });
    fillCard('4242424242424242');
    expect(screen.getByRole('textbox', { name: 'Card number' })).toHaveValue('4242 4242 4242 4242');
    expect(screen.getByRole('textbox', { name: 'Expiry' })).toHaveValue('12 / 30');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(card()).toHaveTextContent('$100/monthminimum');
    expect(card()).not.toHaveTextContent('Starting at');
    expect(screen.getByTestId('subscription-status')).toHaveTextContent('Active');
    expect(screen.getByTestId('subscription-details')).toHaveTextContent('Paid with Visa ending in 4242');
    expect(screen.getByTestId('subscription-details')).toHaveTextContent('Billed $412.35 per month');
    expect(screen.getByRole('button', { name: 'Cancel Subscription' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Payment details' })).not.toBeInTheDocument();
  });

  it('shows a declined card’s message and keeps the form', async () => {
    renderBilling({
      mocks: (state) => [
        startMock(state),
        {
          request: {
            query: CONFIRM_SUBSCRIPTION_MUTATION,
            variables: confirmVariables('4000 0000 0000 0002'),
          },
          result: {
            data: {
              confirmSubscription: {
                __typename: 'ConfirmSubscriptionPayload',
                errors: ['Your card was declined.'],
                fieldErrors: [
                  { __typename: 'FieldError', field: 'card', message: 'Your card was declined.' },
                ],
                declineCode: 'generic_decline',
                subscription: subscription('incomplete'),
              },
            },
          },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Subscribe Now' }));
    await screen.findByRole('form', { name: 'Payment details' });
    fillCard('4000000000000002');
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    const form = screen.getByRole('form', { name: 'Payment details' });
    await waitFor(() => expect(within(form).getByRole('alert')).toHaveTextContent('Your card was declined.'));
    expect(screen.getByRole('form', { name: 'Payment details' })).toBeInTheDocument();
    expect(card()).toHaveTextContent('Starting at $100/month');
  });

  it('cancels after a confirm step, then offers to subscribe again', async () => {
    const canceled = subscription('canceled', { canceledAt: '2026-11-22T15:00:00.000Z', card: ACTIVE.card });
    renderBilling({
      subscription: ACTIVE,
      mocks: (state) => [
        {
          request: { query: CANCEL_SUBSCRIPTION_MUTATION, variables: { id: 's1' } },
          result: () => {
            state.subscription = canceled;
            return { data: { cancelSubscription: canceled } };
          },
        },
      ],
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel Subscription' }));
    expect(screen.getByTestId('cancel-confirm')).toHaveTextContent('Cancel the Pro Plan now?');
    fireEvent.click(screen.getByRole('button', { name: 'Keep subscription' }));
    expect(screen.queryByTestId('cancel-confirm')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, cancel subscription' }));
    expect(await screen.findByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
    expect(card()).toHaveTextContent('Starting at $100/month');
    expect(screen.getByTestId('subscription-ended')).toHaveTextContent(
      'Your subscription was canceled on November 22, 2026.',
    );
  });

  it('shows the plan to a bookkeeper without the buttons', async () => {
    renderBilling({ viewerRole: 'bookkeeper' });
    expect(await screen.findByText('Starting at $100/month')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Subscribe Now' })).not.toBeInTheDocument();
    expect(card()).toHaveTextContent("Only the company's owner or an admin can change its subscription.");
  });

  it('shows Starting at $100/month for a company that never subscribed', async () => {
    renderBilling({ subscription: null });
    expect(await screen.findByText('Starting at $100/month')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
  });
});

describe('card field formatting', () => {
  it('groups the number in fours and puts the slash in the expiry', () => {
    expect(groupCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(groupCardNumber('4242-4242 42a42')).toBe('4242 4242 4242');
    expect(groupCardNumber('3782822463100051234567')).toBe('3782 8224 6310 0051 234');
    expect(formatExpiry('1230')).toBe('12 / 30');
    expect(formatExpiry('1')).toBe('1');
    expect(formatExpiry('12/3')).toBe('12 / 3');
  });
});
