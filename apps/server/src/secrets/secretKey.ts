/** A secret key's length: AES-256. */
export const KEY_BYTES = 32;

/** SECRET_KEY's value as 32 bytes: base64 (openssl rand -base64 32) or 64 hex digits; null otherwise. */
export function decodeSecretKey(text: string): Buffer | null {
  const trimmed = text.trim();
  const bytes = /^[0-9a-fA-F]{64}$/.test(trimmed)
    ? Buffer.from(trimmed, 'hex')
    : Buffer.from(trimmed, 'base64');
  return bytes.length === KEY_BYTES ? bytes : null;
}
