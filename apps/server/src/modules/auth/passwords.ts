import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { newSecret } from './tokens';

/** Argon2id (the package's `Algorithm.Argon2id`; its enum is ambient const, so isolated modules spell the value). */
const ARGON2ID = 2 as Algorithm;

/** Hashes a password with argon2id at the library's recommended cost (19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID });
}

let dummyHash: Promise<string> | null = null;

/**
 * Whether the password matches the stored hash. With no hash (unknown user, or one who signs in with
 * Google only) it still verifies against a dummy hash, so every failure takes the same time.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword(newSecret());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
