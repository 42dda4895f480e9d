/** Money is integer cents end to end (docs/architecture.md §5); these helpers are the only edges. */
export type Cents = number;

/**
 * The largest amount one entry or forecast occurrence may hold: 10^13 cents ($100 billion), far above
 * any real booking. Sums of many entries stay exact because the server also bounds a company's gross
 * volume (the sum of every entry's absolute amount) by 2^53 - 1 cents: see entity_ledger_volumes.
 */
export const MAX_ENTRY_CENTS = 10 ** 13;

/** What a form and the API say about an amount beyond MAX_ENTRY_CENTS: the limit, not just 'too large'. */
export const AMOUNT_TOO_LARGE = 'Amount can be at most $100,000,000,000.00 either way';

/** The amount input takes at most 23 characters (spec §9). */
export const AMOUNT_INPUT_MAX_LENGTH = 23;

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** '$1,234.56', '-$1,234.56'. */
export function formatCents(cents: Cents): string {
  return usd.format(cents / 100);
}

/** '$1,235': whole dollars, rounded half away from zero. */
export function formatCentsWhole(cents: Cents): string {
  return usdWhole.format(roundCentsToUnits(cents));
}

/** The exact amount as typed into an amount box, cents only when it has any: '-2046.85', '1200', '0.05'. */
export function formatCentsPlain(cents: Cents): string {
  const magnitude = Math.abs(Math.trunc(cents));
  const whole = Math.floor(magnitude / 100);
  const fraction = magnitude % 100;
  const text = fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
  return cents < 0 && magnitude !== 0 ? `-${text}` : text;
}

/** Whole units (dollars) of an amount in cents, rounded half away from zero: exports and inline edits. */
export function roundCentsToUnits(cents: Cents): number {
  const units = Math.round(Math.abs(cents) / 100);
  return cents < 0 ? -units : units;
}

/** Cents of an amount in whole units with at most 2 decimals (forecasts cross the API in units). */
export function unitsToCents(units: number): Cents {
  return Math.round(units * 100);
}

export type ParsedAmount = { ok: true; cents: Cents } | { ok: false; error: string };

/**
 * Parses what a person typed as an amount (spec §5): digits and one decimal point, at most two
 * decimals, optional thousands separators and a leading minus, at most 23 characters. Exact: no
 * floating point is involved.
 */
export function parseAmount(text: string): ParsedAmount {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { ok: false, error: 'Amount is required' };
  if (trimmed.length > AMOUNT_INPUT_MAX_LENGTH) return { ok: false, error: 'Amount is too long' };
  const match = /^(-?)(\d{1,3}(?:,\d{3})+|\d+)?(?:\.(\d*))?$/.exec(trimmed);
  if (!match || (match[2] === undefined && !match[3])) return { ok: false, error: 'Amount must be a number' };
  const [, minus, whole = '0', fraction = ''] = match;
  if (fraction.length > 2) return { ok: false, error: 'Amount can have at most 2 decimals' };
  const digits = `${whole.replaceAll(',', '')}${fraction.padEnd(2, '0')}`;
  const cents = Number(digits);
  if (!Number.isSafeInteger(cents) || cents > MAX_ENTRY_CENTS) return { ok: false, error: AMOUNT_TOO_LARGE };
  return { ok: true, cents: minus && cents !== 0 ? -cents : cents };
}
