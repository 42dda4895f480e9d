import type { MockLink } from '@apollo/client/testing';
import { TWO_FACTOR_MESSAGES } from '@keel/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ServerFeaturesContext } from '../../../shell/serverFeatures';
import { serverFeaturesWithOff } from '../../../test/serverFeaturesKit';
import { meWith, PASSWORD, renderSecurity, SECRET, setupWith, twoFactorMock } from './security.testkit';
import type { SecurityMe } from './securityQueries';
import { UPDATE_USER_FACTOR_MUTATION } from './securityQueries';
import { TwoFactorSection } from './TwoFactorSection';

const PHONE = '+14155550134';

function factorMock(
  variables: { otpAttempt?: string; phoneNumber?: string },
  answer:
    | {
        fieldErrors?: { field: string; message: string }[];
        codeSent?: boolean;
        retryAfterSeconds?: number | null;
        me?: SecurityMe;
      }
    | { forbidden: true },
): MockLink.MockedResponse {
  if ('forbidden' in answer) {
    return {
      request: { query: UPDATE_USER_FACTOR_MUTATION, variables },
      result: {
        errors: [{ message: TWO_FACTOR_MESSAGES.reauthenticate, extensions: { code: 'FORBIDDEN' } }],
      },
    };
  }
  const fieldErrors = (answer.fieldErrors ?? []).map((error) => ({ __typename: 'FieldError', ...error }));
  return {
    request: { query: UPDATE_USER_FACTOR_MUTATION, variables },
    result: {
      data: {
        updateUserFactor: {
          __typename: 'UpdateUserFactorPayload',
          errors: fieldErrors.map((error) => error.message),
          fieldErrors,
          codeSent: answer.codeSent ?? false,
          retryAfterSeconds: answer.retryAfterSeconds ?? null,
          me: { __typename: 'Me', ...(answer.me ?? meWith()) },
        },
      },
    },
  };
}

