/**
 * ABA routing transit numbers (spec §5 'routing number 9 digits'): 9 digits whose weighted sum
 * 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10, and whose first two digits name a
 * Federal Reserve routing symbol: 00 (the US Government), 01–12 (banks), 21–32 (thrifts),
 * 61–72 (electronic transactions) or 80 (traveler's checks).
 */

const WEIGHTS = [3, 7, 1, 3, 7, 1, 3, 7, 1] as const;

function hasFederalReservePrefix(prefix: number): boolean {
  return prefix <= 12 || (prefix >= 21 && prefix <= 32) || (prefix >= 61 && prefix <= 72) || prefix === 80;
}

/** Whether a text is a valid ABA routing number: 9 digits, a known prefix, a matching check digit. */
export function isAbaRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value) || !hasFederalReservePrefix(Number(value.slice(0, 2)))) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) sum += Number(value[i]) * WEIGHTS[i]!;
  return sum % 10 === 0;
}

/** The ninth digit that makes 8 digits a valid routing number (the sandbox bank core numbers its banks so). */
export function abaCheckDigit(firstEight: string): number {
  if (!/^\d{8}$/.test(firstEight)) throw new RangeError(`Not 8 digits: ${firstEight}`);
  let sum = 0;
  for (let i = 0; i < 8; i += 1) sum += Number(firstEight[i]) * WEIGHTS[i]!;
  return (10 - (sum % 10)) % 10;
}
