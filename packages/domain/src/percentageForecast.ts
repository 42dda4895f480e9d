import { z } from 'zod';
import { modelValueToCents } from './formula/formulaValue';
import { evaluateModel } from './formula/model/createModelEvaluator';
import type { MonthKey } from './months';

/**
 * A 'percentage' forecast: each month, a percent of another report line's figure
 * that month ('Stripe fees: 2.9% of Revenue'). The percent is held exactly as millionths of the source
 * (parts per million): 2.9% is 29,000; percents have at most PERCENTAGE_DECIMALS decimals, so every
 * percent the form accepts is a whole number of millionths.
 */
export const PERCENTAGE_MIN = -1000;
export const PERCENTAGE_MAX = 1000;
export const PERCENTAGE_DECIMALS = 4;
const PPM_PER_PERCENT = 10_000;

const PERCENT_RANGE = `Percent must be between ${PERCENTAGE_MIN}% and ${PERCENTAGE_MAX}%`;

/** A percent as typed (2.9 for 2.9%): finite, within ±1000%, at most 4 decimals, not zero. */
export const forecastPercentSchema = z
  .number({ error: 'Percent is required' })
  .refine(Number.isFinite, 'Percent must be a number')
  .refine((value) => value >= PERCENTAGE_MIN && value <= PERCENTAGE_MAX, PERCENT_RANGE)
  .refine(
    (value) => Number.isInteger(Number((value * PPM_PER_PERCENT).toFixed(6))),
    `Percent must have at most ${PERCENTAGE_DECIMALS} decimals`,
  )
  .refine((value) => value !== 0, 'Percent must not be zero');

/** A percent (2.9) as millionths of the source (29,000), exactly: the percent has at most 4 decimals. */
export function percentToPpm(percent: number): number {
  return Math.round(percent * PPM_PER_PERCENT);
}

/** Millionths (29,000) back as the percent a person types (2.9). */
export function ppmToPercent(ppm: number): number {
  return ppm / PPM_PER_PERCENT;
}

/**
 * `ppm` millionths of `cents`, rounded half away from zero to the cent, in exact integer arithmetic
 * (the product of a 10^13-cent figure and 10^7 millionths is past what a double holds exactly).
 */
export function shareOfCents(cents: number, ppm: number): number {
  const product = BigInt(cents) * BigInt(ppm);
  const magnitude = product < 0n ? -product : product;
  const rounded = (2n * magnitude + 1_000_000n) / 2_000_000n;
  return Number(product < 0n ? -rounded : rounded) + 0;
}

/** Below this many units a month, a double holds the engine's product to the cent (15 significant digits). */
const ENGINE_EXACT_UNITS = 10_000_000;

/** A month of a percentage forecast: the source line's figure, as its report row shows it, and the result. */
export type PercentageForecastMonth = { month: MonthKey; sourceCents: number; cents: number };

/** The formula a percentage forecast is evaluated as: its source line's figure times the percent. */
export const PERCENTAGE_FORMULA = '{{source}} * {{share}}';

/**
 * A percentage forecast's figure in each of its months, computed by the model engine: a model whose
 * link input `source` holds the source line's figures (in units, as its report row shows them), whose
 * percent input `share` is the percent as a fraction, and whose one formula is
 * `{{source}} * {{share}}`, evaluated over the forecast's months. Each month's value becomes cents as a
 * model output's does (modelValueToCents: half away from zero); past ENGINE_EXACT_UNITS, where a
 * double no longer carries the product to the cent, the exact integer product is taken
 * (shareOfCents), so every month is exact to the cent. Figures are in the report's sign (an income
 * line's revenue positive); the caller books them with its account's sign.
 */
export function computePercentageForecast(
  source: readonly { month: MonthKey; cents: number }[],
  ppm: number,
  today: MonthKey,
): PercentageForecastMonth[] {
  const months = [...source].sort((a, b) => a.month.localeCompare(b.month));
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return [];
  const evaluation = evaluateModel({
    startMonth: first.month,
    endMonth: last.month,
    today,
    variables: [
      {
        id: 'source',
        kind: 'input',
        inputType: 'link',
        monthValues: Object.fromEntries(months.map((m) => [m.month, m.cents / 100])),
      },
      { id: 'share', kind: 'input', inputType: 'percent', value: ppm / 1_000_000 },
      {
        id: 'forecast',
        kind: 'formula',
        segments: [
          {
            formula: PERCENTAGE_FORMULA,
            startMonth: null,
            startType: 'auto',
            endMonth: null,
            endType: 'auto',
          },
        ],
      },
    ],
  });
  const cells = evaluation.values.get('forecast') ?? [];
  const indexOf = new Map(evaluation.months.map((month, index) => [month, index]));
  return months.map(({ month, cents: sourceCents }) => {
    const cell = cells[indexOf.get(month) ?? -1];
    const exact = shareOfCents(sourceCents, ppm);
    if (typeof cell !== 'number' || Math.abs(cell) >= ENGINE_EXACT_UNITS) {
      return { month, sourceCents, cents: exact };
    }
    return { month, sourceCents, cents: modelValueToCents(cell) };
  });
}
