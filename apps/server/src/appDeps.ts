import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { JobHandlers } from './jobs/jobHandler';
import type { Providers } from './providers';

/**
 * What the app is built from: buildApp (app.ts) takes it and hands it to the route and GraphQL modules.
 * `jobHandlers` replaces the job types the runner runs (default: jobs/appJobHandlers.ts); tests give
 * their own.
 */
export type AppDeps = {
  db: Db;
  config: Config;
  clock: Clock;
  providers: Providers;
  jobHandlers?: JobHandlers;
};
