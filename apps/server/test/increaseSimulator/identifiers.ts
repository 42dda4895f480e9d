import { randomBytes, randomInt } from 'node:crypto';
import { abaCheckDigit } from '@keel/domain';
import type { SimulatorState } from './state';

// Identifiers and numbers

export const SIMULATED_ROUTING_NUMBER = `10105000${abaCheckDigit('10105000')}`;
export const CREATED_BY_API_KEY = {
  category: 'api_key',
  api_key: { description: 'Simulator API key' },
} as const;

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** An Increase-style id: the object's prefix and 20 random lowercase letters and digits. */
export function newId(prefix: string): string {
  const suffix = [...randomBytes(20)].map((byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
  return `${prefix}_${suffix}`;
}

export function randomDigits(count: number): string {
  return Array.from({ length: count }, () => String(randomInt(10))).join('');
}

export function uniqueDigits(count: number, used: Set<string>): string {
  for (;;) {
    const digits = `${randomInt(1, 10)}${randomDigits(count - 1)}`;
    if (!used.has(digits)) return digits;
  }
}

export function nextSequence(state: SimulatorState): number {
  state.traceSequence += 1;
  return state.traceSequence;
}

/** An ACH trace number: the originating bank's first 8 routing digits and a 7-digit sequence. */
export function nextTraceNumber(state: SimulatorState): string {
  return `${SIMULATED_ROUTING_NUMBER.slice(0, 8)}${String(nextSequence(state)).padStart(7, '0')}`;
}

/** A Fedwire IMAD: the input date, the sender's source id, and a 6-digit sequence. */
export function nextImad(state: SimulatorState, at: string): string {
  return `${at.slice(0, 10).replace(/-/g, '')}MMQFMP0P${String(nextSequence(state)).padStart(6, '0')}`;
}

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * 86_400_000).toISOString();
}
