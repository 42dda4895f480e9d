import { EMAIL_VERIFICATION_MESSAGES, maskPhoneNumber, passwordResetRequestSchema } from '@keel/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { AppDeps } from '../appDeps';
import type { ClientInfo } from '../modules/auth/audit';
import {
  type AccountTaskDeps,
  confirmEmail,
  requestVerificationLink,
  sendVerificationLink,
} from '../modules/auth/emailVerification';
import { signInWithGoogle, signInWithGoogleOtp, signUpWithGoogle } from '../modules/auth/googleSignIn';
import {
  emailVerificationInputSchema,
  firstIssueMessage,
  googleCredentialInputSchema,
  googleOtpInputSchema,
  loginInputSchema,
  messagesByField,
  parseNewPassword,
  passwordGrantInputSchema,
  passwordResetLinkSchema,
  revokeInputSchema,
  SECRET_MAX,
  sendOtpSmsInputSchema,
  signUpInputSchema,
  verifyOtpInputSchema,
} from '../modules/auth/inputs';
import {
  checkPasswordResetToken,
  requestPasswordReset,
  resetPasswordWithToken,
} from '../modules/auth/passwordReset';
import {
  findUserById,
  type OtpRequired,
  revokeTokenOnRequest,
  type SignedIn,
  type SignInOutcome,
  sendLoginSmsCode,
  signInWithOtp,
  signInWithPassword,
  signInWithPasswordGrant,
  type Unverified,
  type UserRow,
} from '../modules/auth/service';
import { signUp } from '../modules/auth/signUp';
import { hasTwoFactor } from '../modules/auth/twoFactor';
import type { GoogleIdentity } from '../providers';
import { isFeatureOff, sendFeatureUnavailable } from './featureUnavailable';
import { sendProblem } from './problem';
import { clientOf, cookieValue, headerValue, isRecord, readBodyFields } from './requestInput';
import { requireRestViewer } from './viewer';

/** The messages of spec §8, word for word: the web app shows them. */
const INVALID_LOGIN = 'Invalid login';
const FAILED_TO_VERIFY = 'Failed to verify code';
const FAILED_TO_SEND = 'Failed to send OTP';
const TOO_MANY_ATTEMPTS = 'Too many login attempts. Try again later.';
const RESET_LINK_SENT = 'If an account exists for that email, a reset link has been sent.';
const DOUBLE_SUBMIT_FAILED = 'Failed to verify double submit cookie';
/** Ours: the spec has no per-address limits on sign-ups and reset requests. */
const TOO_MANY_SIGN_UPS = 'Too many sign-ups from this address. Try again later.';
const TOO_MANY_RESETS = 'Too many password reset requests from this address. Try again later.';
const TOO_MANY_LINK_REQUESTS = EMAIL_VERIFICATION_MESSAGES.tooManyRequests;
/** A right password of an account whose address is not confirmed yet (a new link goes out). */
const UNVERIFIED = EMAIL_VERIFICATION_MESSAGES.unverified;
/** OAuth token requests may be JSON or a form (RFC 6749 uses a form). */
const OAUTH_BODIES = ['json', 'urlencoded'] as const;
/** Google Identity Services posts a form; the web app may post it as either kind of form, or JSON. */
const GOOGLE_BODIES = ['urlencoded', 'multipart', 'json'] as const;

/** The sign-in routes of spec §7. Their answers are never cached. */
export async function registerAuthRoutes(app: FastifyInstance, deps: AppDeps) {
  const tasks = app.backgroundTasks;
  const accounts: AccountTaskDeps = { ...deps, mailer: deps.providers.email, tasks };
  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });
    registerSignUp(scope, accounts);
    registerEmailVerification(scope, accounts);
    registerPasswordSignIn(scope, deps, accounts);
    registerAccountInfo(scope, deps);
    registerOauth(scope, deps, accounts);
    registerPasswordReset(scope, deps, accounts);
    registerGoogleSignIn(scope, deps, accounts);
  });
}

function registerSignUp(app: FastifyInstance, accounts: AccountTaskDeps) {
  app.post('/api/v1/users', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = signUpInputSchema.safeParse(isRecord(body.user) ? body.user : {});
    if (!parsed.success) return reply.status(422).send({ messages: messagesByField(parsed.error) });
    const { email, password, name, invite_token } = parsed.data;
    const result = await signUp(
      accounts,
      { email, password, name, inviteToken: invite_token ?? null },
      clientOf(request),
    );
    if (!result.ok && result.kind === 'throttled') {
      return sendTooMany(reply, result.retryAfterSeconds, TOO_MANY_SIGN_UPS);
    }
    if (!result.ok) return reply.status(422).send({ messages: result.messages });
    // Ours: the same answer for a new address and a taken one (spec §7's answer would tell them apart);
    // the emailed link finishes the sign-up. Only the email sent is echoed back.
    if (result.kind === 'check_email') {
      return reply
        .status(202)
        .send({ user: { email: result.email }, auth: null, next_step: 'confirm_email' });
    }
    return reply.status(201).send({
      user: {
        id: result.user.id,
        email: result.user.email,
        name: result.user.name,
        phone_number: result.user.phoneNumber,
      },
      auth: { access_token: result.accessToken },
      // Ours, with an invite_token: where it led (joined its company, or waiting for an approval).
      ...(result.invitation
        ? { invitation: { entity_id: result.invitation.entityId, status: result.invitation.status } }
        : {}),
    });
  });
}

