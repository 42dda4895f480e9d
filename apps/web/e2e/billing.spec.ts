import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { graphql, signInWithToken, signUpUserWithEntity } from './support/api';
import { DEMO_COMPANY, DEMO_OWNER_EMAIL, DEMO_PASSWORD } from './support/demo';

/**
 * /settings/billing (spec §2, §4 Subscription) on the payments sandbox: a new
 * company subscribes with Stripe's test card 4242…, sees its $100 price, and cancels; a declined card
 * says so and changes nothing; the demo company shows its price computed from its books, checked
 * against the Report query's Expense line, and is billed it once subscribed (then canceled again).
 */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const dollars = (cents: number) => usd.format(cents / 100);

/** The Pro Plan's rule, computed here on its own: max($100, 0.1% of the expense, half up to the cent). */
function proPlanPrice(expenseCents: number): number {
  const share = (BigInt(Math.max(0, expenseCents)) + 500n) / 1000n;
  return Number(share > 10_000n ? share : 10_000n);
}

function billingCard(page: Page) {
  const card = page.getByTestId('subscription-card');
  return {
    card,
    subscribe: card.getByRole('button', { name: 'Subscribe Now' }),
    form: card.getByRole('form', { name: 'Payment details' }),
    working: card.getByTestId('pro-plan-working'),
    cancelSubscription: card.getByRole('button', { name: 'Cancel Subscription' }),
  };
}

async function openBilling(page: Page) {
  await page.goto('/settings/billing');
  await new AppShell(page).waitForPage('Billing Details');
  await expect(page.getByTestId('subscription-card')).toBeVisible();
}

async function payWith(page: Page, number: string) {
  const { form } = billingCard(page);
  await form.getByRole('textbox', { name: 'Card number' }).fill(number);
  await form.getByRole('textbox', { name: 'Expiry' }).fill('12 / 30');
  await form.getByRole('textbox', { name: 'CVC' }).fill('123');
  await form.getByRole('textbox', { name: 'Name on card' }).fill('Ada Lovelace');
  await form.getByRole('button', { name: 'Submit' }).click();
}

