import type { Context } from '../../graphql/context';
import { secretBoxOf } from '../../secrets/secretBox';
import type { BankingDeps } from './bankingDeps';

/** The banking services' dependencies from a request. */
export const bankingDepsOf = (ctx: Context): BankingDeps => ({
  db: ctx.db,
  clock: ctx.clock,
  banking: ctx.providers.banking,
  secrets: secretBoxOf(ctx.config),
  email: ctx.providers.email,
});