/**
 * Ours (the spec has no email confirmation): the confirmation link's page sends its email, token and
 * the password chosen at sign-up; and a new link may be asked for, answered alike for every address.
 */
function registerEmailVerification(app: FastifyInstance, accounts: AccountTaskDeps) {
  const { db, clock, config } = accounts;

  app.post('/api/v1/auth/verification/new', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = passwordResetRequestSchema.safeParse(body);
    if (!parsed.success) return reply.status(422).send({ messages: messagesByField(parsed.error) });
    const decision = await requestVerificationLink(accounts, parsed.data.email, clientOf(request));
    if (!decision.allowed) return sendTooMany(reply, decision.retryAfterSeconds, TOO_MANY_LINK_REQUESTS);
    return { message: EMAIL_VERIFICATION_MESSAGES.linkRequested };
  });

  app.post('/api/v1/auth/verification/confirm', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = emailVerificationInputSchema.safeParse(body);
    if (!parsed.success) return reply.status(422).send({ errors: [firstIssueMessage(parsed.error)] });
    const outcome = await confirmEmail(db, clock, config, parsed.data, clientOf(request));
    if (outcome.kind === 'link_refused') return reply.status(422).send({ errors: [outcome.error] });
    return sendSignInOutcome(reply, outcome, INVALID_LOGIN);
  });
}

function registerPasswordSignIn(app: FastifyInstance, deps: AppDeps, accounts: AccountTaskDeps) {
  const { db, clock, config } = deps;

  app.post('/api/v1/auth/login', async (request, reply) => {
    const input = await parseBody(request, reply, loginInputSchema);
    if (!input) return reply;
    const client = clientOf(request);
    const outcome = await signInWithPassword(db, clock, config, input, client);
    if (outcome.kind === 'unverified') return refuseUnverified(reply, accounts, outcome, client);
    return sendSignInOutcome(reply, outcome, INVALID_LOGIN);
  });

  app.post('/api/v1/auth/verify-otp', async (request, reply) => {
    const input = await parseBody(request, reply, verifyOtpInputSchema);
    if (!input) return reply;
    const csrfToken = csrfHeader(request, reply);
    if (csrfToken === undefined) return reply;
    const client = clientOf(request);
    const outcome = await signInWithOtp(db, clock, config, { ...input, csrfToken }, client);
    if (outcome.kind === 'unverified') return refuseUnverified(reply, accounts, outcome, client);
    return sendSignInOutcome(reply, outcome, FAILED_TO_VERIFY);
  });

  // On a server without text messages: 501 'Text messages are not set up on this server', which the
  // sign-in page shows in place of the code's status; said to anyone, since it is true for everyone.
  app.post('/api/v1/auth/send_otp_sms', async (request, reply) => {
    if (isFeatureOff(config, 'sms')) return sendFeatureUnavailable(reply, 'sms');
    const input = await parseBody(request, reply, sendOtpSmsInputSchema);
    if (!input) return reply;
    const csrfToken = csrfHeader(request, reply);
    if (csrfToken === undefined) return reply;
    const result = await sendLoginSmsCode(
      db,
      clock,
      deps.providers.sms,
      { ...input, csrfToken },
      clientOf(request),
    );
    if (result === 'cooldown') return sendProblem(reply, 429, FAILED_TO_SEND);
    if (result === 'refused') return sendProblem(reply, 400, FAILED_TO_SEND);
    return { ok: true };
  });
}

/** Who the token's user is, and which sign-in providers the login page offers. */
function registerAccountInfo(app: FastifyInstance, deps: AppDeps) {
  const { db, config } = deps;

  app.get('/userinfo/v2/me', async (request, reply) => {
    const viewer = await requireRestViewer(request, reply, deps);
    if (!viewer) return reply;
    const user = await findUserById(db, viewer.userId);
    if (!user) return sendProblem(reply, 401, 'Attempted API request without login');
    return {
      id: user.id,
      email: user.email,
      name: user.name,
      phone_number: user.phoneNumber,
      ...twoFactorFields(user),
    };
  });

  app.get('/api/v1/auth/providers', async () => ({
    google_client_id: deps.providers.google ? (config.GOOGLE_CLIENT_ID ?? null) : null,
  }));
}

