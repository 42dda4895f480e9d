import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SecurityPage } from './SecurityPage';
import { meWith, PASSWORD, renderSecurity, setupWith, twoFactorMock } from './security.testkit';
import { DELETE_USER_FACTOR_MUTATION, SECURITY_QUERY } from './securityQueries';

afterEach(() => vi.restoreAllMocks());

describe('SecurityPage', () => {
  it('shows the password form, the reset email button and the locked two-factor section', async () => {
    renderSecurity(<SecurityPage />, [
      { request: { query: SECURITY_QUERY }, result: { data: { me: meWith() } } },
    ]);
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Security', level: 2 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send password reset email' })).toBeInTheDocument();
    expect(
      screen.getByText('Re-enter your password to manage two-factor authentication.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Off')).toBeInTheDocument();
  });

  it("shows 'Error' and logs when the query fails", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderSecurity(<SecurityPage />, [
      { request: { query: SECURITY_QUERY }, error: new Error('Network down') },
    ]);
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith('The security settings could not be loaded', expect.anything());
  });

  it('removes the enabled method after a confirmation, and the page shows two-factor off', async () => {
    const smsOn = meWith({ otpModuleEnabled: true, otpMethod: 'sms', otpPhoneNumber: '+*******0134' });
    renderSecurity(<SecurityPage />, [
      { request: { query: SECURITY_QUERY }, result: { data: { me: smsOn } } },
      twoFactorMock({ setup: setupWith({ otpModuleEnabled: true, otpMethod: 'sms', otpSecret: null }) }),
      {
        request: { query: DELETE_USER_FACTOR_MUTATION },
        result: {
          data: { deleteUserFactor: { __typename: 'DeleteUserFactorPayload', errors: [], me: meWith() } },
        },
      },
    ]);
    expect(await screen.findByText('On')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), {
      target: { value: PASSWORD },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const sms = await screen.findByRole('region', { name: 'Text message (SMS)' });

    fireEvent.click(within(sms).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove two-factor authentication?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));

    expect(await screen.findByText('Two-factor authentication is off')).toBeInTheDocument();
    expect(await screen.findByText('Off')).toBeInTheDocument();
    expect(within(sms).queryByText('Enabled')).not.toBeInTheDocument();
    expect(within(sms).getByRole('button', { name: 'Add' })).not.toHaveAttribute('aria-disabled');
  });
});
