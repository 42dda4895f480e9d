import { randomBytes } from 'node:crypto';
import { SERVER_FEATURES } from '@keel/domain';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { systemClock } from '../apps/server/src/clock';
import { readConfig } from '../apps/server/src/config';
import type { Db } from '../apps/server/src/db/client';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import { DEMO_COMPANY_NAME, DEMO_OWNER } from '../apps/server/src/demo/demoUsers';
import { seedDemoIfEmpty } from '../apps/server/src/demo/seedDemo';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { createProviders } from '../apps/server/src/providers/create';
import { secretBoxOf } from '../apps/server/src/secrets/secretBox';

/** The benches' servers run as in production, which needs a key for stored secrets. */
export const BENCH_SECRET_KEY = randomBytes(32).toString('base64');

/**
 * The settings production requires besides the key, as a staging server sets them: every feature a
 * named sandbox. The addresses are never reached (the benches open their own databases and send no mail).
 */
export const BENCH_PRODUCTION_ENV = {
  NODE_ENV: 'production',
  SECRET_KEY: BENCH_SECRET_KEY,
  DATABASE_URL: 'postgres://keel@db.bench.invalid:5432/keel',
  SMTP_URL: 'smtp://mail.bench.invalid:587',
  APP_URL: 'https://keel.bench.invalid',
  SANDBOX_FEATURES: SERVER_FEATURES.join(','),
} as const;

/** The real server on a local port over a scratch database holding the demo company. */
export type DemoServer = {
  db: Db;
  /** The GraphQL endpoint. */
  url: string;
  /** What Chromium sends, signed in as the demo owner: it accepts compressed answers. */
  headers: Record<string, string>;
  /** The demo company's id. */
  entityId: string;
};

/**
 * Seeds the demo company into `db` when it is empty, sealed with the benches' key (so the demo cards'
 * Reveal works on a bench server), and finds its owner and company.
 */
export async function seedDemoCompany(db: Db): Promise<{ ownerId: string; entityId: string }> {
  await seedDemoIfEmpty(db, systemClock, secretBoxOf(benchServerConfig()));
  const [owner] = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM users WHERE email = ${DEMO_OWNER.email}`,
  );
  const [entity] = await rowsOf<{ id: string }>(
    db,
    sql`SELECT id FROM entities WHERE name = ${DEMO_COMPANY_NAME}`,
  );
  if (!owner || !entity) throw new Error('The demo seed did not create its owner and company');
  return { ownerId: owner.id, entityId: entity.id };
}

/**
 * Seeds the demo company into `target` (when empty), starts the production server on a free local port,
 * signs the demo owner in and runs `work` against it; the server is closed afterwards, whatever happens.
 */
export async function withDemoServer(target: ScratchDatabase, work: (server: DemoServer) => Promise<void>) {
  const db = target.db;
  const demo = await seedDemoCompany(db);
  const server = await startBenchServer(db);
  try {
    const { token } = await issueAccessToken(db, systemClock, demo.ownerId, 24);
    const headers = {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'accept-encoding': 'gzip, deflate, br, zstd',
    };
    await work({ db, url: `${server.origin}/graphql`, headers, entityId: demo.entityId });
  } finally {
    await server.close();
  }
}

/** The production configuration the benches' servers run with. */
const benchServerConfig = () => readConfig({ ...BENCH_PRODUCTION_ENV, LOG_LEVEL: 'silent', WEB_DIST: '' });

/**
 * One more production server over `db` (its own pool, job runner and realtime connection, as another
 * process's would be), listening on a free local port: its origin, and how to close it.
 */
export async function startBenchServer(db: Db): Promise<{ origin: string; close(): Promise<void> }> {
  const config = benchServerConfig();
  const app = await buildApp({ db, config, clock: systemClock, providers: createProviders(config, db) });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return { origin, close: () => app.close() };
}

/** The rows of a raw SQL query (both drivers answer `{ rows }`). */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
