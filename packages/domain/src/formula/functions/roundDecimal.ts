/**
 * How ROUND, ROUND_UP and ROUND_DOWN round (Excel's ROUND, ROUNDUP and ROUNDDOWN):
 * - `half-away`: to the nearest, halves away from zero (2.5 → 3, -2.5 → -3);
 * - `away`: away from zero when anything is dropped (1.21 → 1.3, -1.21 → -1.3);
 * - `toward`: toward zero, dropping the rest (1.29 → 1.2, -1.29 → -1.2).
 */
export type RoundingMode = 'half-away' | 'away' | 'toward';

/** Spreadsheets hold and show 15 significant digits; rounding reads a number's digits at that precision. */
const SIGNIFICANT_DIGITS = 15;

/**
 * Rounds to `digits` decimals (negative: to tens, hundreds, …) on the number's decimal digits, not on
 * its binary value: 2.675 is held as 2.67499999…, yet ROUND(2.675, 2) is 2.68 as the user wrote it, and
 * ROUND_UP(0.1 + 0.2, 1) is 0.3. The digits are the number's 15 significant ones (as Excel and
 * LibreOffice read it); the answer is parsed back from its decimal text, so it is the double nearest
 * the exact decimal result. A number with no digit past the place rounded to comes back unchanged.
 */
export function roundDecimal(value: number, digits: number, mode: RoundingMode): number {
  if (value === 0 || !Number.isFinite(value)) return value === 0 ? 0 : value;
  const [mantissa = '0', exponentText = '0'] = Math.abs(value)
    .toExponential(SIGNIFICANT_DIGITS - 1)
    .split('e');
  const significant = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  // How many of the significant digits stay: those down to the 10^-digits place.
  const keep = exponent + 1 + digits;
  if (keep >= SIGNIFICANT_DIGITS) return value;
  const sign = value < 0 ? '-' : '';
  const kept = keep > 0 ? significant.slice(0, keep) : '0';
  const dropped = keep > 0 ? significant.slice(keep) : keep === 0 ? significant : `0${significant}`;
  let roundUp = false;
  if (mode === 'half-away') roundUp = (dropped[0] ?? '0') >= '5';
  else if (mode === 'away') roundUp = /[1-9]/.test(dropped);
  const whole = roundUp ? String(Number(kept) + 1) : kept;
  const result = Number(`${sign}${whole}e${-digits}`);
  return result === 0 ? 0 : result;
}
