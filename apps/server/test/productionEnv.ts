import { SERVER_FEATURES } from '@keel/domain';

/** A production test server's SECRET_KEY (32 bytes, base64). */
const TEST_SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * What NODE_ENV=production requires of a test server (productionProfile.ts), as a staging server would
 * set it: every feature named as a sandbox. The addresses end in .invalid and are never reached:
 * createTestApp opens its own database, and keeps email in the outbox unless a test sets SMTP_URL.
 */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: 'production',
  SECRET_KEY: TEST_SECRET_KEY,
  DATABASE_URL: 'postgres://keel@db.keel.invalid:5432/keel',
  SMTP_URL: 'smtp://mail.keel.invalid:587',
  APP_URL: 'https://app.keel.invalid',
  SANDBOX_FEATURES: SERVER_FEATURES.join(','),
} as const;
