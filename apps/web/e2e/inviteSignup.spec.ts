import { expect, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { LoginPage } from './pages/LoginPage';
import { openTeam } from './pages/TeamScreen';
import {
  entityIdByName,
  PASSWORD,
  readInviteToken,
  signInByApi,
  signUpUser,
  signUpUserWithEntity,
  uniqueEmail,
} from './support/api';

const CREATE_INVITE = `mutation Invite($entityId: ID!, $email: String!) {
  createInvite(entityId: $entityId, firstName: "Eve", lastName: "Else", email: $email, role: "admin") { id }
}`;

test('an owner invites a bookkeeper, who signs up through the emailed link and can neither send money nor manage invites', async ({
  page,
  browser,
  request,
}) => {
  const company = `Invite Co ${Date.now()}`;
  const owner = await signUpUserWithEntity(request, company, { name: 'Olive Owner' });
  const entityId = await entityIdByName(request, owner.token, company);
  const team = await openTeam(page, owner.token, entityId);

  // The owner invites a bookkeeper through the modal.
  const email = uniqueEmail('bea');
  const dialog = await team.invite({ firstName: 'Bea', lastName: 'Keeper', email, role: 'Bookkeeper' });
  await expect(dialog).toBeHidden();
  await expect(team.inviteRow(email)).toContainText('Bookkeeper');

  // The invitee opens the emailed link in a browser of their own and creates an account.
  const inviteToken = await readInviteToken(request, email);
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(`/signup?invite_token=${encodeURIComponent(inviteToken)}`);
  await expect(
    inviteePage.getByText('You were invited to join a team. Create your account to accept.'),
  ).toBeVisible();
  await inviteePage.getByLabel('First name').fill('Bea');
  await inviteePage.getByLabel('Last name').fill('Keeper');
  await inviteePage.getByLabel('Work email').fill(email);
  await inviteePage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await inviteePage.getByRole('checkbox').check();
  await inviteePage.getByRole('button', { name: 'Create account' }).click();
  await expect(inviteePage).toHaveURL(/\/accounts\/linked$/);

  // They are in the company as a bookkeeper: the team page tells them what the role cannot do.
  await inviteePage.goto('/settings/team');
  await new AppShell(inviteePage).waitForPage('Team');
  await expect(inviteePage.getByTestId('team-read-only')).toContainText(
    'You are a bookkeeper: you cannot send money',
  );
  await expect(inviteePage.getByTestId('team-read-only')).toContainText('manage invites and permissions');
  await expect(inviteePage.getByRole('button', { name: 'Invite team member' })).toBeDisabled();
  await expect(inviteePage.getByTestId('member-row').filter({ hasText: 'Olive Owner' })).toContainText(
    'Owner',
  );

  // The server refuses them too, whatever the page shows.
  const inviteeToken = await signInByApi(request, email, PASSWORD);
  const refused = await request.post('/graphql', {
    headers: { authorization: `Bearer ${inviteeToken}` },
    data: { query: CREATE_INVITE, variables: { entityId, email: uniqueEmail('eve') } },
  });
  const body = (await refused.json()) as { errors?: { extensions?: { code?: string } }[] };
  expect(body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

  // The owner sees them joined and the invitation gone; opening their page shows 'Send money' not allowed.
  await page.reload();
  await expect(team.inviteRow(email)).toHaveCount(0);
  await team.memberRow(email).getByRole('link').click();
  await expect(page.getByRole('radio', { name: 'Bookkeeper' })).toBeChecked();
  for (const capability of ['sendMoney', 'manageTeam']) {
    await expect(page.locator(`[data-testid="permission"][data-capability="${capability}"]`)).toHaveAttribute(
      'data-allowed',
      'false',
    );
  }

  // The owner makes them an admin: now they may manage invites.
  await page.getByRole('radio', { name: 'Admin' }).check();
  await expect(page.locator('[data-testid="permission"][data-capability="sendMoney"]')).toHaveAttribute(
    'data-allowed',
    'true',
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Member updated successfully')).toBeVisible();
  await inviteePage.reload();
  await expect(inviteePage.getByRole('button', { name: 'Invite team member' })).toBeEnabled();
  await expect(inviteePage.getByTestId('team-read-only')).toHaveCount(0);
  await invitee.close();
});

test('a person who already has an account signs in from the invitation and accepts it', async ({
  page,
  request,
}) => {
  const company = `Invite Existing ${Date.now()}`;
  const owner = await signUpUserWithEntity(request, company, { name: 'Otto Owner' });
  const entityId = await entityIdByName(request, owner.token, company);
  const existing = await signUpUser(request, { name: 'Ada Already' });
  const team = await openTeam(page, owner.token, entityId);
  await team.invite({ firstName: 'Ada', lastName: 'Already', email: existing.email, role: 'Admin' });
  await expect(team.inviteRow(existing.email)).toBeVisible();
  const inviteToken = await readInviteToken(request, existing.email);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  await page.goto(`/signup?invite_token=${encodeURIComponent(inviteToken)}`);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/login\?invite_token=/);
  await new LoginPage(page).signIn(existing.email, PASSWORD);

  await expect(page.getByRole('heading', { name: 'Join your team' })).toBeVisible();
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page).toHaveURL(/\/financial$/);
  await expect(page.getByRole('button', { name: 'Switch entity' })).toContainText(company);

  // The link works once.
  await page.goto(`/signup?invite_token=${encodeURIComponent(inviteToken)}`);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(page.getByTestId('invitation-error')).toContainText('This invitation link no longer works');
});
