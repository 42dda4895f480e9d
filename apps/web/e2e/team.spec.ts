import { expect, type Page, test } from '@playwright/test';
import { openTeam } from './pages/TeamScreen';
import {
  createEntity,
  entityIdByName,
  inviteByApi,
  readInviteToken,
  readOutbox,
  signInByApi,
  signUpInvitedUser,
  signUpUser,
  uniqueEmail,
} from './support/api';
import { DEMO_BOOKKEEPER_EMAIL, DEMO_COMPANY, DEMO_OWNER_EMAIL, DEMO_PASSWORD } from './support/demo';

/** The demo company's pending invitation, sent by its admin (apps/server/src/demo/seedDemoTeam.ts). */
const DEMO_INVITE = { name: 'Jordan Lee', email: 'jordan@acme-robotics.test', sender: 'Alex Admin' };

let nameCounter = 0;
/** A last name no other run uses, so rows found by name are this test's own. */
function uniqueLastName(prefix: string): string {
  nameCounter += 1;
  return `${prefix}${Date.now().toString(36)}${process.pid}${nameCounter}`;
}

/** The toast that says so, gone again after the spec's 3 s. */
async function expectToast(page: Page, text: string) {
  const toast = page.getByText(text, { exact: true });
  await expect(toast).toBeVisible();
  await expect(toast).toBeHidden({ timeout: 6_000 });
}