function registerOauth(app: FastifyInstance, deps: AppDeps, accounts: AccountTaskDeps) {
  const { db, clock, config } = deps;

  app.post('/oauth/token', async (request, reply) => {
    const body = await readBodyFields(request, reply, OAUTH_BODIES);
    if (!body) return reply;
    if (body.grant_type !== 'password') return sendProblem(reply, 400, 'unsupported_grant_type');
    const parsed = passwordGrantInputSchema.safeParse(body);
    if (!parsed.success) return sendProblem(reply, 400, firstIssueMessage(parsed.error));
    const { email, password, code } = parsed.data;
    const client = clientOf(request);
    const outcome = await signInWithPasswordGrant(
      db,
      clock,
      config,
      { email, password, code: code ?? null },
      client,
    );
    if (outcome.kind === 'throttled') return sendTooMany(reply, outcome.retryAfterSeconds, TOO_MANY_ATTEMPTS);
    if (outcome.kind === 'unverified') return refuseUnverified(reply, accounts, outcome, client);
    if (outcome.kind === 'invalid') return sendProblem(reply, 401, INVALID_LOGIN);
    return {
      access_token: outcome.accessToken,
      token_type: 'Bearer',
      expires_in: Math.round((outcome.expiresAt.getTime() - outcome.issuedAt.getTime()) / 1000),
      created_at: Math.floor(outcome.issuedAt.getTime() / 1000),
    };
  });

  app.post('/oauth/revoke', async (request, reply) => {
    const body = await readBodyFields(request, reply, OAUTH_BODIES);
    if (!body) return reply;
    const parsed = revokeInputSchema.safeParse(body);
    if (!parsed.success) return sendProblem(reply, 400, firstIssueMessage(parsed.error));
    await revokeTokenOnRequest(db, clock, parsed.data.token, clientOf(request));
    return {};
  });
}

function registerPasswordReset(app: FastifyInstance, deps: AppDeps, accounts: AccountTaskDeps) {
  const { db, clock, config } = deps;
  const { tasks } = accounts;

  // Answers before the lookup, the token and the email (they run in the background), so a known and an
  // unknown email take the same time.
  app.post('/api/v1/auth/password/new', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = passwordResetRequestSchema.safeParse(body);
    if (!parsed.success) return reply.status(422).send({ messages: messagesByField(parsed.error) });
    const decision = await requestPasswordReset(
      db,
      clock,
      config,
      deps.providers.email,
      tasks,
      parsed.data.email,
      clientOf(request),
    );
    if (!decision.allowed) return sendTooMany(reply, decision.retryAfterSeconds, TOO_MANY_RESETS);
    return { message: RESET_LINK_SENT };
  });

  app.post('/api/v1/auth/password/update', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const link = passwordResetLinkSchema.safeParse(body);
    const newPassword = parseNewPassword(body.password, body.password_confirmation);
    const tokenStatus = link.success
      ? await checkPasswordResetToken(db, clock, link.data.email, link.data.token)
      : firstIssueMessage(link.error);
    const errors = [...(tokenStatus === 'valid' ? [] : [tokenStatus]), ...newPassword.errors];
    if (!link.success || !newPassword.ok || errors.length > 0) return reply.status(422).send({ errors });
    const result = await resetPasswordWithToken(
      accounts,
      { ...link.data, password: newPassword.password },
      clientOf(request),
    );
    if (!result.ok) return reply.status(422).send({ errors: [result.error] });
    return { message: 'Password updated' };
  });
}

function registerGoogleSignIn(app: FastifyInstance, deps: AppDeps, accounts: AccountTaskDeps) {
  const { db, clock, config } = deps;

  app.post('/api/v1/auth/google-sign-in', async (request, reply) => {
    const verified = await verifyGoogleRequest(request, reply, deps, googleCredentialInputSchema);
    if (!verified) return reply;
    const outcome = await signInWithGoogle(accounts, verified.identity, clientOf(request));
    if (outcome.kind === 'not_found')
      return reply.status(404).send({ error: 'User not found.', email: outcome.email });
    return loginResponse(outcome);
  });

  app.post('/api/v1/auth/google-sign-up', async (request, reply) => {
    const verified = await verifyGoogleRequest(request, reply, deps, googleCredentialInputSchema);
    if (!verified) return reply;
    const outcome = await signUpWithGoogle(db, clock, config, verified.identity, clientOf(request));
    if (outcome.kind === 'taken') {
      return reply
        .status(422)
        .send({ error: 'An account with this email already exists.', email: outcome.email });
    }
    if (outcome.kind === 'unverified') {
      return reply.status(422).send({ error: 'Google has not verified this email.', email: outcome.email });
    }
    return reply.status(201).send(loginResponse(outcome));
  });

  app.post('/api/v1/auth/verify-otp-google', async (request, reply) => {
    const verified = await verifyGoogleRequest(request, reply, deps, googleOtpInputSchema);
    if (!verified) return reply;
    const outcome = await signInWithGoogleOtp(
      db,
      clock,
      config,
      verified.identity,
      verified.input.code,
      clientOf(request),
    );
    return sendSignInOutcome(reply, outcome, FAILED_TO_VERIFY);
  });
}

