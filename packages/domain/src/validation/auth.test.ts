import { describe, expect, it } from 'vitest';
import {
  changedPasswordSchema,
  loginFormSchema,
  otpCodeSchema,
  passwordUpdateFormSchema,
  signupFormSchema,
} from './auth';

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]),
  );
}

describe('signup form', () => {
  const valid = {
    firstName: 'Dana',
    lastName: 'Demo',
    email: 'dana@example.com',
    password: 'longenough',
    terms: true,
  };

  it('accepts a complete form', () => {
    expect(signupFormSchema.safeParse(valid).success).toBe(true);
  });

  it("uses the spec's messages for each rule", () => {
    const result = signupFormSchema.safeParse({
      firstName: ' ',
      lastName: '',
      email: 'nope',
      password: 'short',
      terms: false,
    });
    expect(messages(result)).toEqual({
      firstName: 'Name must contain at least 1 letter',
      lastName: 'Name must contain at least 1 letter',
      email: 'Invalid email',
      password: 'Password must be at least 8 characters',
      terms: 'You must agree to the terms',
    });
  });

  it('refuses a password longer than 128 characters', () => {
    const result = signupFormSchema.safeParse({ ...valid, password: 'x'.repeat(129) });
    expect(messages(result)).toEqual({ password: 'Password must be at most 128 characters' });
    expect(signupFormSchema.safeParse({ ...valid, password: 'x'.repeat(128) }).success).toBe(true);
  });
});

describe('login form', () => {
  it('needs a valid email and takes any password string', () => {
    expect(loginFormSchema.safeParse({ email: 'a@b.co', password: '' }).success).toBe(true);
    expect(messages(loginFormSchema.safeParse({ email: 'a@', password: 'x' }))).toEqual({
      email: 'Invalid email',
    });
  });
});

describe('password forms', () => {
  it('says the confirmation does not match, on the confirmation field', () => {
    const result = passwordUpdateFormSchema.safeParse({
      password: 'abcdefgh',
      passwordConfirmation: 'abcdefgx',
    });
    expect(messages(result)).toEqual({ passwordConfirmation: 'Passwords do not match' });
  });

  it("words the security page's upper bound as 'less than'", () => {
    expect(changedPasswordSchema.safeParse('x'.repeat(129)).error?.issues[0]?.message).toBe(
      'Password must be less than 128 characters',
    );
  });
});

describe('one-time code', () => {
  it('takes exactly six digits', () => {
    expect(otpCodeSchema.safeParse('123456').success).toBe(true);
    expect(otpCodeSchema.safeParse('12345').success).toBe(false);
    expect(otpCodeSchema.safeParse('12345a').success).toBe(false);
  });
});
