import { resolve } from 'node:path';
import { buildApp } from './app';
import { fixedDayClock, systemClock } from './clock';
import { readConfig } from './config';
import { analyzeEmbedded } from './db/analyzeEmbedded';
import { openDatabase } from './db/client';
import { bindDatabaseClock } from './db/currentMonth';
import { seedDemoIfEmpty } from './demo/seedDemo';
import { closeConnectionsWhileStopping } from './http/closeConnectionsWhileStopping';
import { shutdownOnSignal } from './http/shutdownOnSignal';
import { createProviders } from './providers/create';
import { secretBoxOf } from './secrets/secretBox';

/**
 * Reads config, opens and migrates the database (under the migration lock: servers started together
 * migrate once), seeds the demo company when empty, and listens until SIGTERM or SIGINT.
 */
async function main() {
  const config = readConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({
        url: config.DATABASE_URL,
        poolSize: config.DB_POOL_SIZE,
        statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
        onMigrationLockWait: (message) => console.log(`  ${message}`),
      })
    : await openDatabase({ dataDir: resolve(config.DATA_DIR, 'pglite') });
  if (database.migrationsApplied > 0) {
    console.log(`  Applied ${database.migrationsApplied} database migrations.`);
  }
  await analyzeEmbedded(database.db);
  const clock = config.KEEL_TODAY ? fixedDayClock(config.KEEL_TODAY) : systemClock;
  bindDatabaseClock(database.db, clock);
  const providers = createProviders(config, database.db);

  if (config.SEED_DEMO && config.DEMO_PASSWORD) {
    const demo = await seedDemoIfEmpty(database.db, clock, secretBoxOf(config), {
      password: config.DEMO_PASSWORD,
    });
    if (demo) {
      // Only the published login (the README's) is printed: an operator's DEMO_PASSWORD never is.
      const signIn = demo.password
        ? `Sign in as ${demo.email} / ${demo.password}`
        : 'Its users sign in with the password DEMO_PASSWORD sets';
      console.log(`\n  Demo company "${demo.entityName}" created.\n  ${signIn}\n`);
    }
  }

  const app = await buildApp({ db: database.db, config, clock, providers });
  closeConnectionsWhileStopping(app);
  const onSignal = shutdownOnSignal({
    app,
    closeDatabase: () => database.close(),
    delayMs: config.SHUTDOWN_DELAY_MS,
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    exit: (code) => process.exit(code),
  });
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`  Keel is up at http://localhost:${config.PORT} (database: ${database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
