import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { graphql, signInWithToken, signUpUser } from './support/api';
import { DEMO_COMPANY, DEMO_OWNER_EMAIL, DEMO_PASSWORD } from './support/demo';
import { screenshotAtEachSize } from './support/screenshots';

/**
 * A company keeps its days in its own time zone. The browser here is in Los Angeles
 * (Playwright's timezoneId), so a new company starts there; the e2e server's today is 2026-11-22 at
 * about 04:00 in Los Angeles, the same day as in UTC.
 */
test.use({ timezoneId: 'America/Los_Angeles' });

/** 'America/Los Angeles (GMT-8)': Intl writes the minus as U+2212. */
const LOS_ANGELES_LABEL = /^America\/Los Angeles \(GMT[-−][78]\)$/;

test.describe('company time zone', () => {
  test("a new company starts in the browser's time zone, which its owner changes in settings", async ({
    page,
    request,
  }) => {
    const user = await signUpUser(request);
    await signInWithToken(page, user.token);
    await page.goto('/financial');
    await expect(page.getByRole('heading', { name: 'Set up your company' })).toBeVisible();
    await page.getByLabel('Company name').fill('Pacific Tide Co');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    await expect(zone).toHaveValue(LOS_ANGELES_LABEL);
    await screenshotAtEachSize(page, 'time-zone-create-company');

    // The list is searchable: typing narrows some 420 zones.
    await zone.click();
    await zone.fill('Denver');
    await page.getByRole('option', { name: /^America\/Denver/ }).click();
    await expect(zone).toHaveValue(/^America\/Denver \(GMT[-−][67]\)$/);
    await zone.click();
    await zone.fill('Los Angeles');
    await page.getByRole('option', { name: LOS_ANGELES_LABEL }).click();
    await page.getByRole('button', { name: 'Create company' }).click();
    await expect(page.getByTestId('report-entity-name')).toHaveText('Pacific Tide Co', { timeout: 15_000 });

    const { entities } = await graphql<{ entities: { name: string; timeZone: string; today: string }[] }>(
      request,
      user.token,
      '{ entities { name timeZone today } }',
    );
    expect(entities).toEqual([
      { name: 'Pacific Tide Co', timeZone: 'America/Los_Angeles', today: '2026-11-22' },
    ]);

    await page.goto('/settings/team');
    const shell = new AppShell(page);
    await shell.waitForPage('Team');
    const section = page.getByTestId('company-time-zone');
    await expect(section.getByTestId('company-time-zone-value')).toHaveText(LOS_ANGELES_LABEL);
    await expect(section.getByTestId('company-today')).toContainText('Sunday, November 22, 2026');
    await section.getByRole('button', { name: 'Change time zone' }).click();
    const picker = section.getByRole('combobox', { name: 'Time zone' });
    await picker.click();
    await picker.fill('Tokyo');
    await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click();
    await screenshotAtEachSize(page, 'time-zone-settings', { fullPage: false });
    await section.getByRole('button', { name: 'Save time zone' }).click();
    await expect(page.getByText(/Time zone saved: Asia\/Tokyo \(GMT\+9\)/)).toBeVisible();
    // 12:00 UTC is 21:00 in Tokyo: still the 22nd.
    await expect(section.getByTestId('company-time-zone-value')).toHaveText('Asia/Tokyo (GMT+9)');
    await expect(section.getByTestId('company-today')).toContainText('Sunday, November 22, 2026');
    const after = await graphql<{ entities: { timeZone: string }[] }>(
      request,
      user.token,
      '{ entities { timeZone } }',
    );
    expect(after.entities).toEqual([{ timeZone: 'Asia/Tokyo' }]);
  });

  test('the demo company keeps California time; its owner sees it in settings', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(DEMO_OWNER_EMAIL, DEMO_PASSWORD);
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    await expect(shell.entitySwitcher).toContainText(DEMO_COMPANY);
    await page.goto('/settings/team');
    await shell.waitForPage('Team');
    const section = page.getByTestId('company-time-zone');
    await expect(section.getByTestId('company-time-zone-value')).toHaveText(LOS_ANGELES_LABEL);
    await expect(section.getByRole('button', { name: 'Change time zone' })).toBeEnabled();
    await screenshotAtEachSize(page, 'time-zone-settings-demo', { fullPage: false });
  });
});
