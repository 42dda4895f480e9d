import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { preparedPerDatabase } from '../../db/preparedPerDatabase';
import { entityLedgerVersions } from '../../db/schema';
import { readSnapshot } from '../../db/transactions';

/** What a cached value costs to keep, estimated in bytes of memory. */
type CacheWeight = number;

/** The most kept across all cached reads and answers of one database; the least recently used go first. */
const MAX_CACHED_WEIGHT = 256 * 1024 * 1024;

type Cached = { version: number; value: unknown; weight: CacheWeight };
type Loaded = { version: number; value: unknown };

/**
 * How a lookup went, counted for the metrics: answered from what was kept (`hit`), by joining a load
 * another request had under way (`joined`), or by loading (`miss`). `answers` are whole report
 * answers (useReportAnswerCache.ts), `figures` the reads of readThroughReportCache.
 */
type ReportCacheLookup = 'hit' | 'joined' | 'miss';
type ReportCacheLayer = 'answers' | 'figures';

/** One cache per database handle: test files and benchmarks open many. */
const caches = new WeakMap<Db, ReportCache>();

/** The report cache of a database: kept values by key, each valid for one ledger version. */
export function reportCacheOf(db: Db): ReportCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new ReportCache();
    caches.set(db, cache);
  }
  return cache;
}

class ReportCache {
  /** Insertion order is recency order: a hit moves its key to the end, eviction takes the first. */
  readonly entries = new Map<string, Cached>();
  /** Loads under way, by key and the version their requesters read: later requesters join them. */
  readonly loading = new Map<string, Promise<Loaded>>();
  weight = 0;
  /** Lookups so far, by layer and how they went. */
  readonly lookups: Record<ReportCacheLayer, Record<ReportCacheLookup, number>> = {
    answers: { hit: 0, joined: 0, miss: 0 },
    figures: { hit: 0, joined: 0, miss: 0 },
  };

  countLookup(layer: ReportCacheLayer, lookup: ReportCacheLookup): void {
    this.lookups[layer][lookup] += 1;
  }

  /** Keeps `entry` under `key` unless a value of a later version is kept there already. */
  keep(key: string, entry: Cached): void {
    const previous = this.entries.get(key);
    if (previous && previous.version > entry.version) return;
    this.forget(key);
    if (entry.weight > MAX_CACHED_WEIGHT) return;
    this.entries.set(key, entry);
    this.weight += entry.weight;
    for (const [oldest, cached] of this.entries) {
      if (this.weight <= MAX_CACHED_WEIGHT) break;
      this.entries.delete(oldest);
      this.weight -= cached.weight;
    }
  }

  /** The value kept under `key` for exactly this version, or undefined (a stale one is dropped). */
  take(key: string, version: number): unknown {
    const cached = this.entries.get(key);
    if (!cached) return undefined;
    if (cached.version !== version) {
      this.forget(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, cached);
    return cached.value;
  }

  forget(key: string): void {
    const cached = this.entries.get(key);
    if (!cached) return;
    this.entries.delete(key);
    this.weight -= cached.weight;
  }
}

/** The entity's ledger version (0 before its first write): see `entity_ledger_versions`. */
export async function readLedgerVersion(db: Db | Tx, entityId: string): Promise<number> {
  const [row] = await db
    .select({ version: entityLedgerVersions.version })
    .from(entityLedgerVersions)
    .where(eq(entityLedgerVersions.entityId, entityId));
  return row?.version ?? 0;
}

/** The version read before every cached answer, outside any transaction: prepared once. */
const ledgerVersionOf = preparedPerDatabase((db) =>
  db
    .select({ version: entityLedgerVersions.version })
    .from(entityLedgerVersions)
    .where(eq(entityLedgerVersions.entityId, sql.placeholder('entityId')))
    .prepare('keel_ledger_version'),
);

/** readLedgerVersion on the database handle itself (not in a transaction), as every cache lookup does. */
async function readCurrentLedgerVersion(db: Db, entityId: string): Promise<number> {
  const [row] = await ledgerVersionOf(db).execute({ entityId });
  return row?.version ?? 0;
}

/**
 * A read of the entity's report figures, answered from memory while the entity's ledger version is
 * unchanged. The version is read first, outside any snapshot: a write that committed before this call
 * has raised it, so an answer cached before that write is never returned after it. A miss loads in one
 * read-only snapshot whose first read is the version, so the cached value and its version agree even
 * while writes commit meanwhile; concurrent misses of one key and version share one load.
 *
 * `key` names the read and its parameters (range, report, today's month): everything but the ledger
 * the value depends on. The value is shared between requests and must be treated as read-only.
 */
export async function readThroughReportCache<T>(
  db: Db,
  entityId: string,
  key: string,
  weigh: (value: T) => CacheWeight,
  load: (snapshot: Db | Tx) => Promise<T>,
): Promise<T> {
  const cache = reportCacheOf(db);
  const cacheKey = `${entityId}|${key}`;
  const version = await readCurrentLedgerVersion(db, entityId);
  const hit = cache.take(cacheKey, version);
  if (hit !== undefined) {
    cache.countLookup('figures', 'hit');
    return hit as T;
  }
  const loadingKey = `${cacheKey}|${version}`;
  let loading = cache.loading.get(loadingKey);
  cache.countLookup('figures', loading ? 'joined' : 'miss');
  if (!loading) {
    const owner = cache;
    loading = readSnapshot(db, async (snapshot) => {
      const seen = await readLedgerVersion(snapshot, entityId);
      return { version: seen, value: await load(snapshot) };
    });
    owner.loading.set(loadingKey, loading);
    loading.then(
      (loaded) => {
        owner.loading.delete(loadingKey);
        owner.keep(cacheKey, { ...loaded, weight: weigh(loaded.value as T) });
      },
      () => owner.loading.delete(loadingKey),
    );
  }
  return (await loading).value as T;
}
