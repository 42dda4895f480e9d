import type { AppDeps } from '../../appDeps';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { Context } from '../../graphql/context';
import type { Aggregators } from '../../providers/aggregators';
import { type SecretBox, secretBoxOf } from '../../secrets/secretBox';

/** What the linking services work with: the database, the clock, the aggregators and the secret box. */
export type LinkingDeps = {
  db: Db | Tx;
  clock: Clock;
  aggregators: Aggregators;
  secrets: SecretBox;
};

/** The linking services' dependencies from a request. */
export const linkingDepsOf = (ctx: Context): LinkingDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  aggregators: ctx.providers.aggregators,
  secrets: secretBoxOf(ctx.config),
});

/** The same from the app's dependencies (the job handler, the dev routes). */
export const linkingDepsOfApp = (deps: AppDeps): LinkingDeps => ({
  db: deps.db,
  clock: deps.clock,
  aggregators: deps.providers.aggregators,
  secrets: secretBoxOf(deps.config),
});
