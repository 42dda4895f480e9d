import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * A card PIN as Keel keeps it (activateTprimePhysicalCard): a salted scrypt hash, never the PIN. A PIN
 * has only 10,000 values, so no hash makes a stolen row safe from a patient attacker; what the hash
 * buys is that the database never shows a PIN to a reader, and the per-card salt makes each card its
 * own search. The issuer is the one that checks PINs at a terminal; Keel only records that one was set.
 *
 * Stored as `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later and old hashes read.
 */

const COST = { N: 16_384, r: 8, p: 1 } as const;
const SALT_BYTES = 16;
const HASH_BYTES = 32;
const PREFIX = 'scrypt';

function derive(pin: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, HASH_BYTES, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** The PIN's hash under a fresh random salt. */
export async function hashCardPin(pin: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const hash = await derive(pin, salt, COST);
  return [PREFIX, COST.N, COST.r, COST.p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

/** Whether a PIN is the one a stored hash was made from (false for anything that is not such a hash). */
export async function cardPinMatches(pin: string, stored: string): Promise<boolean> {
  const [prefix, n, r, p, saltText, hashText] = stored.split('$');
  if (prefix !== PREFIX || !saltText || !hashText) return false;
  const expected = Buffer.from(hashText, 'base64url');
  const options = { N: Number(n), r: Number(r), p: Number(p) };
  if (expected.length !== HASH_BYTES || !Object.values(options).every(Number.isSafeInteger)) return false;
  const actual = await derive(pin, Buffer.from(saltText, 'base64url'), options);
  return timingSafeEqual(actual, expected);
}
