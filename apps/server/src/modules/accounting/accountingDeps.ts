import type { AppDeps } from '../../appDeps';
import type { Clock } from '../../clock';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Context } from '../../graphql/context';
import type { AccountingProvider } from '../../providers/accounting';
import { type SecretBox, secretBoxOf } from '../../secrets/secretBox';

/**
 * What the accounting services work with: the database (never a transaction: they call the provider
 * between their own transactions), the clock, the app's address, QuickBooks and the secret box.
 */
export type AccountingDeps = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'APP_URL'>;
  accounting: AccountingProvider;
  secrets: SecretBox;
};

/** The accounting services' dependencies from a request. */
export const accountingDepsOf = (ctx: Context): AccountingDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  config: ctx.config,
  accounting: ctx.providers.accounting,
  secrets: secretBoxOf(ctx.config),
});

/** The same from the app's dependencies (the job handler, the REST callback). */
export const accountingDepsOfApp = (deps: AppDeps): AccountingDeps => ({
  db: deps.db,
  clock: deps.clock,
  config: deps.config,
  accounting: deps.providers.accounting,
  secrets: secretBoxOf(deps.config),
});
