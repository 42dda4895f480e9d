import { checkFinite } from '../formulaValue';
import { type RoundingMode, roundDecimal } from './roundDecimal';
import { functionFailure, numberArgument, type ScalarFunction } from './scalarFunction';

/** SUB(a, b): a − b. */
const SUB: ScalarFunction = (args) => {
  const a = numberArgument(args, 0, 'SUB');
  if (typeof a === 'object') return a;
  const b = numberArgument(args, 1, 'SUB');
  if (typeof b === 'object') return b;
  return checkFinite(a - b);
};

/** DIV(a, b): a ÷ b; fails when b is 0 (Excel's #DIV/0!). */
const DIV: ScalarFunction = (args) => {
  const a = numberArgument(args, 0, 'DIV');
  if (typeof a === 'object') return a;
  const b = numberArgument(args, 1, 'DIV');
  if (typeof b === 'object') return b;
  if (b === 0) return functionFailure('DIV: division by zero');
  return checkFinite(a / b);
};

/**
 * MOD(a, b): the remainder of a ÷ b with the sign of the divisor, as Excel's MOD: a − b × floor(a / b),
 * so MOD(-3, 2) = 1 and MOD(3, -2) = -1. Fails when b is 0.
 */
const MOD: ScalarFunction = (args) => {
  const a = numberArgument(args, 0, 'MOD');
  if (typeof a === 'object') return a;
  const b = numberArgument(args, 1, 'MOD');
  if (typeof b === 'object') return b;
  if (b === 0) return functionFailure('MOD: division by zero');
  const remainder = a % b;
  const result = remainder !== 0 && remainder < 0 !== b < 0 ? remainder + b : remainder;
  return checkFinite(result === 0 ? 0 : result);
};

/**
 * POW(base, exponent): base raised to the exponent. Fails where there is no real answer (a negative
 * base to a fractional power, POW(-8, 1/3): Excel's #NUM!), for 0 to a negative power (a division by
 * zero) and when the result is too large. POW(0, 0) is 1, as in LibreOffice and JavaScript.
 */
const POW: ScalarFunction = (args) => {
  const base = numberArgument(args, 0, 'POW');
  if (typeof base === 'object') return base;
  const exponent = numberArgument(args, 1, 'POW');
  if (typeof exponent === 'object') return exponent;
  if (base === 0 && exponent < 0) return functionFailure('POW: division by zero (0 to a negative power)');
  const result = base ** exponent;
  if (Number.isNaN(result))
    return functionFailure('POW: a negative number to a fractional power has no real value');
  if (!Number.isFinite(result)) return functionFailure('POW: the result is too large');
  return result;
};

/** EXP(x): e raised to x; fails when the result is too large (x above about 709). */
const EXP: ScalarFunction = (args) => {
  const x = numberArgument(args, 0, 'EXP');
  if (typeof x === 'object') return x;
  const result = Math.exp(x);
  return Number.isFinite(result) ? result : functionFailure('EXP: the result is too large');
};

/**
 * ROUND, ROUND_UP and ROUND_DOWN(number, digits = 0): `digits` decimals, negative digits round to
 * tens, hundreds, …; a fractional `digits` drops its fraction (1.9 → 1) as in Excel. The modes are in
 * roundDecimal: ROUND halves away from zero (ROUND(-2.5) = -3), ROUND_UP away from zero, ROUND_DOWN
 * toward zero; rounding reads the decimal digits, so ROUND(2.675, 2) is 2.68.
 */
function rounding(name: string, mode: RoundingMode): ScalarFunction {
  return (args) => {
    const value = numberArgument(args, 0, name);
    if (typeof value === 'object') return value;
    const digits = numberArgument(args, 1, name);
    if (typeof digits === 'object') return digits;
    return checkFinite(roundDecimal(value, Math.max(-400, Math.min(400, Math.trunc(digits))), mode));
  };
}

export const MATH_FUNCTIONS = {
  SUB,
  DIV,
  MOD,
  POW,
  EXP,
  ROUND: rounding('ROUND', 'half-away'),
  ROUND_UP: rounding('ROUND_UP', 'away'),
  ROUND_DOWN: rounding('ROUND_DOWN', 'toward'),
} satisfies Record<string, ScalarFunction>;
