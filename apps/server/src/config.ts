import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { DEMO_PASSWORD as PUBLISHED_DEMO_PASSWORD } from './demo/demoUsers';
import {
  checkFeatureLists,
  checkProductionProfile,
  DEMO_PASSWORD_MAX,
  DEMO_PASSWORD_MIN,
  type FeatureStates,
  featureStatesOf,
  parseFeatureList,
} from './productionProfile';
import { decodeSecretKey } from './secrets/secretKey';

/** The repository root: defaults for paths are relative to it, whatever the working directory. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every setting Keel reads from the environment, parsed once. Documented in docs/configuration.md. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /**
   * The development routes under /api/dev (the sandbox outbox, a two-factor switch): 'true' registers
   * them, answering requests from this machine only. `npm run dev` and the tests turn them on; never in
   * production.
   */
  DEV_ROUTES: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /**
   * PostgreSQL server; when absent the embedded PGlite database in DATA_DIR is used (development only:
   * production requires a server).
   */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  /** Fixes 'today' (YYYY-MM-DD) for demos and tests; production reads the system clock. */
  KEEL_TODAY: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /**
   * Creates the demo company when the database has no users. Unset: true in development (`npm start`
   * gives the demo), false in production, where 'true' needs DEMO_PASSWORD.
   */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
  /**
   * The demo users' password. Unset in development: the published one, which the README quotes; in
   * production it must be set with SEED_DEMO=true, and never to the published one. Nothing prints it.
   */
  DEMO_PASSWORD: z
    .string()
    .min(DEMO_PASSWORD_MIN, `must be at least ${DEMO_PASSWORD_MIN} characters`)
    .max(DEMO_PASSWORD_MAX, `must be at most ${DEMO_PASSWORD_MAX} characters`)
    .optional(),
  /** Lifetime of an access token, in hours. */
  ACCESS_TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  /**
   * Public address of the web app, used in emailed links and as the allowed origin. Unset: this
   * server's own address, http://localhost:PORT (or http://HOST:PORT when HOST names one interface).
   */
  APP_URL: z.string().url().optional(),
  /** Built web app served by the server; empty to serve the API only. */
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Keel <no-reply@keel.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  /**
   * Stripe's secret key (sk_test_… or sk_live_…; a restricted rk_… works too): with it the Pro Plan's
   * payments go through Stripe; without it through the built-in sandbox. Set with
   * STRIPE_PUBLISHABLE_KEY (pk_…, same mode), which the billing page loads Stripe.js with. Live keys
   * only with NODE_ENV=production (spec §9: live and test environments use different payment keys).
   */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\w+$/, 'must be a Stripe secret key (sk_test_… or sk_live_…)')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_\w+$/, 'must be a Stripe publishable key (pk_test_… or pk_live_…)')
    .optional(),
  /**
   * The key that seals stored secrets (authenticator-app secrets): 32 random bytes, base64 or hex
   * (`openssl rand -base64 32`). Required in production and the same on every server of one database;
   * in development, unset, a key is made in DATA_DIR/secret.key.
   */
  SECRET_KEY: z
    .string()
    .optional()
    .refine((value) => value === undefined || decodeSecretKey(value) !== null, {
      message: 'must be 32 bytes, base64 or 64 hex digits (openssl rand -base64 32)',
    }),
  /**
   * The bank behind Keel's deposit accounts and cards: 'sandbox' (default, simulated in our database)
   * or 'increase' (Increase's API through its official SDK; needs INCREASE_API_KEY).
   */
  BANKING_PROVIDER: z.enum(['sandbox', 'increase']).default('sandbox'),
  /** Increase's API key; its environment is INCREASE_ENVIRONMENT unless INCREASE_BASE_URL is set. */
  INCREASE_API_KEY: z.string().min(1).max(500).optional(),
  /** 'sandbox' (https://sandbox.increase.com, default) or 'production' (only with NODE_ENV=production). */
  INCREASE_ENVIRONMENT: z.enum(['sandbox', 'production']).default('sandbox'),
  /** Another address for Increase's API (a proxy, or a local simulation in tests); overrides the environment. */
  INCREASE_BASE_URL: z.string().url().optional(),
  /** The Increase program new accounts open under; unset, Increase's default program. */
  INCREASE_PROGRAM_ID: z.string().min(1).max(200).optional(),
  /** The Increase physical card profile physical cards are printed with; unset, Increase's default. */
  INCREASE_PHYSICAL_CARD_PROFILE_ID: z.string().min(1).max(200).optional(),
  /**
   * How often the BankMirror job brings each company's deposit accounts up to date with the bank
   * (settlements, interest, Increase's transactions) and files the tax documents due, in ms: 5 s to 1 hour.
   * Banking pages show what the last run stored, and when.
   */
  BANK_MIRROR_INTERVAL_MS: z.coerce.number().int().min(5_000).max(3_600_000).default(60_000),
  /**
   * Provider A of linked banks: with PLAID_CLIENT_ID and PLAID_SECRET (Plaid's dashboard,
   * Developers > Keys) banks link through Plaid's API and its official SDK; without them through the
   * built-in sandbox. One without the other is refused.
   */
  PLAID_CLIENT_ID: z.string().min(1).max(200).optional(),
  PLAID_SECRET: z.string().min(1).max(200).optional(),
  /**
   * Plaid's environment: 'sandbox' (default) or 'production' (only with NODE_ENV=production). Plaid
   * retired 'development' in June 2024 (its SDK no longer knows it): named, it is refused with that reason.
   */
  PLAID_ENV: z.enum(['sandbox', 'development', 'production']).default('sandbox'),
  /** Another address for Plaid's API (a proxy, or a local simulation in tests); overrides PLAID_ENV. */
  PLAID_BASE_URL: z.string().url().optional(),
  /**
   * Provider B: with MONEYKIT_CLIENT_ID and MONEYKIT_CLIENT_SECRET (MoneyKit's dashboard, API keys)
   * banks link through MoneyKit's API; without them through the built-in sandbox. One without the other
   * is refused.
   */
  MONEYKIT_CLIENT_ID: z.string().min(1).max(200).optional(),
  MONEYKIT_CLIENT_SECRET: z.string().min(1).max(500).optional(),
  /** MoneyKit's API (its API reference's server); another address for a proxy or a local simulation. */
  MONEYKIT_BASE_URL: z.string().url().default('https://api.moneykit.com'),
  /**
   * The model behind 'Ask Keel AI': 'offline' (default), the built-in assistant that answers
   * the common questions from the books with no network; or 'openai', any server that speaks OpenAI's
   * Chat Completions with tool calls (OpenAI itself, or a local model's through OPENAI_BASE_URL), which
   * needs OPENAI_API_KEY.
   */
  AI_PROVIDER: z.enum(['offline', 'openai']).default('offline'),
  OPENAI_API_KEY: z.string().min(1).max(500).optional(),
  /** Another Chat Completions server, e.g. http://127.0.0.1:11434/v1 for a local model; unset, OpenAI's. */
  OPENAI_BASE_URL: z.string().url().optional(),
  /** The model asked. */
  OPENAI_MODEL: z.string().min(1).max(200).default('gpt-4o-mini'),
  /** Comma-separated email domains whose users see the Feature Flags menu. */
  STAFF_EMAIL_DOMAINS: z.string().default('keel.dev'),
  /** One more address allowed to see the Feature Flags menu. */
  FEATURE_FLAGS_ALLOWED_EMAIL: z.string().default(''),
  /**
   * The proxies whose X-Forwarded-For is believed when finding the client's IP (login rate limiting
   * counts by it): comma-separated addresses or CIDRs, or 'true' for any. Off by default, since a client
   * could otherwise forge its address.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v): boolean | string[] =>
      v === 'true' ? true : v === 'false' || v.trim() === '' ? false : v.split(',').map((p) => p.trim()),
    ),
  /**
   * Background jobs: 'true' (default) runs this server's job runner, which claims work from
   * the queue all servers of the database share; 'false' serves requests only (jobs it queues run on
   * the servers that have it on).
   */
  JOB_WORKER: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Jobs this server runs at once. */
  JOB_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(2),
  /** How often the runner looks for due jobs unprompted (it also wakes when a job is queued), in ms. */
  JOB_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  /**
   * How long a running job's claim lasts without renewal, in ms (renewed every third of it): a job
   * whose server died is taken over this long after.
   */
  JOB_LEASE_MS: z.coerce.number().int().min(300).max(3_600_000).default(60_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * GraphQL introspection, the GraphiQL page and field suggestions: off unless 'true' (`npm run dev`
   * turns them on), so the command a newcomer runs and may expose serves none of them.
   */
  GRAPHQL_INTROSPECTION: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** More origins (comma-separated) whose pages may call /graphql, besides APP_URL's. */
  CORS_ORIGINS: z.string().default(''),
  /** PostgreSQL only: the longest one statement may run, in milliseconds (0: no limit). */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /**
   * API requests running at once (0: no limit); default 32. Measured on the embedded database (200
   * clients asking for the demo report): 8 at once answered 52 requests/s, 32 as many as no limit
   * (62-68/s), so the gate bounds waiting without costing throughput.
   */
  MAX_CONCURRENT_REQUESTS: z.coerce.number().int().min(0).max(1_000).optional(),
  /** Requests waiting for their turn; beyond it a request gets 503 at once. */
  MAX_QUEUED_REQUESTS: z.coerce.number().int().min(0).max(10_000).default(200),
  /** The longest a request waits for its turn (its deadline), in milliseconds; then 503, never run. */
  REQUEST_QUEUE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Live subscriptions (SSE streams) one user may hold open on this server; one more is refused with
   * TOO_MANY_REQUESTS, so nobody can take the server's 10,000 from everyone else. The web app holds two
   * or three per open tab (the company's updates, its jobs, a chat), so 20 is six or more tabs.
   */
  MAX_SUBSCRIPTIONS_PER_USER: z.coerce.number().int().min(1).max(1_000).default(20),
  /**
   * The same per client address (an IPv6 /64 counts as one): three users' worth, for a small office
   * behind one NAT. Raise it for a larger one, and set TRUST_PROXY behind a proxy, or every client
   * shares the proxy's address.
   */
  MAX_SUBSCRIPTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(10_000).default(60),
  /** PostgreSQL only: connections this server's pool opens at most (its LISTEN connection is extra). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  /**
   * After SIGTERM or SIGINT: how long this server keeps serving with /readyz answering 503, so a load
   * balancer stops sending it requests before it stops taking connections (0: stop at once).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
  /**
   * After SIGTERM or SIGINT: the longest the whole shutdown may take (the delay above, in-flight
   * requests, running jobs, closing the database); past it the process exits at once, with code 1.
   */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /**
   * A bearer token that lets a scraper read /metrics from another machine (at least 32 characters);
   * without it /metrics answers this machine's callers only.
   */
  METRICS_TOKEN: z.string().min(32).max(512).optional(),
  /**
   * Features (banking, payments, plaid, moneykit, quickbooks, sms) that may run a simulation in
   * production: a staging server's explicit opt-in. Comma-separated.
   */
  SANDBOX_FEATURES: z.string().default('').transform(parseFeatureList),
  /**
   * Features this server does not offer, in any mode: the web app and the API say so in words.
   * Comma-separated, the same names.
   */
  DISABLED_FEATURES: z.string().default('').transform(parseFeatureList),
});

