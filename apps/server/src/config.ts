import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root: defaults for paths are relative to it, whatever the working directory. */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Every setting Keel reads from the environment, parsed once. Documented in the README. */
const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL server; when absent the embedded PGlite database in DATA_DIR is used. */
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default(resolve(repoRoot, 'data')),
  /** Fixes 'today' (YYYY-MM-DD) for demos and tests; production reads the system clock. */
  KEEL_TODAY: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  /** Creates the demo company when the database has no users. */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Lifetime of an access token, in hours. */
  ACCESS_TOKEN_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 14),
  /** Public address of the web app, used in emailed links. */
  APP_URL: z.string().url().default('http://localhost:3000'),
  /** Built web app served by the server; empty to serve the API only. */
  WEB_DIST: z.string().default(resolve(repoRoot, 'apps/web/dist')),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Keel <no-reply@keel.local>'),
  GOOGLE_CLIENT_ID: z.string().optional(),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof configSchema>;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