test.describe('Team, as the demo owner', () => {
  let ownerToken: string;
  let demoEntityId: string;

  test.beforeEach(async ({ request }) => {
    ownerToken = await signInByApi(request, DEMO_OWNER_EMAIL, DEMO_PASSWORD);
    demoEntityId = await entityIdByName(request, ownerToken, DEMO_COMPANY);
  });

  test('counts the invitations and the members, and shows the pending invitation', async ({ page }) => {
    const team = await openTeam(page, ownerToken, demoEntityId);
    await expect(page.getByRole('heading', { name: 'Pending Approvals and Invites' })).toBeVisible();
    await expect(team.invitesCount).toHaveText(String(await team.inviteRows.count()));

    // The demo's invitation: sent by an admin, so it waits for the owner's Approve or Decline.
    const jordan = team.inviteRow(DEMO_INVITE.email);
    await expect(jordan).toContainText(DEMO_INVITE.name);
    await expect(jordan).toContainText('Bookkeeper');
    await expect(jordan).toContainText('Pending');
    await expect(jordan).toContainText('Needs approval');
    await expect(jordan).toContainText(DEMO_INVITE.sender);
    await expect(jordan).toContainText(/Sent \w{3} \d{1,2}, \d{4}/);
    await expect(jordan).toContainText(/Expires \w{3} \d{1,2}, \d{4}/);
    await expect(jordan.getByRole('button', { name: `Approve ${DEMO_INVITE.name}` })).toBeEnabled();
    await expect(jordan.getByRole('button', { name: `Decline ${DEMO_INVITE.name}` })).toBeEnabled();

    // Each filter's count is the rows it shows.
    const all = await team.filterCount('All');
    await expect(team.memberRows).toHaveCount(all);
    await expect(team.membersCount).toHaveText(String(all));
    for (const role of ['Admin', 'Bookkeeper'] as const) {
      const count = await team.filterCount(role);
      await team.filter(role).click();
      await expect(team.memberRows).toHaveCount(count);
      await expect(team.memberRows.filter({ hasNotText: role })).toHaveCount(0);
      expect(count).toBeGreaterThan(0);
    }
    await team.filter('All').click();
    await expect(team.memberRows).toHaveCount(all);

    // Members open their page; the owner's row does not.
    const owner = team.memberRow(DEMO_OWNER_EMAIL);
    await expect(owner).toContainText('Owner');
    await expect(owner.getByRole('link')).toHaveCount(0);
    await owner.click();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await team.memberRow(DEMO_BOOKKEEPER_EMAIL).click();
    await expect(page).toHaveURL(/\/settings\/team\/member\?id=[\w-]+$/);
    await expect(page.getByRole('heading', { name: 'Blake Books', level: 2 })).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Bookkeeper' })).toBeChecked();
  });

  test('invites a person by email, whose link carries the invite_token, then removes the invitation', async ({
    page,
    request,
  }) => {
    const team = await openTeam(page, ownerToken, demoEntityId);
    const email = uniqueEmail('invitee');
    const lastName = uniqueLastName('Invitee');
    const before = await team.inviteRows.count();

    const dialog = await team.invite({ firstName: 'Quinn', lastName, email, role: 'Bookkeeper' });
    await expect(page.getByText(`Invitation sent to ${email}`)).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = team.inviteRow(email);
    await expect(row).toContainText(`Quinn ${lastName}`);
    await expect(row).toContainText('Pending');
    await expect(row).toContainText('Dana Demo');
    // Sent by the owner: no approval needed, so the row offers Remove.
    await expect(row).not.toContainText('Needs approval');
    await expect(team.invitesCount).toHaveText(String(before + 1));

    const [message] = await readOutbox(request, email);
    expect(message?.subject).toContain(`invited you to ${DEMO_COMPANY}`);
    const link = /(https?:\/\/\S+\/signup\?invite_token=\S+)/.exec(message?.body ?? '')?.[1] ?? '';
    expect(new URL(link).searchParams.get('invite_token')).toMatch(/^\S{20,}$/);

    await row.getByRole('button', { name: `Remove invitation for Quinn ${lastName}` }).click();
    await expect(page.getByText(`Invitation for Quinn ${lastName} removed`)).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(team.invitesCount).toHaveText(String(before));
  });

  test("shows 'Invitation Error' with the server's message when an invitation is refused", async ({
    page,
  }) => {
    const team = await openTeam(page, ownerToken, demoEntityId);
    const before = await team.inviteRows.count();

    // Someone already on the team.
    let dialog = await team.invite({
      firstName: 'Blake',
      lastName: 'Books',
      email: DEMO_BOOKKEEPER_EMAIL,
      role: 'Admin',
    });
    let error = page.getByRole('dialog', { name: 'Invitation Error' });
    await expect(error).toContainText('This person is already a member of the team');
    await error.getByRole('button', { name: 'Okay' }).click();
    await expect(error).toBeHidden();
    await expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue(DEMO_BOOKKEEPER_EMAIL);

    // Someone invited already.
    await dialog.getByRole('textbox', { name: 'Email' }).fill(DEMO_INVITE.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    error = page.getByRole('dialog', { name: 'Invitation Error' });
    await expect(error).toContainText('An invitation has already been sent to this email');
    await error.getByRole('button', { name: 'Okay' }).click();

    // The form's own checks come first: nothing is sent.
    await dialog.getByRole('textbox', { name: 'Email' }).fill('not an email');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('Invalid email')).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(team.inviteRows).toHaveCount(before);

    // A blank form: every field says what it needs; the role shows 'Select a role...'.
    dialog = page.getByRole('dialog', { name: 'Invite team member' });
    await team.inviteButton.click();
    await expect(dialog.getByRole('combobox', { name: 'Role' })).toHaveAttribute(
      'placeholder',
      'Select a role...',
    );
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText('First name is required')).toBeVisible();
    await expect(dialog.getByText('Last name is required')).toBeVisible();
    await expect(dialog.getByText('Email is required')).toBeVisible();
  });

  test("changes a member's role on their page, keeps it after a reload, and removes them", async ({
    page,
    request,
  }) => {
    // A member of our own: invited by the owner as admin, signed up with the emailed link.
    const email = uniqueEmail('member');
    const lastName = uniqueLastName('Member');
    const name = `Morgan ${lastName}`;
    await inviteByApi(request, ownerToken, demoEntityId, {
      firstName: 'Morgan',
      lastName,
      email,
      role: 'admin',
    });
    const joined = await signUpInvitedUser(request, { email, name }, await readInviteToken(request, email));
    expect(joined.invitation).toBe('joined');

    const team = await openTeam(page, ownerToken, demoEntityId);
    await expect(team.memberRow(email)).toContainText('Admin');
    await team.memberRow(email).getByRole('link', { name }).click();
    await expect(page.getByRole('heading', { name, level: 2 })).toBeVisible();
    const memberUrl = page.url();
    const admin = page.getByRole('radio', { name: 'Admin' });
    const bookkeeper = page.getByRole('radio', { name: 'Bookkeeper' });
    const save = page.getByRole('button', { name: 'Save changes' });
    const permission = (capability: string) =>
      page.locator(`[data-testid="permission"][data-capability="${capability}"]`);
    await expect(admin).toBeChecked();
    await expect(permission('sendMoney')).toHaveAttribute('data-allowed', 'true');
    await expect(save).toBeDisabled();

    // The summary follows the radio before anything is saved; Discard changes leaves it as it was.
    await bookkeeper.check();
    await expect(permission('sendMoney')).toHaveAttribute('data-allowed', 'false');
    await expect(permission('manageTeam')).toHaveAttribute('data-allowed', 'false');
    await expect(permission('bookkeeping')).toHaveAttribute('data-allowed', 'true');
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await expect(team.memberRow(email)).toContainText('Admin');

    await page.goto(memberUrl);
    await bookkeeper.check();
    await save.click();
    await expectToast(page, 'Member updated successfully');
    await page.reload();
    await expect(bookkeeper).toBeChecked();
    await expect(page.getByTestId('member-role')).toHaveText('Bookkeeper');
    await expect(permission('sendMoney')).toHaveAttribute('data-allowed', 'false');

    await admin.check();
    await save.click();
    await expect(page.getByText('Member updated successfully')).toBeVisible();
    await page.reload();
    await expect(admin).toBeChecked();

    // Removing asks first, then the person is off the team.
    await page.getByRole('button', { name: 'Remove from team' }).click();
    const confirm = page.getByRole('dialog', { name: `Remove ${name}?` });
    await expect(confirm).toContainText(`${name} loses access to ${DEMO_COMPANY} at once`);
    await confirm.getByRole('button', { name: 'Remove from team' }).click();
    await expect(page.getByText(`${name} was removed from the team`)).toBeVisible();
    await expect(page).toHaveURL(/\/settings\/team$/);
    await expect(team.memberRow(email)).toHaveCount(0);
    await page.goto(memberUrl);
    await expect(page.getByRole('heading', { name: 'Member not found', level: 2 })).toBeVisible();
  });
});

