import { EMAIL_VERIFICATION_MESSAGES } from '@keel/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenStore } from '../../lib/authToken';
import { renderWithProviders } from '../../test/renderWithProviders';
import { stubFetch } from '../../test/stubFetch';
import { EmailVerificationPage, WRONG_PASSWORD } from './EmailVerificationPage';
import { SignupPage } from './SignupPage';

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/signup" element={<SignupPage />} />
      <Route path="/email/verify" element={<EmailVerificationPage />} />
      <Route path="/accounts/linked" element={<p>Linked accounts</p>} />
      <Route path="/login" element={<p>Sign in page</p>} />
    </Routes>,
    { route },
  );
}

function fillSignup(email: string) {
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Ada' } });
  fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lovelace' } });
  fireEvent.change(screen.getByLabelText('Work email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-42' } });
  fireEvent.click(screen.getByRole('checkbox'));
}

const CHECK_EMAIL = (email: string) => ({
  status: 202,
  json: { user: { email }, auth: null, next_step: 'confirm_email' },
});
const LINK = '/email/verify?email=ada%40example.test&token=tok-1';

beforeEach(() => accessTokenStore.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  accessTokenStore.clear();
});

describe('/signup without an invitation', () => {
  it('says to check the email, whether the address is new or taken, and signs nobody in', async () => {
    const sent = stubFetch(() => CHECK_EMAIL('ada@example.test'));
    renderAt('/signup');
    fillSignup('ada@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    const panel = screen.getByTestId('check-email');
    expect(panel).toHaveTextContent(
      'We sent a message to ada@example.test. Open the link in it to finish signing up',
    );
    expect(panel).toHaveTextContent(
      'If this address already has an account, the message tells you how to sign in instead.',
    );
    expect(accessTokenStore.read()).toBeNull();
    expect(sent[0]?.body.user).toEqual({
      email: 'ada@example.test',
      password: 'correct-horse-42',
      name: 'Ada Lovelace',
      invite_token: null,
    });
  });

  it('sends the link again on request, saying so in words that fit any address', async () => {
    const sent = stubFetch(({ url }) =>
      url.endsWith('/verification/new')
        ? { json: { message: EMAIL_VERIFICATION_MESSAGES.linkRequested } }
        : CHECK_EMAIL('ada@example.test'),
    );
    renderAt('/signup');
    fillSignup('ada@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByTestId('link-requested')).toHaveTextContent(
      EMAIL_VERIFICATION_MESSAGES.linkRequested,
    );
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeDisabled();
    expect(sent[1]).toMatchObject({
      url: '/api/v1/auth/verification/new',
      body: { email: 'ada@example.test' },
    });
  });

  it('goes back to the form, as typed, to use another email', async () => {
    stubFetch(() => CHECK_EMAIL('ada@example.test'));
    renderAt('/signup');
    fillSignup('ada@example.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Use another email' }));
    expect(screen.getByLabelText('Work email')).toHaveValue('ada@example.test');
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
  });
});

describe('/email/verify', () => {
  it('confirms the address with the password, signs in and opens the linked accounts page', async () => {
    const sent = stubFetch(() => ({
      json: {
        user: { email: 'ada@example.test', phone_number: null },
        auth: { access_token: 'new-token' },
        otp_module_enabled: false,
        otp_method: null,
        csrf_token: null,
        messages: [],
      },
    }));
    renderAt(LINK);
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.test');
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByText('Linked accounts')).toBeInTheDocument();
    expect(accessTokenStore.read()).toBe('new-token');
    expect(sent[0]).toEqual({
      url: '/api/v1/auth/verification/confirm',
      body: { email: 'ada@example.test', token: 'tok-1', password: 'correct-horse-42' },
    });
  });

  it('asks for the password before calling the server', async () => {
    const sent = stubFetch(() => ({ json: {} }));
    renderAt(LINK);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('says when the password is not the one chosen, and stays', async () => {
    stubFetch(() => ({ status: 401, json: { status: 401, detail: 'Invalid login' } }));
    renderAt(LINK);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(WRONG_PASSWORD);
    expect(screen.getByRole('button', { name: 'Confirm email' })).toBeEnabled();
    expect(accessTokenStore.read()).toBeNull();
  });

  it('explains a used or expired link and sends a new one on request', async () => {
    const sent = stubFetch(({ url }) =>
      url.endsWith('/verification/new')
        ? { json: { message: EMAIL_VERIFICATION_MESSAGES.linkRequested } }
        : { status: 422, json: { errors: [EMAIL_VERIFICATION_MESSAGES.linkExpired] } },
    );
    renderAt(LINK);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByTestId('link-problem')).toHaveTextContent(
      EMAIL_VERIFICATION_MESSAGES.linkExpired,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByTestId('link-requested')).toHaveTextContent(
      EMAIL_VERIFICATION_MESSAGES.linkRequested,
    );
    expect(sent[1]).toEqual({ url: '/api/v1/auth/verification/new', body: { email: 'ada@example.test' } });
  });

  it('goes on to the code step when two-factor is on', async () => {
    stubFetch(() => ({
      json: {
        user: { email: 'ada@example.test', phone_number: null },
        auth: null,
        otp_module_enabled: true,
        otp_method: 'app',
        csrf_token: 'csrf-1',
        messages: [],
      },
    }));
    renderAt(LINK);
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm email' }));
    expect(await screen.findByLabelText('Verification code')).toBeInTheDocument();
    await waitFor(() => expect(accessTokenStore.read()).toBeNull());
  });

  it('explains an incomplete link', () => {
    stubFetch(() => ({ json: {} }));
    renderAt('/email/verify?email=ada%40example.test');
    expect(screen.getByText(/This confirmation link is incomplete/)).toBeInTheDocument();
  });
});
