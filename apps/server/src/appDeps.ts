import type { Clock } from './clock';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Providers } from './providers';

/** What the app is built from: buildApp (app.ts) takes it and hands it to the route and GraphQL modules. */
export type AppDeps = { db: Db; config: Config; clock: Clock; providers: Providers };