/**
 * The checks every Google route makes: Google sign-in configured (else 404), a well-formed form, the
 * g_csrf_token cookie equal to the form field (double-submit), and an ID token Google signed for us.
 */
async function verifyGoogleRequest<S extends typeof googleCredentialInputSchema>(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: AppDeps,
  schema: S,
): Promise<{ identity: GoogleIdentity; input: z.infer<S> } | null> {
  const google = deps.providers.google;
  if (!google) {
    sendProblem(reply, 404, 'Google sign-in is not configured');
    return null;
  }
  const input = await parseBody(request, reply, schema, GOOGLE_BODIES);
  if (!input) return null;
  if (cookieValue(request, 'g_csrf_token') !== input.g_csrf_token) {
    sendProblem(reply, 400, DOUBLE_SUBMIT_FAILED);
    return null;
  }
  const identity = await google.verifyIdToken(input.credential);
  if (!identity) {
    sendProblem(reply, 401, INVALID_LOGIN);
    return null;
  }
  return { identity, input };
}

/** The body parsed by the schema, or null after answering 415/400 with the first problem. */
async function parseBody<S extends z.ZodType>(
  request: FastifyRequest,
  reply: FastifyReply,
  schema: S,
  accepted: Parameters<typeof readBodyFields>[2] = ['json'],
): Promise<z.infer<S> | null> {
  const body = await readBodyFields(request, reply, accepted);
  if (!body) return null;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    sendProblem(reply, 400, firstIssueMessage(parsed.error));
    return null;
  }
  return parsed.data;
}

/** The X-CSRF-Token header: null when absent (the step then fails), undefined after a 400 for an oversized one. */
function csrfHeader(request: FastifyRequest, reply: FastifyReply): string | null | undefined {
  const value = headerValue(request, 'x-csrf-token');
  if (value !== null && value.length > SECRET_MAX) {
    sendProblem(reply, 400, 'X-CSRF-Token is too long');
    return undefined;
  }
  return value;
}

/** 429 with Retry-After: the seconds until the limit that refused the request allows another. */
function sendTooMany(reply: FastifyReply, retryAfterSeconds: number, detail: string): FastifyReply {
  return sendProblem(reply.header('retry-after', String(retryAfterSeconds)), 429, detail);
}

/**
 * 403 for a right password of an account whose address nobody confirmed, and a new confirmation link
 * mailed after the answer (at most 5 an hour per account). Only someone who knows the password hears it.
 */
function refuseUnverified(
  reply: FastifyReply,
  accounts: AccountTaskDeps,
  outcome: Unverified,
  client: ClientInfo,
): FastifyReply {
  accounts.tasks.run('confirmation email', async () => {
    await sendVerificationLink(accounts, outcome.user, client, { again: false });
  });
  return sendProblem(reply, 403, UNVERIFIED);
}

function sendSignInOutcome(
  reply: FastifyReply,
  outcome: Exclude<SignInOutcome, Unverified>,
  failure: string,
) {
  if (outcome.kind === 'throttled') return sendTooMany(reply, outcome.retryAfterSeconds, TOO_MANY_ATTEMPTS);
  if (outcome.kind === 'invalid') return sendProblem(reply, 401, failure);
  return reply.send(loginResponse(outcome));
}

function twoFactorFields(user: UserRow) {
  const enabled = hasTwoFactor(user);
  return { otp_module_enabled: enabled, otp_method: enabled ? user.otpMethod : null };
}

/**
 * The login response (spec §3). Before the code step the phone number is the one codes go to, showing
 * only its last 4 digits (all the code step displays), so a password alone does not reveal it.
 */
function loginResponse(outcome: SignedIn | OtpRequired) {
  const { user } = outcome;
  const codePhone = user.otpMethod === 'sms' ? user.otpPhoneNumber : null;
  return {
    user: {
      email: user.email,
      phone_number:
        outcome.kind === 'otp_required' ? (codePhone ? maskPhoneNumber(codePhone) : null) : user.phoneNumber,
    },
    auth: outcome.kind === 'signed_in' ? { access_token: outcome.accessToken } : null,
    ...twoFactorFields(user),
    csrf_token: outcome.kind === 'otp_required' ? outcome.csrfToken : null,
    messages: [] as string[],
  };
}
