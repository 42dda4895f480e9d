import { createHash } from 'node:crypto';

/**
 * A repeatable random sequence in [0, 1) from a seed (mulberry32 on the seed's SHA-256): the sandboxes
 * draw their simulated activity with it, so the same seed always gives the same figures.
 */
export function seededRandom(seed: string): () => number {
  let state = createHash('sha256').update(seed).digest().readUInt32LE(0);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
