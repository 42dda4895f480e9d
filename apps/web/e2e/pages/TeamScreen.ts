import { expect, type Locator, type Page } from '@playwright/test';
import { STORAGE_KEYS } from '../../src/lib/storageKeys';
import { signInWithToken } from '../support/api';
import { AppShell } from './AppShell';

/** Opens /settings/team as the token's user, with the entity selected. */
export async function openTeam(page: Page, token: string, entityId: string): Promise<TeamScreen> {
  await signInWithToken(page, token);
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, JSON.stringify(value)), [
    STORAGE_KEYS.appState,
    { selectedEntityId: entityId },
  ] as const);
  const team = new TeamScreen(page);
  await team.goto();
  return team;
}

/** The team page (/settings/team). */
class TeamScreen {
  readonly invitesCount: Locator;
  readonly membersCount: Locator;
  readonly inviteRows: Locator;
  readonly memberRows: Locator;
  readonly inviteButton: Locator;

  constructor(readonly page: Page) {
    this.invitesCount = page.getByTestId('invites-section-count');
    this.membersCount = page.getByTestId('members-section-count');
    this.inviteRows = page.getByTestId('invite-row');
    this.memberRows = page.getByTestId('member-row');
    this.inviteButton = page.getByRole('button', { name: 'Invite team member' });
  }

  async goto() {
    await this.page.goto('/settings/team');
    await new AppShell(this.page).waitForPage('Team');
    await expect(this.membersCount).toBeVisible();
  }

  inviteRow(email: string): Locator {
    return this.page.locator(`[data-testid="invite-row"][data-email="${email}"]`);
  }

  memberRow(name: string): Locator {
    return this.memberRows.filter({ hasText: name });
  }

  filter(label: 'All' | 'Admin' | 'Bookkeeper'): Locator {
    return this.page.getByTestId('members-section').getByText(new RegExp(`^${label} \\(\\d+\\)$`));
  }

  async filterCount(label: 'All' | 'Admin' | 'Bookkeeper'): Promise<number> {
    const text = (await this.filter(label).textContent()) ?? '';
    return Number(/\((\d+)\)/.exec(text)?.[1]);
  }

  async invite(invitee: {
    firstName: string;
    lastName: string;
    email: string;
    role: 'Admin' | 'Bookkeeper';
  }) {
    await this.inviteButton.click();
    const dialog = this.page.getByRole('dialog', { name: 'Invite team member' });
    await dialog.getByRole('textbox', { name: 'First name' }).fill(invitee.firstName);
    await dialog.getByRole('textbox', { name: 'Last name' }).fill(invitee.lastName);
    await dialog.getByRole('textbox', { name: 'Email' }).fill(invitee.email);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await this.page.getByRole('option', { name: invitee.role }).click();
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    return dialog;
  }
}
