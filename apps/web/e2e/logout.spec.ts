import { expect, test } from '@playwright/test';
import { STORAGE_KEYS } from '../src/lib/storageKeys';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { createEntity, readStoredToken, signUpUser } from './support/api';

test.describe('logout', () => {
  test('signs out from the user menu, and the old token is refused afterwards', async ({ page, request }) => {
    const user = await signUpUser(request);
    await createEntity(request, user.token, 'Logout Test Co');
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    const shell = new AppShell(page);
    await shell.waitForPage('Financial Report');
    const token = await readStoredToken(page);
    expect(token).toBeTruthy();
    await shell.collapseSidebar();

    const menu = await shell.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    const stored = await page.evaluate(() => ({ ...window.localStorage }));
    expect(stored[STORAGE_KEYS.authToken]).toBeUndefined();
    expect(stored[STORAGE_KEYS.appState]).toBeUndefined();
    // Device preferences survive the sign-out.
    expect(stored[STORAGE_KEYS.navOpen]).toBe('false');
    expect(stored[STORAGE_KEYS.cookieConsent]).toBeDefined();

    const refused = await request.get('/userinfo/v2/me', { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
  });

  test('a refused token sends the user through /logout to /login', async ({ page, request }) => {
    const user = await signUpUser(request);
    await createEntity(request, user.token, 'Revoked Token Co');
    const login = new LoginPage(page);
    await login.goto();
    await login.signIn(user.email, user.password);
    await new AppShell(page).waitForPage('Financial Report');

    const token = await readStoredToken(page);
    await request.post('/oauth/revoke', { data: { token } });
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await readStoredToken(page)).toBeNull();
    // Signing out quietly: no error dialog from the refused queries.
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});