/** The settings as the app uses them: the ones that default from others resolved. */
export type Config = Omit<
  z.infer<typeof configSchema>,
  'APP_URL' | 'CORS_ORIGINS' | 'MAX_CONCURRENT_REQUESTS' | 'SEED_DEMO' | 'DEMO_PASSWORD'
> & {
  APP_URL: string;
  /** APP_URL's origin first, then CORS_ORIGINS'. */
  CORS_ORIGINS: string[];
  MAX_CONCURRENT_REQUESTS: number;
  SEED_DEMO: boolean;
  /** The demo users' password: null in production unless DEMO_PASSWORD is set. */
  DEMO_PASSWORD: string | null;
  /** Each feature live, sandbox or off (productionProfile.ts), which chooses its provider. */
  FEATURES: FeatureStates;
};

/** The outbox holds password-reset links: a production server must never serve it, whatever it is told. */
const checkedConfigSchema = configSchema.superRefine((settings, context) => {
  if (settings.NODE_ENV === 'production' && !settings.SECRET_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['SECRET_KEY'],
      message: 'must be set in production (openssl rand -base64 32)',
    });
  }
  checkStripeKeys(settings, context);
  checkBankingSettings(settings, context);
  checkAiSettings(settings, context);
  checkAggregatorSettings(settings, context);
  checkFeatureLists(settings, context);
  checkProductionProfile(settings, context);
  if (settings.DEV_ROUTES && settings.NODE_ENV === 'production') {
    context.addIssue({
      code: 'custom',
      path: ['DEV_ROUTES'],
      message: 'must not be true when NODE_ENV is production',
    });
  }
});

