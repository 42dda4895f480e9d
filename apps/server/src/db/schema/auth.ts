import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    /** The phone of the profile (settings), E.164; not where sign-in codes go (otpPhoneNumber). */
    phoneNumber: text('phone_number'),
    /** 'app' (authenticator, TOTP) or 'sms'; null while two-factor is off. */
    otpMethod: text('otp_method', { enum: ['app', 'sms'] }),
    /** TOTP secret of the enabled authenticator app; null otherwise. */
    otpSecret: text('otp_secret'),
    /**
     * The phone sign-in codes go to while the sms method is on: the number proven by a code during
     * enrolment. Changing the profile's phone never moves it, so a stolen session cannot redirect codes.
     */
    otpPhoneNumber: text('otp_phone_number'),
    /** A TOTP secret being enrolled (TwoFactor(password) makes it); it replaces otpSecret once a code proves it. */
    otpPendingSecret: text('otp_pending_secret'),
    /** The phone an SMS enrolment code was last sent to; it becomes otpPhoneNumber once the code is proven. */
    otpPendingPhoneNumber: text('otp_pending_phone_number'),
    otpModuleEnabled: boolean('otp_module_enabled').notNull().default(false),
    /**
     * The TOTP time step (floor(unix seconds / 30)) of the last authenticator code accepted at sign-in.
     * Codes of this step and earlier ones are refused, so a code works once.
     */
    otpLastStep: bigint('otp_last_step', { mode: 'number' }),
    googleSubject: text('google_subject'),
    /**
     * When the address was proven to be this user's: a confirmation link opened with the password, a
     * reset link used, an invitation accepted, or Google vouching for it. Null: nobody has proven it, so
     * the account cannot sign in with its password, and whoever proves the address claims it.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    resetPasswordSentAt: timestamp('reset_password_sent_at', { withTimezone: true, mode: 'date' }),
    rememberCreatedAt: timestamp('remember_created_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    uniqueIndex('users_google_subject_key').on(t.googleSubject),
  ],
);

/** Bearer tokens. Only a SHA-256 hash of the token is stored; revoked or expired tokens are refused. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the user last re-entered their password in this session (TwoFactor(password)): changing
     * two-factor needs it within the last 15 minutes, so a stolen token alone cannot turn it off.
     */
    reauthenticatedAt: timestamp('reauthenticated_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('access_tokens_token_hash_key').on(t.tokenHash),
    index('access_tokens_user_idx').on(t.userId),
  ],
);

/**
 * One-time secrets sent to a user: password-reset and email-confirmation links, SMS codes (sign-in and
 * enrolment), and the CSRF token that ties a login's password step to its two-factor step. Hashed, single use, expiring.
 */
export const userSecrets = pgTable(
  'user_secrets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', {
      enum: ['password_reset', 'sms_code', 'sms_enrolment', 'login_csrf', 'email_verification'],
    }).notNull(),
    secretHash: text('secret_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('user_secrets_user_purpose_idx').on(t.userId, t.purpose)],
);

/**
 * Security events (sign-in, failures, token revocation, password and two-factor changes). Also the
 * source of login rate limiting: failures are counted per email and per IP over a window.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    entityId: uuid('entity_id'),
    /** Lower-cased email the event concerns, kept even when no user matches. */
    email: text('email'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_events_email_idx').on(t.type, t.email, t.createdAt),
    index('audit_events_ip_idx').on(t.type, t.ip, t.createdAt),
    index('audit_events_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Email and SMS that the sandbox providers 'sent': the developer's outbox. */
export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('outbox_messages_recipient_idx').on(t.recipient, t.id)],
);

/**
 * Counters behind the sign-in, sign-up and password-reset rate limits (modules/auth/throttle.ts): one
 * row per scope (what is limited, e.g. 'login_email') and key (whose attempts: an email, an address,
 * or both). `hits` counts attempts since `window_started_at`; `last_hit_at` times the back-off and the
 * pruning of rows nobody has used for a day.
 */
export const authThrottles = pgTable(
  'auth_throttles',
  {
    scope: text('scope', {
      enum: [
        'login_email_address',
        'login_email',
        'login_address',
        'signup_address',
        'reset_address',
        'verification_address',
        'signup_notice_user',
        'two_factor_user',
        'sms_user',
        'invite_entity',
        'assistant_user',
      ],
    }).notNull(),
    key: text('key').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true, mode: 'date' }).notNull(),
    hits: integer('hits').notNull(),
    lastHitAt: timestamp('last_hit_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('auth_throttles_last_hit_idx').on(t.lastHitAt)],
);

export { timestamps };
