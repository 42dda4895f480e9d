import { z } from 'zod';

/** Form and API rules for signing in and up (spec §5, §9). One definition, used by the forms and the server. */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const OTP_LENGTH = 6;
export const EMAIL_MAX = 254;

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, 'Email is too long')
  .pipe(z.email({ error: 'Invalid email' }));

const passwordBase = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN, 'Password must be at least 8 characters');

/** Signup and the password update page: 'at most' for the upper bound. */
export const newPasswordSchema = passwordBase.max(PASSWORD_MAX, 'Password must be at most 128 characters');

/** The security settings' password change: 'less than' for the upper bound (spec §5 wording). */
export const changedPasswordSchema = passwordBase.max(
  PASSWORD_MAX,
  'Password must be less than 128 characters',
);

export const personNameSchema = z
  .string({ error: 'Name must contain at least 1 letter' })
  .trim()
  .min(1, 'Name must contain at least 1 letter')
  .max(100, 'Name is too long');

export const signupFormSchema = z.object({
  firstName: personNameSchema,
  lastName: personNameSchema,
  email: emailSchema,
  password: newPasswordSchema,
  terms: z.literal(true, { error: 'You must agree to the terms' }),
});
export type SignupForm = z.infer<typeof signupFormSchema>;

/** Login: a valid email and any password string. */
export const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string({ error: 'Password is required' }).max(1024, 'Password is too long'),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

export const otpCodeSchema = z
  .string({ error: 'Code is required' })
  .trim()
  .regex(/^\d{6}$/, 'Code must be 6 digits');

export const passwordResetRequestSchema = z.object({ email: emailSchema });

/** How long an email-confirmation link works. */
export const EMAIL_VERIFICATION_HOURS = 24;

/**
 * The confirmation page's form: the password chosen at sign-up. The link alone proves the mailbox; the
 * password proves the person who opens it is the one who signed up, not a stranger who used the address.
 */
export const emailVerificationFormSchema = z.object({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(1024, 'Password is too long'),
});
export type EmailVerificationForm = z.infer<typeof emailVerificationFormSchema>;

/** What the server says about confirming an address, word for word as the pages show it. */
export const EMAIL_VERIFICATION_MESSAGES = {
  linkInvalid: 'This confirmation link is invalid or was already used',
  linkExpired: 'This confirmation link has expired',
  unverified: 'Confirm your email address to sign in: we have sent a new link to it.',
  linkRequested: 'If that address has an account waiting to be confirmed, a new link is on its way.',
  tooManyRequests: 'Too many requests for a confirmation link from this address. Try again later.',
} as const;

export const passwordUpdateFormSchema = z
  .object({ password: newPasswordSchema, passwordConfirmation: z.string() })
  .refine((form) => form.password === form.passwordConfirmation, {
    message: 'Passwords do not match',
    path: ['passwordConfirmation'],
  });
export type PasswordUpdateForm = z.infer<typeof passwordUpdateFormSchema>;

export const ENTITY_NAME_MAX = 120;

export const entityNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Name is required' : 'Name must be text') })
  .trim()
  .min(1, 'Name is required')
  .max(ENTITY_NAME_MAX, `Name must be at most ${ENTITY_NAME_MAX} characters`);

/** Spec §5 and §8: the password change form's messages, and ours for the server's own checks. */
export const PASSWORD_CHANGE_MESSAGES = {
  currentRequired: 'Current password is required',
  currentIncorrect: 'Current password is incorrect',
  mismatch: 'Passwords do not match',
  sameAsCurrent: 'New password must be different from the current password',
  tooManyAttempts: 'Too many attempts. Try again later.',
} as const;

/**
 * The security settings' password change (spec §5): the current password, a new one of 8 to 128
 * characters and, when the form sends it, a confirmation equal to it (the error on the confirmation).
 */
export const passwordChangeFormSchema = z
  .object({
    currentPassword: z
      .string({ error: PASSWORD_CHANGE_MESSAGES.currentRequired })
      .min(1, PASSWORD_CHANGE_MESSAGES.currentRequired)
      .max(1024, PASSWORD_CHANGE_MESSAGES.currentIncorrect),
    newPassword: changedPasswordSchema,
    passwordConfirmation: z.string().optional(),
  })
  .refine(
    (form) => form.passwordConfirmation === undefined || form.passwordConfirmation === form.newPassword,
    {
      message: PASSWORD_CHANGE_MESSAGES.mismatch,
      path: ['passwordConfirmation'],
    },
  );
export type PasswordChangeForm = z.infer<typeof passwordChangeFormSchema>;

/** How long re-entering the password keeps the two-factor settings open (spec §2 'gated by re-entering the password'). */
export const REAUTHENTICATION_MINUTES = 15;

/** Spec §4, §8: the two-factor section's messages, and ours for the server's own checks. */
export const TWO_FACTOR_MESSAGES = {
  onlyOneMethod: 'Only one two-factor authentication method can be enabled at a time.',
  failedToVerify: 'Failed to verify code',
  passwordInvalid: 'Invalid password',
  passwordRequired: 'Password is required',
  reauthenticate: 'Re-enter your password to change two-factor authentication',
  codeOrPhoneRequired: 'Send the code from your authenticator app, or a phone number for a text message',
  resendCooldown: (seconds: number) =>
    `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting another code`,
  tooManyTexts: 'Too many text messages sent. Try again later.',
  tooManyAttempts: 'Too many attempts. Try again later.',
} as const;
