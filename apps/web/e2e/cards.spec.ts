import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { entityIdByName, graphql, signInByApi, signInWithToken, signUpUserWithEntity } from './support/api';
import { DEMO_BOOKKEEPER_EMAIL, DEMO_COMPANY, DEMO_PASSWORD } from './support/demo';
import { screenshotAtEachSize } from './support/screenshots';

/**
 * /cards (spec §2, §4 Card, §5 Card PIN) on the sandbox issuer. A new company with a Keel
 * account issues a virtual card, reveals it (number in groups of 4, a 3-digit CVV), freezes it (the
 * red Frozen control) and unfreezes it; then a physical card, whose activation refuses PINs by the
 * spec's messages and takes '1234'. The demo company's two cards are only looked at (specs share the
 * demo server): its bookkeeper lists them, the actions disabled.
 */

/** A red of Mantine's palette (its shade moves with hover and the theme's primary shade). */
const RED = /^rgb\(2\d\d, \d{1,2}, \d{1,2}\)$/;

/** Opens a Keel account for the company through the API, as /apply would (the sandbox approves it). */
async function openDepositAccount(request: APIRequestContext, token: string, entityId: string) {
  const data = await graphql<{ createTprimeApplication: { account: { id: string } | null } }>(
    request,
    token,
    `mutation Apply($entityId: ID!, $person: ApplicationPersonInput!, $address: AddressInput!) {
      createTprimeApplication(entityId: $entityId, person: $person, address: $address, acknowledgedAgreements: true) {
        account { id }
      }
    }`,
    {
      entityId,
      person: {
        firstName: 'Casey',
        lastName: 'Cardholder',
        email: 'casey@example.test',
        phoneNumber: '4155550134',
        dateOfBirth: '1985-12-10',
        citizen: true,
        tin: '123456789',
        ein: '987654321',
      },
      address: { streetLine1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' },
    },
  );
  expect(data.createTprimeApplication.account, 'an approved application opens an account').not.toBeNull();
}

/** The tile of the card with this name. */
function cardTile(page: Page, name: string) {
  return page
    .getByTestId('card-tile')
    .filter({ has: page.getByTestId('card-name').getByText(name, { exact: true }) });
}

async function openCards(page: Page) {
  await page.goto('/cards');
  await new AppShell(page).waitForPage('Cards');
  await expect(page.getByTestId('card-tile').first().or(page.getByTestId('cards-empty'))).toBeVisible();
}

async function createCard(
  page: Page,
  kind: 'Virtual Card' | 'Physical Card',
  name: string,
  offered: string[],
) {
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create a Card' });
  await expect(dialog.getByRole('radio')).toHaveCount(offered.length);
  for (const label of offered) await expect(dialog.getByRole('radio', { name: label })).toBeVisible();
  await dialog.getByRole('radio', { name: kind }).check();
  await dialog.getByRole('textbox', { name: 'Card name' }).fill(name);
  await dialog.getByRole('button', { name: 'Create card' }).click();
  await expect(dialog).toBeHidden();
}

test.describe('cards', () => {
  test('a new company issues a virtual card, reveals, freezes and unfreezes it, then activates a physical card', async ({
    page,
    request,
  }) => {
    const user = await signUpUserWithEntity(request, 'Cards Test Co');
    const entityId = await entityIdByName(request, user.token, 'Cards Test Co');
    await openDepositAccount(request, user.token, entityId);
    await signInWithToken(page, user.token);
    await openCards(page);
    await expect(page.getByText('No cards yet. Add a card to get started.')).toBeVisible();

    await createCard(page, 'Virtual Card', 'Software and ads', ['Physical Card', 'Virtual Card']);
    const virtual = cardTile(page, 'Software and ads');
    await expect(page.getByTestId('cards-group-Active')).toContainText('Software and ads');
    await expect(virtual.getByTestId('card-status')).toHaveText('Active');
    const masked = virtual.getByTestId('card-number');
    await expect(masked).toHaveText(/^\*{4} \*{4} \*{4} \d{4}$/);
    const last4 = (await masked.textContent())?.slice(-4) ?? '';
    await expect(virtual.getByTestId('card-cvv')).toHaveText('***');
    await expect(virtual.getByTestId('card-expiration')).toHaveText(/^11\/29$/);

    // Reveal: the full number in groups of 4 (ending as the masked one did) and the CVV; Hide masks again.
    // The reveal token travels in the X-Reveal-Token header, never in the address.
    const revealRequest = page.waitForRequest((sent) => /\/api\/v1\/cards\/[^/?]+/.test(sent.url()));
    await virtual.getByRole('button', { name: 'Reveal' }).click();
    const reveal = await revealRequest;
    expect(new URL(reveal.url()).search).toBe('');
    expect(await reveal.headerValue('x-reveal-token')).toBeTruthy();
    await expect(virtual.getByTestId('card-number')).toHaveText(new RegExp(`^4000 \\d{4} \\d{4} ${last4}$`));
    await expect(virtual.getByTestId('card-cvv')).toHaveText(/^\d{3}$/);
    await screenshotAtEachSize(page, 'cards-revealed');
    await virtual.getByRole('button', { name: 'Hide' }).click();
    await expect(virtual.getByTestId('card-number')).toHaveText(`**** **** **** ${last4}`);
    await expect(virtual.getByTestId('card-cvv')).toHaveText('***');

    // Freeze: the red Frozen control, which unfreezes.
    await virtual.getByRole('button', { name: 'Freeze' }).click();
    const frozen = virtual.getByRole('button', { name: 'Frozen' });
    await expect(frozen).toBeVisible();
    await expect(frozen).toHaveCSS('background-color', RED);
    await expect(virtual.getByTestId('card-status')).toHaveText('Frozen');
    await frozen.click();
    await expect(virtual.getByRole('button', { name: 'Freeze' })).toBeVisible();
    await expect(virtual.getByTestId('card-status')).toHaveText('Active');

    // Spending limits: set in a modal whose boxes take digits and one point, then enforced at authorization.
    await expect(virtual.getByTestId('card-daily-limit')).toHaveText('No limit · $0.00 today');
    await virtual.getByRole('button', { name: 'Limits' }).click();
    const limits = page.getByRole('dialog', { name: 'Spending limits' });
    const daily = limits.getByLabel('Daily limit');
    await daily.pressSequentially('$5x0');
    await expect(daily).toHaveValue('50');
    await limits.getByLabel('Monthly limit').fill('40');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await expect(limits.getByText('Daily limit cannot be above the monthly limit')).toBeVisible();
    await limits.getByLabel('Monthly limit').fill('1000');
    await screenshotAtEachSize(page, 'cards-limits-modal');
    await limits.getByRole('button', { name: 'Save limits' }).click();
    await expect(limits).toBeHidden();
    await expect(virtual.getByTestId('card-daily-limit')).toHaveText('$0.00 of $50.00 today');
    await expect(virtual.getByTestId('card-monthly-limit')).toHaveText('$0.00 of $1,000.00 this month');

    // Two charges through the sandbox network: the second would pass the daily limit and is declined.
    const cardId = (await virtual.getAttribute('data-card-id')) ?? '';
    for (const [amount, status] of [
      [3_000, 'approved'],
      [2_500, 'declined'],
    ] as const) {
      const response = await request.post('/api/dev/cards/charge', {
        data: { card_id: cardId, merchant: 'Blue Bottle Coffee', amount },
      });
      expect(response.status()).toBe(201);
      expect((await response.json()).status).toBe(status);
    }
    await openCards(page);
    await expect(virtual.getByTestId('card-daily-limit')).toHaveText('$30.00 of $50.00 today');
    const history = page.getByTestId('card-transactions');
    await expect(history).toContainText('Software and ads transactions');
    await expect(history.getByTestId('card-transaction')).toHaveCount(2);
    await expect(history.getByTestId('card-transaction').first()).toContainText('Card daily limit exceeded');
    await expect(history.getByTestId('card-transaction').nth(1)).toContainText('Approved');
    await screenshotAtEachSize(page, 'cards-transactions');

    // A physical card: the only kind still offered; it waits in Inactive for its activation.
    await createCard(page, 'Physical Card', 'Travel and meals', ['Physical Card']);
    const physical = cardTile(page, 'Travel and meals');
    await expect(page.getByTestId('cards-group-Inactive')).toContainText('Travel and meals');
    await expect(physical.getByTestId('card-status')).toHaveText('Inactive');
    await expect(physical.getByTestId('card-description')).toHaveCSS('color', RED);
    await expect(page.getByRole('button', { name: 'Add Card' })).toHaveCount(0);
    await screenshotAtEachSize(page, 'cards-two');

    await physical.getByRole('button', { name: 'Activate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Activate card' });
    const pin = dialog.getByLabel('Card PIN');
    await pin.fill('12');
    await pin.blur();
    await expect(dialog.getByText('Card PIN must be 4 digits long')).toBeVisible();
    // Digits only: letters typed never reach the box, and it stops at 4 digits.
    await pin.fill('');
    await pin.pressSequentially('1a2b');
    await expect(pin).toHaveValue('12');
    await pin.fill('');
    await pin.pressSequentially('123456');
    await expect(pin).toHaveValue('1234');
    await pin.fill('12');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(dialog.getByText('Card PIN must be 4 digits long')).toBeVisible();
    await screenshotAtEachSize(page, 'cards-activate');
    await pin.fill('1234');
    await dialog.getByRole('button', { name: 'Activate' }).click();
    await expect(dialog).toBeHidden();
    await expect(physical.getByTestId('card-status')).toHaveText('Active');
    await expect(page.getByTestId('cards-group-Active')).toContainText('Travel and meals');
    await expect(page.getByTestId('cards-group-Inactive')).toHaveCount(0);
    await expect(physical.getByRole('button', { name: 'Freeze' })).toBeVisible();
  });

  test("the demo company's bookkeeper sees its two cards, the actions disabled", async ({
    page,
    request,
  }) => {
    const token = await signInByApi(request, DEMO_BOOKKEEPER_EMAIL, DEMO_PASSWORD);
    await signInWithToken(page, token);
    await openCards(page);
    await expect(new AppShell(page).entitySwitcher).toContainText(DEMO_COMPANY);
    const virtual = cardTile(page, 'Software and ads');
    const physical = cardTile(page, 'Travel and meals');
    await expect(page.getByTestId('card-tile')).toHaveCount(2);
    await expect(virtual.getByTestId('card-status')).toHaveText('Active');
    await expect(physical.getByTestId('card-status')).toHaveText('Inactive');
    await expect(physical.getByTestId('card-description')).toContainText('activate it with a PIN');
    await expect(virtual.getByRole('button', { name: 'Freeze' })).toHaveAttribute('aria-disabled', 'true');
    await expect(physical.getByRole('button', { name: 'Activate' })).toHaveAttribute('aria-disabled', 'true');
    await physical.getByRole('button', { name: 'Activate' }).hover();
    await expect(page.getByText('Only owners and admins can add, activate and freeze cards.')).toBeVisible();
    // The demo card's limits and its week of charges, the last refused by its daily limit.
    await expect(virtual.getByTestId('card-daily-limit')).toContainText('of $2,500.00 today');
    await expect(virtual.getByRole('button', { name: 'Limits' })).toHaveAttribute('aria-disabled', 'true');
    const history = page.getByTestId('card-transactions');
    await expect(history.getByTestId('card-transaction')).toHaveCount(8);
    await expect(history.getByTestId('card-transaction').first()).toContainText('Card daily limit exceeded');
    await screenshotAtEachSize(page, 'cards-demo');
  });
});
