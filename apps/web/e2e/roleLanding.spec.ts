import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { signInWithToken, signUpUser, signUpUserWithEntity } from './support/api';
import { DEMO_COMPANY, DEMO_PASSWORD, SCREEN_SIZES } from './support/demo';

/** The demo company's card-only member (apps/server/src/demo/demoUsers.ts). */
const CARD_ONLY_EMAIL = 'card@acme-robotics.test';

for (const viewport of SCREEN_SIZES) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a card-only member lands on their cards, sees only what the role allows, and can sign out', async ({
      page,
    }, testInfo) => {
      const login = new LoginPage(page);
      await login.goto();
      await login.signIn(CARD_ONLY_EMAIL, DEMO_PASSWORD);
      const shell = new AppShell(page);
      await shell.waitForPage('Cards');
      await expect(page).toHaveURL(/\/cards$/);
      const welcome = page.getByTestId('card-only-welcome');
      await expect(welcome).toContainText(`You are a card-only member of ${DEMO_COMPANY}`);
      await expect(page.getByText('We could not load your workspace')).toHaveCount(0);
      await expect(shell.entitySwitcher).toContainText(DEMO_COMPANY);
      await expect(shell.mainNav.getByRole('link')).toHaveText(['Cards']);
      // Nothing cut: the welcome fits the viewport beside the sidebar.
      const box = await welcome.boundingBox();
      expect(box && box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: testInfo.outputPath(`card-only-${viewport.width}.png`) });

      // The books are not theirs to open: a typed address sends them back to their cards.
      await page.goto('/financial');
      await shell.waitForPage('Cards');
      await expect(page).toHaveURL(/\/cards$/);

      const menu = await shell.openUserMenu();
      await expect(menu.getByRole('menuitem')).toHaveText(['My profile', 'Security', 'Sign out']);
      await menu.getByRole('menuitem', { name: 'Sign out' }).click();
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    });
  });
}

test('an unknown report says so and links to the Financial Report', async ({ page, request }) => {
  const user = await signUpUserWithEntity(request, 'Report Finder Co');
  await signInWithToken(page, user.token);
  await page.goto('/reports/00000000-0000-4000-8000-000000000000');
  const error = page.getByTestId('report-error');
  await expect(error).toContainText('Report not found');
  await error.getByRole('link', { name: 'Open the Financial Report' }).click();
  await expect(page).toHaveURL(/\/financial$/);
  await expect(page.getByTestId('report-error')).toHaveCount(0);
});

test('an error page offers a way out to a signed-in user', async ({ page, request }) => {
  const user = await signUpUser(request);
  await signInWithToken(page, user.token);
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops!' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});

for (const path of ['/plaid-oauth', '/moneykit-oauth']) {
  test(`${path} opens without signing in (spec §2: public)`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Connecting your bank' })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  });
}
