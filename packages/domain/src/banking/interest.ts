import type { Cents } from '../money';
import { type MonthKey, monthBounds, parseMonthKey } from '../months';

/**
 * Interest on a Keel deposit account (spec §3 accountYield: apy, amount), accrued daily and credited
 * once a month. The convention:
 *
 * - The APY is in basis points (425 = 4.25%), as Keel holds every rate: integers, no float input.
 * - Daily compounding at d, where (1 + d)^(days in the year) = 1 + APY: 365 days, 366 in a leap year
 *   (Regulation DD allows either). So money left untouched for a calendar year earns exactly the APY.
 * - Each day's interest is d × (that day's end-of-day balance + the interest accrued and not yet
 *   credited). A negative (overdrawn) balance earns nothing, and nothing is charged on it.
 * - At month end the accrued interest is rounded to the cent, half to even, and credited; the fraction
 *   left over (at most half a cent either way) is carried into the next month, so over any run of
 *   months the credits plus the final carry equal the exact daily-compounded interest. Half-even is
 *   unbiased: over many accounts and months the bank neither over- nor under-pays by the rounding rule.
 * - Exact and deterministic on every engine: d is found once per (APY, year length) by bisection in
 *   fixed point (10^-18) with BigInt, and accrual runs in BigInt on 10^-12 of a cent. No float sits
 *   between the inputs and the result.
 */

/** The carry is held in units of 10^-12 cent: |carry| ≤ INTEREST_CARRY_SCALE / 2. */
export const INTEREST_CARRY_SCALE = 1_000_000_000_000;
export const APY_BASIS_POINTS_MAX = 10_000;

const RATE_SCALE = 10n ** 18n;
const CARRY_SCALE = BigInt(INTEREST_CARRY_SCALE);

function fixedPow(base: bigint, exponent: number): bigint {
  let result = RATE_SCALE;
  let square = base;
  for (let n = exponent; n > 0; n >>= 1) {
    if (n & 1) result = (result * square) / RATE_SCALE;
    square = (square * square) / RATE_SCALE;
  }
  return result;
}

const dailyRates = new Map<string, bigint>();

/**
 * The daily rate d, scaled by 10^18, with (1 + d)^daysInYear = 1 + APY: the largest d whose fixed-point
 * power does not pass 1 + APY.
 */
export function dailyInterestRate(apyBasisPoints: number, daysInYear: number): bigint {
  if (!Number.isInteger(apyBasisPoints) || apyBasisPoints < 0 || apyBasisPoints > APY_BASIS_POINTS_MAX) {
    throw new RangeError(`APY must be 0 to ${APY_BASIS_POINTS_MAX} basis points: ${apyBasisPoints}`);
  }
  if (daysInYear !== 365 && daysInYear !== 366) throw new RangeError(`Not a year's days: ${daysInYear}`);
  const key = `${apyBasisPoints}:${daysInYear}`;
  const known = dailyRates.get(key);
  if (known !== undefined) return known;
  const target = RATE_SCALE + BigInt(apyBasisPoints) * 10n ** 14n;
  // (1 + d)^n ≥ 1 + n·d, so d ≤ APY / n.
  let low = 0n;
  let high = (target - RATE_SCALE) / BigInt(daysInYear) + 1n;
  while (low < high) {
    const middle = (low + high + 1n) / 2n;
    if (fixedPow(RATE_SCALE + middle, daysInYear) <= target) low = middle;
    else high = middle - 1n;
  }
  dailyRates.set(key, low);
  return low;
}

function daysInYearOf(year: number): 365 | 366 {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 366 : 365;
}

/** a / b rounded half to even, for b > 0. */
function divideHalfEven(a: bigint, b: bigint): bigint {
  const quotient = a / b;
  const remainder = a - quotient * b;
  const floor = remainder < 0n ? quotient - 1n : quotient;
  const twice = 2n * (a - floor * b);
  if (twice < b || (twice === b && floor % 2n === 0n)) return floor;
  return floor + 1n;
}

export type MonthlyInterestInput = {
  month: MonthKey;
  apyBasisPoints: number;
  /** The balance at the end of each day of the month, in cents, first day first: one per day. */
  endOfDayBalances: readonly Cents[];
  /** The previous month's carry (0 for an account's first month). */
  carry?: number;
};

export type MonthlyInterest = {
  /** What is credited to the account at month end. Never negative. */
  interestCents: Cents;
  /** The accrued fraction not credited, in 10^-12 cent, for next month. */
  carry: number;
};

/** One month's interest on a deposit account: see the convention above. */
export function accrueMonthlyInterest(input: MonthlyInterestInput): MonthlyInterest {
  const { month, apyBasisPoints, endOfDayBalances, carry = 0 } = input;
  const days = Number(monthBounds(month).lastDay.slice(8));
  if (endOfDayBalances.length !== days) {
    throw new RangeError(`${month} has ${days} days, not ${endOfDayBalances.length} balances`);
  }
  if (!Number.isSafeInteger(carry) || Math.abs(carry) > INTEREST_CARRY_SCALE / 2) {
    throw new RangeError(`Not an interest carry: ${carry}`);
  }
  const rate = dailyInterestRate(apyBasisPoints, daysInYearOf(parseMonthKey(month).year));
  let accrued = BigInt(carry);
  for (const balance of endOfDayBalances) {
    if (!Number.isSafeInteger(balance)) throw new RangeError(`Not a cents balance: ${balance}`);
    const base = BigInt(Math.max(0, balance)) * CARRY_SCALE + accrued;
    if (base > 0n) accrued += (base * rate) / RATE_SCALE;
  }
  const interest = divideHalfEven(accrued, CARRY_SCALE);
  return { interestCents: Number(interest), carry: Number(accrued - interest * CARRY_SCALE) };
}
