import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/restClient';
import { formatPasswordUpdateErrors, formatSignupErrors } from './authErrors';
import { describeSignInFailure } from './LoginPage';
import { readSignInReply } from './signIn';

describe('formatSignupErrors', () => {
  it("joins 'field message' pairs with commas", () => {
    const body = {
      messages: { email: ['has already been taken'], password: ['is too short', 'is too common'] },
    };
    expect(formatSignupErrors(body)).toBe(
      'email has already been taken, password is too short, password is too common',
    );
  });

  it('returns null when the reply has no messages', () => {
    expect(formatSignupErrors({ detail: 'nope' })).toBeNull();
    expect(formatSignupErrors(null)).toBeNull();
  });
});

describe('formatPasswordUpdateErrors', () => {
  it('joins the error lines', () => {
    expect(formatPasswordUpdateErrors({ errors: ['Token is invalid', 'Password is too short'] })).toBe(
      'Token is invalid, Password is too short',
    );
  });
});

describe('describeSignInFailure', () => {
  it("reads a 401 as 'Invalid login' and shows a 429's detail", () => {
    expect(describeSignInFailure(new ApiError(401, { detail: 'whatever' }))).toBe('Invalid login');
    expect(
      describeSignInFailure(new ApiError(429, { detail: 'Too many attempts. Try again in 60 seconds.' })),
    ).toBe('Too many attempts. Try again in 60 seconds.');
    expect(describeSignInFailure(new TypeError('Failed to fetch'))).toBe(
      'Something went wrong. Please try again.',
    );
  });
});

describe('readSignInReply', () => {
  const base = {
    user: { email: 'a@b.test', phone_number: '+1 (555) 010-4321' },
    csrf_token: 'c',
    messages: [],
  };

  it('signs in when the reply carries a token', () => {
    const outcome = readSignInReply(
      { ...base, auth: { access_token: 't' }, otp_module_enabled: false, otp_method: null },
      { kind: 'password', password: 'p' },
    );
    expect(outcome).toEqual({ kind: 'signedIn', accessToken: 't' });
  });

  it('asks for the code when two-factor is on', () => {
    const outcome = readSignInReply(
      { ...base, auth: null, otp_module_enabled: true, otp_method: 'sms' },
      { kind: 'password', password: 'p' },
    );
    expect(outcome).toMatchObject({
      kind: 'otp',
      challenge: { method: 'sms', csrfToken: 'c', email: 'a@b.test' },
    });
  });
});
