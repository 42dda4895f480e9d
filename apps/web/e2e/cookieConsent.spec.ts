import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/lib/storageKeys';

// A first-time visitor: no stored cookie choice.
test.use({ storageState: { cookies: [], origins: [] } });

test.describe('cookie consent', () => {
  test('appears after about a second and remembers Reject all', async ({ page }) => {
    // Note when the dialog first appears, in ms since the navigation started.
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[role="dialog"]')) {
          (window as Window & { cookieDialogShownAt?: number }).cookieDialogShownAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto('/login');
    const dialog = page.getByRole('dialog', { name: /Cookies on/ });
    await expect(dialog).toBeVisible({ timeout: 5_000 });
    // The 1 s timer starts when the app mounts, which is after the navigation started.
    const shownAt = await page.evaluate(
      () => (window as Window & { cookieDialogShownAt?: number }).cookieDialogShownAt,
    );
    expect(shownAt).toBeGreaterThanOrEqual(1_000);

    await dialog.getByRole('button', { name: 'Reject all' }).click();
    await expect(dialog).toBeHidden();

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await page.waitForTimeout(1_800);
    await expect(dialog).toHaveCount(0);
  });

  test('Let me choose saves the chosen categories', async ({ page }) => {
    await page.goto('/signup');
    const dialog = page.getByRole('dialog', { name: /Cookies on/ });
    await dialog.getByRole('button', { name: 'Let me choose' }).click();
    // By the keyboard: a forced click could land beside the switch while the dialog still moves.
    await dialog.getByRole('switch', { name: /Analytics/ }).focus();
    await page.keyboard.press('Space');
    await expect(dialog.getByRole('switch', { name: /Analytics/ })).toBeChecked();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const stored = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.cookieConsent);
    expect(JSON.parse(stored ?? '{}')).toMatchObject({ analytics: true, marketing: false });
    await page.goto('/login');
    await page.waitForTimeout(1_800);
    await expect(dialog).toHaveCount(0);
  });
});
