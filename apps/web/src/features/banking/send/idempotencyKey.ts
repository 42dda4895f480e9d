/**
 * A transfer's idempotency key: 128 random bits, made once per opened Send money form and sent with
 * every attempt of it, so a double click or a retry after a lost answer cannot send the money twice
 * (the server answers a repeated key with the first transfer). `randomUUID` exists in secure contexts
 * only (HTTPS, localhost); elsewhere the same bits come from getRandomValues.
 */
export function newTransferKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
