import { createHash } from 'node:crypto';

export type IdKind = 'account' | 'transaction' | 'entry';
export type IdFactory = (kind: IdKind) => string;

const KIND_NIBBLE: Record<IdKind, string> = { account: '8', transaction: '9', entry: 'a' };

/**
 * Deterministic ids for the rows of a generated company: a prefix hashed from the seed and the entity
 * id, then a per-kind counter (UUIDv8 layout). Same seed and entity give the same ids; two entities never
 * share a prefix in practice (72 hashed bits). Ids of one company rise monotonically, so the primary-key
 * indexes are appended to rather than split at random, which keeps a million-row load fast.
 */
export function createIdFactory(seed: number | string, entityId: string): IdFactory {
  const prefix = createHash('sha256').update(`${seed}\u0000${entityId}`).digest('hex');
  const counters: Record<IdKind, number> = { account: 0, transaction: 0, entry: 0 };
  const head = `${prefix.slice(0, 8)}-${prefix.slice(8, 12)}-8${prefix.slice(12, 15)}-`;
  const tail = prefix.slice(15, 18);
  return (kind) => {
    counters[kind] += 1;
    return `${head}${KIND_NIBBLE[kind]}${tail}-${counters[kind].toString(16).padStart(12, '0')}`;
  };
}
