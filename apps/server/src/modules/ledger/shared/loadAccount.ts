import { inArray } from 'drizzle-orm';
import { accounts } from '../../../db/schema';
import type { Context } from '../../../graphql/context';
import { accountNotFound } from './ledgerErrors';
import type { AccountRow } from './ledgerRows';

type AccountLoader = (id: string) => Promise<AccountRow | null>;

const loaders = new WeakMap<Context, AccountLoader>();

/**
 * An account by id for field resolvers, batched and cached per request: the ids asked for in one tick
 * (every item of a list) are fetched in one query. Callers have already passed the tenancy guard for
 * the row that names the account.
 */
export function loadAccount(ctx: Context, id: string): Promise<AccountRow | null> {
  let loader = loaders.get(ctx);
  if (!loader) {
    loader = createAccountLoader(ctx);
    loaders.set(ctx, loader);
  }
  return loader(id);
}

/**
 * loadAccount for a field whose row must name an account: one another write deleted after this
 * answer's main read is NOT_FOUND 'Account not found', as any missing row.
 */
export async function loadExistingAccount(ctx: Context, id: string): Promise<AccountRow> {
  const row = await loadAccount(ctx, id);
  if (!row) throw accountNotFound();
  return row;
}

function createAccountLoader(ctx: Context): AccountLoader {
  const cache = new Map<string, Promise<AccountRow | null>>();
  let pending = new Map<string, { resolve(row: AccountRow | null): void; reject(error: unknown): void }>();
  const flush = async () => {
    const batch = pending;
    pending = new Map();
    try {
      const rows = await ctx.db
        .select()
        .from(accounts)
        .where(inArray(accounts.id, [...batch.keys()]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [id, waiter] of batch) waiter.resolve(byId.get(id) ?? null);
    } catch (error) {
      for (const waiter of batch.values()) waiter.reject(error);
    }
  };
  return (id) => {
    const cached = cache.get(id);
    if (cached) return cached;
    const promise = new Promise<AccountRow | null>((resolve, reject) => {
      if (pending.size === 0) setImmediate(() => void flush());
      pending.set(id, { resolve, reject });
    });
    cache.set(id, promise);
    return promise;
  };
}
