import {
  EMAIL_MAX,
  emailSchema,
  loginFormSchema,
  newPasswordSchema,
  otpCodeSchema,
  personNameSchema,
} from '@keel/domain';
import { z } from 'zod';
import { VERIFICATION_LINK_INVALID } from './emailVerification';
import { RESET_TOKEN_INVALID } from './passwordReset';

/**
 * The request bodies of the sign-in routes, built from the domain's form rules (spec §5) so the server
 * and the forms agree. Field names are the wire's (snake_case).
 */

/** Longest secret we accept back (tokens, csrf tokens, invite tokens): ours are 43 characters. */
export const SECRET_MAX = 512;
/** Longest Google ID token we accept (they are about 1-2 kB). */
const GOOGLE_CREDENTIAL_MAX = 8192;

const optionalGrantType = z.literal('password', { error: 'unsupported_grant_type' }).optional();
/** A form may send an empty field for an absent one. */
const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

export const signUpInputSchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  name: personNameSchema,
  invite_token: z.preprocess(
    blankAsAbsent,
    z.string({ error: 'Invite token is invalid' }).max(SECRET_MAX, 'Invite token is invalid').optional(),
  ),
});

export const loginInputSchema = loginFormSchema.extend({ grant_type: optionalGrantType });

export const verifyOtpInputSchema = loginFormSchema.extend({
  code: otpCodeSchema,
  grant_type: optionalGrantType,
});

export const passwordGrantInputSchema = loginFormSchema.extend({
  code: z.preprocess(blankAsAbsent, otpCodeSchema.optional()),
});

export const revokeInputSchema = z.object({
  token: z
    .string({ error: 'Token is required' })
    .min(1, 'Token is required')
    .max(SECRET_MAX, 'Token is too long'),
});

export const sendOtpSmsInputSchema = z.object({ email: emailSchema });

/** The link's email and token: anything malformed is simply not a valid token. */
export const passwordResetLinkSchema = z.object({
  email: z.string({ error: RESET_TOKEN_INVALID }).max(EMAIL_MAX, RESET_TOKEN_INVALID),
  token: z
    .string({ error: RESET_TOKEN_INVALID })
    .min(1, RESET_TOKEN_INVALID)
    .max(SECRET_MAX, RESET_TOKEN_INVALID),
});

/** The confirmation link's email and token (anything malformed is an invalid link), and the password. */
export const emailVerificationInputSchema = z.object({
  email: z.string({ error: VERIFICATION_LINK_INVALID }).max(EMAIL_MAX, VERIFICATION_LINK_INVALID),
  token: z
    .string({ error: VERIFICATION_LINK_INVALID })
    .min(1, VERIFICATION_LINK_INVALID)
    .max(SECRET_MAX, VERIFICATION_LINK_INVALID),
  password: loginFormSchema.shape.password,
});

/** The new password of the update page, or its problems as the page lists them. */
export function parseNewPassword(
  password: unknown,
  confirmation: unknown,
): { ok: true; password: string; errors: [] } | { ok: false; errors: string[] } {
  const parsed = newPasswordSchema.safeParse(password);
  const errors = parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
  if (confirmation !== password) errors.push('Passwords do not match');
  return parsed.success && errors.length === 0
    ? { ok: true, password: parsed.data, errors: [] }
    : { ok: false, errors };
}

export const googleCredentialInputSchema = z.object({
  credential: z
    .string({ error: 'Missing credential' })
    .min(1, 'Missing credential')
    .max(GOOGLE_CREDENTIAL_MAX, 'Invalid credential'),
  g_csrf_token: z
    .string({ error: 'Failed to verify double submit cookie' })
    .min(1, 'Failed to verify double submit cookie')
    .max(SECRET_MAX, 'Failed to verify double submit cookie'),
});

export const googleOtpInputSchema = googleCredentialInputSchema.extend({ code: otpCodeSchema });

export const devTwoFactorInputSchema = z.object({
  email: emailSchema,
  method: z.enum(['app', 'sms'], { error: "Method must be 'app' or 'sms'" }),
  phone_number: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: 'Invalid phone number' })
      .trim()
      .regex(/^\+?[0-9][0-9 ()-]{5,24}$/, 'Invalid phone number')
      .optional(),
  ),
});

/** The first problem of a failed parse, for a problem's detail. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/** Problems by field, for the `{messages: {field: [...]}}` answers. */
export function messagesByField(error: z.ZodError): Record<string, string[]> {
  const messages: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'base');
    const list = messages[field] ?? [];
    if (!list.includes(issue.message)) list.push(issue.message);
    messages[field] = list;
  }
  return messages;
}
