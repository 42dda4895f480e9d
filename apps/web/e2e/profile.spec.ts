import { expect, type Page, test } from '@playwright/test';
import { AppShell } from './pages/AppShell';
import { signInWithToken, signUpUserWithEntity, uniqueEmail } from './support/api';

/** The profile form's fields, by label. */
function profileForm(page: Page) {
  const form = page.getByTestId('profile-page');
  return {
    name: form.getByRole('textbox', { name: 'Full name' }),
    email: form.getByRole('textbox', { name: 'Email' }),
    phone: form.getByRole('textbox', { name: 'Phone number' }),
    street1: form.getByRole('textbox', { name: 'Street line 1' }),
    street2: form.getByRole('textbox', { name: 'Street line 2' }),
    city: form.getByRole('textbox', { name: 'City' }),
    state: form.getByRole('combobox', { name: 'State' }),
    zip: form.getByRole('textbox', { name: 'Zip code' }),
    country: form.getByRole('textbox', { name: 'Country' }),
    edit: form.getByRole('button', { name: 'Edit' }),
    cancel: form.getByRole('button', { name: 'Cancel' }),
    submit: form.getByRole('button', { name: 'Submit' }),
  };
}

test.describe('My profile', () => {
  test('edits the personal information in place: validation, submit, kept after reload, Cancel resets', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('profile');
    const user = await signUpUserWithEntity(request, 'Profile Test Co', { email, name: 'Pat Profile' });
    await signInWithToken(page, user.token);
    await page.goto('/settings');
    const shell = new AppShell(page);
    await shell.waitForPage('My profile');
    const form = profileForm(page);

    // Read-only until Edit; the email and the country never change here.
    await expect(form.name).toHaveValue('Pat Profile');
    await expect(form.email).toHaveValue(email);
    await expect(form.country).toHaveValue('United States');
    await expect(form.street1).toHaveValue('');
    await expect(form.name).not.toBeEditable();
    await expect(form.submit).toHaveCount(0);

    await form.edit.click();
    await expect(form.name).toBeEditable();
    await expect(form.name).toBeFocused();
    await expect(form.email).not.toBeEditable();

    // The spec's messages (§5), and nothing sent.
    await form.name.fill('');
    await form.phone.fill('555-1234');
    await form.zip.fill('9410');
    await form.submit.click();
    const page$ = page.getByTestId('profile-page');
    await expect(page$.getByText('Required')).toHaveCount(4); // name, street 1, city, state
    await expect(page$.getByText('Invalid phone number')).toBeVisible();
    await expect(page$.getByText('Invalid Zip code')).toBeVisible();
    // Bounded inputs: the zip takes 5 characters at most.
    await form.zip.fill('941051234');
    await expect(form.zip).toHaveValue('94105');

    await form.name.fill('Pat Q. Profile');
    await form.phone.fill('(415) 555-0134');
    await form.street1.fill('500 Howard St');
    await form.street2.fill('Suite 300');
    await form.city.fill('San Francisco');
    await form.state.click();
    await form.state.fill('Calif');
    await page.getByRole('option', { name: 'CA · California' }).click();
    await expect(page$.getByText('Required')).toHaveCount(0);
    await form.submit.click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(form.name).not.toBeEditable();
    await expect(form.edit).toBeVisible();
    // The user menu follows the new name.
    await expect(shell.sidebar).toContainText('Pat Q. Profile');

    await page.reload();
    await shell.waitForPage('My profile');
    await expect(form.name).toHaveValue('Pat Q. Profile');
    await expect(form.phone).toHaveValue('(415) 555-0134');
    await expect(form.street1).toHaveValue('500 Howard St');
    await expect(form.street2).toHaveValue('Suite 300');
    await expect(form.city).toHaveValue('San Francisco');
    await expect(form.state).toHaveValue('CA · California');
    await expect(form.zip).toHaveValue('94105');

    // Cancel puts the saved values back.
    await form.edit.click();
    await form.name.fill('Someone Else');
    await form.zip.fill('1');
    await form.street2.fill('');
    await form.cancel.click();
    await expect(form.name).toHaveValue('Pat Q. Profile');
    await expect(form.zip).toHaveValue('94105');
    await expect(form.street2).toHaveValue('Suite 300');
    await expect(form.name).not.toBeEditable();

    // A blank second line and phone are saved as none. The first save's toast goes first (3 s), so the
    // one awaited is this save's: a reload before it would lose the save.
    await expect(page.getByText('Profile updated successfully')).toHaveCount(0, { timeout: 6_000 });
    await form.edit.click();
    await form.street2.fill('');
    await form.phone.fill('');
    await form.submit.click();
    await expect(page.getByText('Profile updated successfully')).toBeVisible();
    await expect(form.name).not.toBeEditable();
    await page.reload();
    await shell.waitForPage('My profile');
    await expect(form.street1).toHaveValue('500 Howard St');
    await expect(form.street2).toHaveValue('');
    await expect(form.phone).toHaveValue('');
  });
});