/** Stripe's two keys come together, in one mode, and live keys only in production. */
function checkStripeKeys(settings: z.infer<typeof configSchema>, context: z.RefinementCtx) {
  const { STRIPE_SECRET_KEY: secret, STRIPE_PUBLISHABLE_KEY: publishable } = settings;
  if (!secret && !publishable) return;
  if (!secret || !publishable) {
    context.addIssue({
      code: 'custom',
      path: [secret ? 'STRIPE_PUBLISHABLE_KEY' : 'STRIPE_SECRET_KEY'],
      message: 'must be set with the other Stripe key',
    });
    return;
  }
  const mode = (key: string) => (key.includes('_live_') ? 'live' : 'test');
  if (mode(secret) !== mode(publishable)) {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_PUBLISHABLE_KEY'],
      message: `is a ${mode(publishable)} key but STRIPE_SECRET_KEY is a ${mode(secret)} key`,
    });
  } else if (mode(secret) === 'live' && settings.NODE_ENV !== 'production') {
    context.addIssue({
      code: 'custom',
      path: ['STRIPE_SECRET_KEY'],
      message: 'is a live key: live payments only with NODE_ENV=production (use sk_test_… elsewhere)',
    });
  }
}

/** Increase needs its key, and its production environment only in production. */
function checkBankingSettings(settings: z.infer<typeof configSchema>, context: z.RefinementCtx) {
  if (settings.BANKING_PROVIDER !== 'increase') return;
  if (!settings.INCREASE_API_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['INCREASE_API_KEY'],
      message: 'must be set when BANKING_PROVIDER is increase',
    });
  }
  if (settings.INCREASE_ENVIRONMENT === 'production' && settings.NODE_ENV !== 'production') {
    context.addIssue({
      code: 'custom',
      path: ['INCREASE_ENVIRONMENT'],
      message: 'is production: real money moves only with NODE_ENV=production (use sandbox elsewhere)',
    });
  }
}

