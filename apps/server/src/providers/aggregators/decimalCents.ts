import { type Cents, MAX_ENTRY_CENTS } from '@keel/domain';

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?$/;

/**
 * A vendor's decimal amount as integer cents, exactly: Plaid's JSON numbers (12.34) and MoneyKit's
 * strings ("384.05"). The amount is read as decimal text, digit by digit, never multiplied as a float
 * (12.34 * 100 is 1233.9999999999998; 1.005 * 100 rounds to 100). A number is read through its
 * shortest round-trip text, which is the decimal the vendor wrote for any amount of at most 15
 * significant digits. Digits past the cent (no USD amount has them) round half away from zero.
 * Throws on anything that is not a finite amount within MAX_ENTRY_CENTS.
 */
export function decimalToCents(value: number | string): Cents {
  const text = typeof value === 'number' ? numberText(value) : value.trim();
  const match = DECIMAL.exec(text);
  const [, sign = '', whole = '', fraction = ''] = match ?? [];
  if (!match || (whole === '' && fraction === '')) throw new Error(`Not a decimal amount: ${String(value)}`);
  const digits = whole.replace(/^0+(?=\d)/, '') || '0';
  if (digits.length > 16) throw new Error(`Amount out of range: ${String(value)}`);
  let cents = BigInt(digits) * 100n + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if ((fraction[2] ?? '0') >= '5') cents += 1n;
  if (cents > BigInt(MAX_ENTRY_CENTS)) throw new Error(`Amount out of range: ${String(value)}`);
  const magnitude = Number(cents);
  return sign === '-' && magnitude !== 0 ? -magnitude : magnitude;
}

/** A finite number's decimal text without an exponent (tiny ones written out; huge ones refused). */
function numberText(value: number): string {
  if (!Number.isFinite(value)) throw new Error(`Not a finite amount: ${value}`);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  if (Math.abs(value) >= 1e21) throw new Error(`Amount out of range: ${text}`);
  return value.toFixed(20);
}