async function openWithPassword(password = PASSWORD) {
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

const methodRow = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('TwoFactorSection', () => {
  it('asks for the password first and shows the server’s message when it is wrong', async () => {
    renderSecurity(<TwoFactorSection me={meWith()} />, [
      twoFactorMock({ error: 'Invalid password', code: 'BAD_USER_INPUT' }, 'wrong-password'),
      twoFactorMock({ setup: setupWith() }),
    ]);
    expect(screen.queryByRole('region', { name: 'Authenticator app' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();

    await openWithPassword('wrong-password');
    expect(await screen.findByText('Invalid password')).toBeInTheDocument();

    await openWithPassword();
    expect(await screen.findByRole('region', { name: 'Authenticator app' })).toBeInTheDocument();
    expect(within(methodRow('Authenticator app')).getByText('Recommended')).toBeInTheDocument();
    expect(within(methodRow('Text message (SMS)')).queryByText('Recommended')).not.toBeInTheDocument();
  });

  it('disables the other method’s Add with a tooltip while one is on', async () => {
    const user = userEvent.setup();
    const smsOn = meWith({ otpModuleEnabled: true, otpMethod: 'sms', otpPhoneNumber: '+*******0134' });
    renderSecurity(<TwoFactorSection me={smsOn} />, [
      twoFactorMock({ setup: setupWith({ otpModuleEnabled: true, otpMethod: 'sms', otpSecret: null }) }),
    ]);
    await openWithPassword();
    const app = await screen.findByRole('region', { name: 'Authenticator app' });
    const sms = methodRow('Text message (SMS)');
    expect(within(sms).getByText('Enabled')).toBeInTheDocument();
    expect(within(sms).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(within(sms).getByText(/phone ending in 0134/)).toBeInTheDocument();
    expect(within(app).getByText('Recommended')).toBeInTheDocument();

    const add = within(app).getByRole('button', { name: 'Add' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    await user.hover(add);
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.onlyOneMethod)).toBeInTheDocument();
    await user.click(add);
    expect(screen.queryByText('Verification code')).not.toBeInTheDocument();
  });

  it('shows the QR code and the secret, and copies the secret', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderSecurity(<TwoFactorSection me={meWith()} />, [twoFactorMock({ setup: setupWith() })]);
    await openWithPassword();
    const app = await screen.findByRole('region', { name: 'Authenticator app' });
    fireEvent.click(within(app).getByRole('button', { name: 'Add' }));

    expect(within(app).getByRole('img', { name: 'QR code for your authenticator app' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png/),
    );
    expect(within(app).getByTestId('otp-secret').textContent?.replace(/\s/g, '')).toBe(SECRET);
    fireEvent.click(within(app).getByRole('button', { name: 'Copy key' }));
    expect(await within(app).findByText('Copied to clipboard')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledWith(SECRET);
  });

  it('shows the server’s refusal under the code field, then enables the app', async () => {
    const appOn = meWith({ otpModuleEnabled: true, otpMethod: 'app' });
    renderSecurity(<TwoFactorSection me={meWith()} />, [
      twoFactorMock({ setup: setupWith() }),
      factorMock(
        { otpAttempt: '000000' },
        { fieldErrors: [{ field: 'otpAttempt', message: TWO_FACTOR_MESSAGES.failedToVerify }] },
      ),
      factorMock({ otpAttempt: '123456' }, { me: appOn }),
    ]);
    await openWithPassword();
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Authenticator app' })).getByText('Add'),
    );

    const code = screen.getByLabelText('Verification code');
    fireEvent.change(code, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Code must be 6 digits')).toBeInTheDocument();

    fireEvent.change(code, { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    const refusal = await screen.findByText(TWO_FACTOR_MESSAGES.failedToVerify);
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code.getAttribute('aria-describedby')).toContain(refusal.id);

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();
    expect(screen.queryByLabelText('Verification code')).not.toBeInTheDocument();
  });

  it('texts a code and counts the 30 s resend cooldown down', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSecurity(<TwoFactorSection me={meWith()} />, [
      twoFactorMock({ setup: setupWith() }),
      factorMock({ phoneNumber: PHONE }, { codeSent: true, retryAfterSeconds: 30 }),
      factorMock({ phoneNumber: PHONE }, { codeSent: true, retryAfterSeconds: 30 }),
    ]);
    await openWithPassword();
    const sms = await screen.findByRole('region', { name: 'Text message (SMS)' });
    fireEvent.click(within(sms).getByRole('button', { name: 'Add' }));

    fireEvent.change(within(sms).getByLabelText('Mobile phone number'), { target: { value: '415 555' } });
    fireEvent.click(within(sms).getByRole('button', { name: 'Send code' }));
    expect(await within(sms).findByText('Invalid phone number')).toBeInTheDocument();

    fireEvent.change(within(sms).getByLabelText('Mobile phone number'), {
      target: { value: '(415) 555-0134' },
    });
    fireEvent.click(within(sms).getByRole('button', { name: 'Send code' }));
    const resend = await within(sms).findByRole('button', { name: /^Resend code in 3\ds$/ });
    expect(resend).toBeDisabled();
    expect(within(sms).getByLabelText('Verification code')).toBeInTheDocument();
    expect(within(sms).getByText(/phone ending in 0134/)).toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(within(sms).getByRole('button', { name: /^Resend code in 2\ds$/ })).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(21_000));
    const ready = within(sms).getByRole('button', { name: 'Resend code' });
    expect(ready).toBeEnabled();

    fireEvent.click(ready);
    expect(await within(sms).findByRole('button', { name: /^Resend code in 3\ds$/ })).toBeDisabled();
  });

  it('goes back to the password prompt with a message when the 15 minutes are over', async () => {
    renderSecurity(<TwoFactorSection me={meWith()} />, [
      twoFactorMock({ setup: setupWith() }),
      factorMock({ phoneNumber: PHONE }, { forbidden: true }),
    ]);
    await openWithPassword();
    const sms = await screen.findByRole('region', { name: 'Text message (SMS)' });
    fireEvent.click(within(sms).getByRole('button', { name: 'Add' }));
    fireEvent.change(within(sms).getByLabelText('Mobile phone number'), { target: { value: PHONE } });
    fireEvent.click(within(sms).getByRole('button', { name: 'Send code' }));

    expect(await screen.findByText(TWO_FACTOR_MESSAGES.reauthenticate)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Text message (SMS)' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });

  it('locks again by itself once the 15 minutes are over', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderSecurity(<TwoFactorSection me={meWith()} />, [twoFactorMock({ setup: setupWith() })]);
    await openWithPassword();
    await screen.findByRole('region', { name: 'Authenticator app' });

    await act(() => vi.advanceTimersByTimeAsync(14 * 60_000));
    expect(screen.getByRole('region', { name: 'Authenticator app' })).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByText(TWO_FACTOR_MESSAGES.reauthenticate)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Authenticator app' })).not.toBeInTheDocument();
  });

  it('asks the password again for a new app key once turning a method on retired the pending one', async () => {
    renderSecurity(<TwoFactorSection me={meWith()} />, [
      twoFactorMock({ setup: setupWith() }),
      factorMock({ phoneNumber: PHONE }, { codeSent: true, retryAfterSeconds: 30 }),
      factorMock(
        { phoneNumber: PHONE, otpAttempt: '654321' },
        { me: meWith({ otpModuleEnabled: true, otpMethod: 'sms', otpPhoneNumber: '+*******0134' }) },
      ),
      twoFactorMock({ setup: setupWith({ otpSecret: 'NEWSECRETNEWSECRET234567' }) }),
    ]);
    await openWithPassword();
    const sms = await screen.findByRole('region', { name: 'Text message (SMS)' });
    fireEvent.click(within(sms).getByRole('button', { name: 'Add' }));
    fireEvent.change(within(sms).getByLabelText('Mobile phone number'), { target: { value: PHONE } });
    fireEvent.click(within(sms).getByRole('button', { name: 'Send code' }));
    fireEvent.change(await within(sms).findByLabelText('Verification code'), { target: { value: '654321' } });
    fireEvent.click(within(sms).getByRole('button', { name: 'Verify and enable' }));
    expect(await screen.findByText('Two-factor authentication is on')).toBeInTheDocument();

    // (The `me` prop stays off here: the page would show SMS on, and Remove would retire the key too.)
    const app = methodRow('Authenticator app');
    fireEvent.click(within(app).getByRole('button', { name: 'Add' }));
    expect(
      within(app).getByText('Re-enter your password to get a new key for your authenticator app.'),
    ).toBeVisible();
    expect(within(app).queryByTestId('otp-secret')).not.toBeInTheDocument();
    fireEvent.change(within(app).getByLabelText('Password', { selector: 'input' }), {
      target: { value: PASSWORD },
    });
    fireEvent.click(within(app).getByRole('button', { name: 'Continue' }));
    expect((await within(app).findByTestId('otp-secret')).textContent?.replace(/\s/g, '')).toBe(
      'NEWSECRETNEWSECRET234567',
    );
  });
});

describe('TwoFactorSection on a server without text messages', () => {
  const withoutSms = (ui: ReactElement) => (
    <ServerFeaturesContext.Provider value={serverFeaturesWithOff('sms')}>{ui}</ServerFeaturesContext.Provider>
  );

  it("says so in place of the text message method's Add, and still offers the authenticator app", async () => {
    renderSecurity(withoutSms(<TwoFactorSection me={meWith()} />), [twoFactorMock({ setup: setupWith() })]);
    await openWithPassword();
    const sms = within(await screen.findByRole('region', { name: 'Text message (SMS)' }));
    expect(sms.getByTestId('feature-unavailable')).toHaveTextContent(
      'Text messages are not set up on this server',
    );
    expect(sms.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(within(methodRow('Authenticator app')).getByRole('button', { name: 'Add' })).toBeInTheDocument();
  });

  it('says so under an enabled text message method, which can still be removed', async () => {
    const me = meWith({ otpModuleEnabled: true, otpMethod: 'sms', otpPhoneNumber: PHONE });
    renderSecurity(withoutSms(<TwoFactorSection me={me} />), [
      twoFactorMock({ setup: setupWith({ otpModuleEnabled: true, otpMethod: 'sms', otpSecret: null }) }),
    ]);
    await openWithPassword();
    const sms = within(await screen.findByRole('region', { name: 'Text message (SMS)' }));
    expect(sms.getByTestId('feature-unavailable')).toHaveTextContent(
      'Text messages are not set up on this server',
    );
    expect(sms.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });
});