/** Each aggregator's keys come in pairs; Plaid's production environment only in production. */
function checkAggregatorSettings(settings: z.infer<typeof configSchema>, context: z.RefinementCtx) {
  const pairs = [
    ['PLAID_CLIENT_ID', 'PLAID_SECRET'],
    ['MONEYKIT_CLIENT_ID', 'MONEYKIT_CLIENT_SECRET'],
  ] as const;
  for (const [id, secret] of pairs) {
    if (Boolean(settings[id]) === Boolean(settings[secret])) continue;
    context.addIssue({
      code: 'custom',
      path: [settings[id] ? secret : id],
      message: `must be set with ${settings[id] ? id : secret} (both, or neither for the built-in sandbox)`,
    });
  }
  if (!settings.PLAID_CLIENT_ID || !settings.PLAID_SECRET) return;
  if (settings.PLAID_ENV === 'development') {
    context.addIssue({
      code: 'custom',
      path: ['PLAID_ENV'],
      message:
        'is development, which Plaid retired in June 2024: use sandbox, or production (limited production keys)',
    });
  } else if (settings.PLAID_ENV === 'production' && settings.NODE_ENV !== 'production') {
    context.addIssue({
      code: 'custom',
      path: ['PLAID_ENV'],
      message: 'is production: real bank data only with NODE_ENV=production (use sandbox elsewhere)',
    });
  }
}

/** The OpenAI-compatible assistant needs its key. */
function checkAiSettings(settings: z.infer<typeof configSchema>, context: z.RefinementCtx) {
  if (settings.AI_PROVIDER === 'openai' && !settings.OPENAI_API_KEY) {
    context.addIssue({
      code: 'custom',
      path: ['OPENAI_API_KEY'],
      message:
        'must be set when AI_PROVIDER is openai (any non-empty value for a local server that needs none)',
    });
  }
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return resolveDerivedSettings(parsed.data);
}

function resolveDerivedSettings(settings: z.infer<typeof configSchema>): Config {
  const extraOrigins = settings.CORS_ORIGINS.split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  const appUrl = settings.APP_URL ?? listeningAddress(settings.HOST, settings.PORT);
  const production = settings.NODE_ENV === 'production';
  return {
    ...settings,
    APP_URL: appUrl,
    CORS_ORIGINS: [new URL(appUrl).origin, ...extraOrigins],
    MAX_CONCURRENT_REQUESTS: settings.MAX_CONCURRENT_REQUESTS ?? 32,
    SEED_DEMO: settings.SEED_DEMO ?? !production,
    DEMO_PASSWORD: settings.DEMO_PASSWORD ?? (production ? null : PUBLISHED_DEMO_PASSWORD),
    FEATURES: featureStatesOf(settings),
  };
}

/** The address a browser on this machine reaches the server at: localhost for a wildcard HOST. */
function listeningAddress(host: string, port: number): string {
  const wildcard = host === '0.0.0.0' || host === '::' || host === '';
  const name = wildcard ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}