test('an invitation sent by an admin waits for the owner, who approves or declines it', async ({
  page,
  request,
}) => {
  // A company of our own: its owner, and an admin who joined with the owner's invitation.
  const owner = await signUpUser(request, { name: 'Olive Owner' });
  const entityId = await createEntity(request, owner.token, `Approval Co ${uniqueLastName('')}`);
  const adminEmail = uniqueEmail('admin');
  await inviteByApi(request, owner.token, entityId, {
    firstName: 'Ada',
    lastName: 'Admin',
    email: adminEmail,
    role: 'admin',
  });
  const admin = await signUpInvitedUser(
    request,
    { email: adminEmail, name: 'Ada Admin' },
    await readInviteToken(request, adminEmail),
  );
  expect(admin.invitation).toBe('joined');

  // The admin invites two people: one signs up (and waits for approval), the other not yet.
  const signedUpEmail = uniqueEmail('awaiting');
  const pendingEmail = uniqueEmail('pending');
  await inviteByApi(request, admin.token, entityId, {
    firstName: 'Sid',
    lastName: 'Signedup',
    email: signedUpEmail,
    role: 'bookkeeper',
  });
  await inviteByApi(request, admin.token, entityId, {
    firstName: 'Pia',
    lastName: 'Pending',
    email: pendingEmail,
    role: 'admin',
  });
  const waiting = await signUpInvitedUser(
    request,
    { email: signedUpEmail, name: 'Sid Signedup' },
    await readInviteToken(request, signedUpEmail),
  );
  expect(waiting.invitation).toBe('awaiting_approval');

  // The admin cannot approve their own invitations: someone else must.
  let team = await openTeam(page, admin.token, entityId);
  const approveOwn = team.inviteRow(pendingEmail).getByRole('button', { name: 'Approve Pia Pending' });
  await expect(approveOwn).toBeDisabled();
  await approveOwn.hover();
  await expect(page.getByRole('tooltip')).toContainText('someone other than the person who sent it');

  team = await openTeam(page, owner.token, entityId);
  await expect(team.invitesCount).toHaveText('2');
  await expect(team.membersCount).toHaveText('2');
  const signedUp = team.inviteRow(signedUpEmail);
  await expect(signedUp).toContainText('Awaiting approval');
  await expect(signedUp).toContainText('Ada Admin');
  await expect(signedUp).toContainText(/Signed up \w{3} \d{1,2}, \d{4}/);

  await signedUp.getByRole('button', { name: 'Approve Sid Signedup' }).click();
  await expect(page.getByText('Sid Signedup approved and added to the team')).toBeVisible();
  await expect(signedUp).toHaveCount(0);
  await expect(team.memberRow(signedUpEmail)).toContainText('Bookkeeper');
  await expect(team.membersCount).toHaveText('3');

  const pending = team.inviteRow(pendingEmail);
  await expect(pending).toContainText('Needs approval');
  await pending.getByRole('button', { name: 'Decline Pia Pending' }).click();
  await expect(page.getByText('Invitation for Pia Pending declined')).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(team.invitesCount).toHaveText('0');
  await expect(page.getByTestId('invites-empty')).toBeVisible();

  // Kept on the server: a reload shows the same.
  await page.reload();
  await expect(team.memberRow(signedUpEmail)).toContainText('Bookkeeper');
  await expect(team.inviteRows).toHaveCount(0);
});

