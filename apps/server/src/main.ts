import { resolve } from 'node:path';
import { buildApp } from './app';
import { fixedDayClock, systemClock } from './clock';
import { readConfig } from './config';
import { analyzeEmbedded } from './db/analyzeEmbedded';
import { openDatabase } from './db/client';
import { bindDatabaseClock } from './db/currentMonth';
import { seedDemoIfEmpty } from './demo/seedDemo';
import { createProviders } from './providers/create';
import { secretBoxOf } from './secrets/secretBox';

/** Reads config, opens and migrates the database, seeds the demo company when empty, and listens. */
async function main() {
  const config = readConfig();
  const database = config.DATABASE_URL
    ? await openDatabase({ url: config.DATABASE_URL, statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS })
    : await openDatabase({ dataDir: resolve(config.DATA_DIR, 'pglite') });
  await analyzeEmbedded(database.db);
  const clock = config.KEEL_TODAY ? fixedDayClock(config.KEEL_TODAY) : systemClock;
  bindDatabaseClock(database.db, clock);
  const providers = createProviders(config, database.db);

  if (config.SEED_DEMO) {
    const demo = await seedDemoIfEmpty(database.db, clock, secretBoxOf(config));
    if (demo) {
      console.log(
        `\n  Demo company "${demo.entityName}" created.\n  Sign in as ${demo.email} / ${demo.password}\n`,
      );
    }
  }

  const app = await buildApp({ db: database.db, config, clock, providers });
  const shutdown = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
  await app.listen({ port: config.PORT, host: config.HOST });
  console.log(`  Keel is up at http://localhost:${config.PORT} (database: ${database.kind})`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
