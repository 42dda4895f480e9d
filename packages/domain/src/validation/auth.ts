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