test('a bookkeeper sees the team read-only, told what the role cannot do', async ({ page, request }) => {
  const token = await signInByApi(request, DEMO_BOOKKEEPER_EMAIL, DEMO_PASSWORD);
  const entityId = await entityIdByName(request, token, DEMO_COMPANY);
  const team = await openTeam(page, token, entityId);

  await expect(page.getByTestId('team-read-only')).toHaveText(
    'You are a bookkeeper: you cannot send money, use the company cards, manage invites and permissions or manage the company.',
  );
  await expect(team.inviteButton).toBeDisabled();
  await team.inviteButton.hover();
  await expect(page.getByRole('tooltip')).toHaveText(
    'Only owners and admins can manage invites and permissions.',
  );
  await team.inviteButton.click({ force: true });
  await expect(page.getByRole('dialog', { name: 'Invite team member' })).toHaveCount(0);

  const jordan = team.inviteRow(DEMO_INVITE.email);
  await expect(jordan.getByRole('button', { name: `Approve ${DEMO_INVITE.name}` })).toBeDisabled();
  await expect(jordan.getByRole('button', { name: `Decline ${DEMO_INVITE.name}` })).toBeDisabled();
  // Every invitation's buttons say why they cannot be used.
  const buttons = team.inviteRows.getByRole('button');
  await expect(buttons.and(page.locator('[aria-disabled="true"]'))).toHaveCount(await buttons.count());

  // A member's page shows their permissions, with nothing to change.
  await team.memberRow('casey@acme-robotics.test').getByRole('link').click();
  await expect(page.getByRole('heading', { name: 'Casey Ledger', level: 2 })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Admin' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Remove from team' })).toBeDisabled();
  await expect(page.locator('[data-testid="permission"][data-capability="sendMoney"]')).toHaveAttribute(
    'data-allowed',
    'false',
  );
});
