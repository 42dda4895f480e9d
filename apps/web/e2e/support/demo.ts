import { expect, type Page, test } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/storageKeys';
import { AppShell } from '../pages/AppShell';
import { signInBrowserByApi } from './api';

/** The two screens every layout check runs at. */
export const SCREEN_SIZES = [
  { width: 1440, height: 900 },
  { width: 1280, height: 720 },
] as const;

/** The seeded demo company (SEED_DEMO=true) and its people; every demo user has this password. */
export const DEMO_COMPANY = 'Acme Robotics Inc.';
export const DEMO_PASSWORD = 'keel-demo-2026';
export const DEMO_OWNER_EMAIL = 'demo@keel.test';
export const DEMO_BOOKKEEPER_EMAIL = 'bookkeeper@acme-robotics.test';

/**
 * Signs in as the demo company's bookkeeper (a member of Acme Robotics only) and waits for the
 * Financial Report, at `path` when given (e.g. '/financial?account=...&month=2026-03'). The sign-in
 * goes through the API: the sign-in form has specs of its own (login.spec.ts, demo.spec.ts), and
 * drawing it and the default report first cost every spec a second or two of the browser's time.
 */
export async function openDemoReport(page: Page, path = '/financial'): Promise<AppShell> {
  return openDemoReportAs(page, DEMO_BOOKKEEPER_EMAIL, path);
}

/** The same as another demo user whose first company is Acme Robotics (the owner, say). */
export async function openDemoReportAs(page: Page, email: string, path = '/financial'): Promise<AppShell> {
  await signInBrowserByApi(page, email, DEMO_PASSWORD);
  await page.goto(path);
  const shell = new AppShell(page);
  await shell.waitForPage('Financial Report');
  await expect(shell.entitySwitcher).toContainText(DEMO_COMPANY);
  return shell;
}

/**
 * Shows the empty accounts (the report option `emptyAccounts`, off by default) from the page's first
 * load: for specs that drop onto accounts they have just made, which have no figures yet.
 */
export async function showEmptyAccounts(page: Page) {
  await page.addInitScript((key) => {
    window.localStorage.setItem(
      key,
      JSON.stringify({ months: true, annualTotal: false, overallTotal: false, emptyAccounts: true }),
    );
  }, STORAGE_KEYS.reportOptions);
}

/**
 * For the specs that open the report but never look at its summary cards (its grid, drawer, forecasts,
 * the hiring plan, models, the dashboard): the cards start collapsed to their line of key figures, as if
 * the person had chosen so (a choice the spec makes itself stays). The cards' four charts are drawn
 * again at each refetch of the report, and took about a sixth of the browser's time in these specs. The
 * cards' own specs, the layout checks and every other spec show the report as a person first sees it.
 */
export function startWithSummaryCardsCollapsed() {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript((key) => {
      if (window.localStorage.getItem(key) === null) window.localStorage.setItem(key, 'true');
    }, STORAGE_KEYS.summaryCardsCollapsed);
  });
}