test.describe('billing', () => {
  test('a new company subscribes with 4242 4242 4242 4242 at $100/month, then cancels', async ({
    page,
    request,
  }) => {
    const user = await signUpUserWithEntity(request, 'Billing Test Co');
    await signInWithToken(page, user.token);
    await openBilling(page);
    const billing = billingCard(page);

    await expect(billing.card.getByText('Starting at $100/month')).toBeVisible();
    await expect(billing.working).toContainText(
      'This month: $100.00 = max($100.00, 0.1% × $0.00 of October 2026)',
    );
    await billing.subscribe.click();
    await expect(billing.form).toBeVisible();
    // Cancel puts the form away; Subscribe Now brings it back (the same subscription, started once).
    await billing.form.getByRole('button', { name: 'Cancel' }).click();
    await expect(billing.form).toBeHidden();
    await billing.subscribe.click();

    await payWith(page, '4242 4242 4242 4242');
    await expect(billing.cancelSubscription).toBeVisible();
    await expect(billing.card.getByText('$100/month', { exact: true })).toBeVisible();
    await expect(billing.card.getByText('Starting at $100/month')).toHaveCount(0);
    await expect(billing.card.getByTestId('subscription-status')).toHaveText('Active');
    await expect(billing.card.getByTestId('subscription-details')).toContainText(
      'Billed $100.00 per month, priced on the expenses of October 2026',
    );
    await expect(billing.card.getByTestId('subscription-details')).toContainText(
      'Paid with Visa ending in 4242',
    );

    // What the server kept: the page reads the same after a reload.
    await page.reload();
    await openBilling(page);
    await expect(billing.cancelSubscription).toBeVisible();

    await billing.cancelSubscription.click();
    await billing.card.getByRole('button', { name: 'Yes, cancel subscription' }).click();
    await expect(billing.subscribe).toBeVisible();
    await expect(billing.card.getByText('Starting at $100/month')).toBeVisible();
    await expect(billing.card.getByTestId('subscription-ended')).toContainText(
      'Your subscription was canceled on',
    );
    await expect(billing.card.getByTestId('subscription-status')).toHaveText('Canceled');
    await page.reload();
    await openBilling(page);
    await expect(billing.subscribe).toBeVisible();
  });

  test('a declined card shows Stripe’s message and leaves the subscription unpaid', async ({
    page,
    request,
  }) => {
    const user = await signUpUserWithEntity(request, 'Declined Billing Co');
    await signInWithToken(page, user.token);
    await openBilling(page);
    const billing = billingCard(page);
    await billing.subscribe.click();

    // A field the form refuses before anything is sent.
    await billing.form.getByRole('textbox', { name: 'Expiry' }).fill('01 / 20');
    await billing.form.getByRole('button', { name: 'Submit' }).click();
    await expect(billing.form.getByText("Your card's expiration date is in the past.")).toBeVisible();

    await payWith(page, '4000 0000 0000 0002');
    await expect(billing.form.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(billing.card.getByText('Starting at $100/month')).toBeVisible();
    await expect(billing.cancelSubscription).toHaveCount(0);

    await page.reload();
    await openBilling(page);
    await expect(billing.subscribe).toBeVisible();
    const data = await graphql<{ entities: { id: string }[] }>(request, user.token, '{ entities { id } }');
    const state = await graphql<{ stripeSubscription: { status: string; card: unknown } }>(
      request,
      user.token,
      'query($e: ID!) { stripeSubscription(entityId: $e) { status card { last4 } } }',
      { e: data.entities[0]?.id },
    );
    expect(state.stripeSubscription).toEqual({ status: 'incomplete', card: null });
  });

  test('the demo company’s price is max($100, 0.1% of its last month’s expense)', async ({
    page,
    request,
  }) => {
    const login = await request.post('/api/v1/auth/login', {
      data: { email: DEMO_OWNER_EMAIL, password: DEMO_PASSWORD, grant_type: 'password' },
    });
    expect(login.status()).toBe(200);
    const token = ((await login.json()) as { auth: { access_token: string } }).auth.access_token;
    const { entities, today } = await graphql<{ entities: { id: string; name: string }[]; today: string }>(
      request,
      token,
      '{ entities { id name } today }',
    );
    const demo = entities.find((entity) => entity.name === DEMO_COMPANY);
    expect(demo).toBeTruthy();
    // The last complete month, and its Expense line in the Financial Report.
    const [year, month] = today.split('-').map(Number) as [number, number];
    const basis = month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
    const report = await graphql<{
      report: { lineItems: { name: string; values: { key: string; amount: number }[] }[] };
    }>(
      request,
      token,
      `query($e: ID!, $m: MonthKey!, $now: MonthKey!) {
        report(entityId: $e, startMonth: $m, endMonth: $now, actualsEndMonth: $now) { lineItems { name values { key amount } } } }`,
      { e: demo?.id, m: basis, now: today.slice(0, 7) },
    );
    const expense = report.report.lineItems
      .find((line) => line.name === 'Expense')
      ?.values.find((value) => value.key === basis)?.amount;
    expect(expense).toBeGreaterThan(0);
    const price = proPlanPrice(expense ?? 0);

    await signInWithToken(page, token);
    await openBilling(page);
    const shell = new AppShell(page);
    if (!(await shell.entitySwitcher.textContent())?.includes(DEMO_COMPANY)) {
      await shell.switchEntity('Robotics', DEMO_COMPANY);
    }
    await expect(shell.entitySwitcher).toContainText(DEMO_COMPANY);
    const billing = billingCard(page);
    // The demo's subscription waits for its first payment (seeded 'incomplete').
    await expect(billing.card.getByText('Starting at $100/month')).toBeVisible();
    await expect(billing.subscribe).toBeVisible();
    await expect(billing.working).toContainText(
      `This month: ${dollars(price)} = max($100.00, 0.1% × ${dollars(expense ?? 0)} of October 2026)`,
    );

    // Subscribed in the sandbox, the demo company is billed that price; then it cancels (no other
    // spec reads the demo's billing, and a canceled subscription offers Subscribe Now again).
    await billing.subscribe.click();
    await payWith(page, '4242 4242 4242 4242');
    await expect(billing.card.getByTestId('subscription-status')).toHaveText('Active');
    await expect(billing.card.getByTestId('subscription-details')).toContainText(
      `Billed ${dollars(price)} per month, priced on the expenses of October 2026`,
    );
    await billing.cancelSubscription.click();
    await billing.card.getByRole('button', { name: 'Yes, cancel subscription' }).click();
    await expect(billing.subscribe).toBeVisible();
  });
});
