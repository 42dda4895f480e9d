import {
  decimalPlacesSchema,
  FORMULA_TEXT_MAX,
  inputNumberSchema,
  isCalendarMonth,
  MODEL_MONTHS_MAX,
  SEGMENTS_MAX,
} from '@keel/domain';
import type { StoredSegment, VariableData, VariableInputType } from '../../db/schema';
import { parseInput } from '../../graphql/parseInput';
import { badModelInput } from './modelErrors';

/** A month's typed value of a `list` input. */
export type MonthAmount = { month: string; amount: number };

/**
 * A number as a person types it into an input: digits with an optional sign, decimal point and
 * thousands separators ('1,250.50'); percent inputs are typed in percent and stored as a fraction.
 */
export function parseInputNumber(text: string, inputType: VariableInputType): number {
  const cleaned = text.trim().replace(/,/g, '').replace(/%$/, '');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned)) throw badModelInput('Value must be a number');
  const typed = parseInput(inputNumberSchema, Number(cleaned));
  return inputType === 'percent' ? Number((typed / 100).toPrecision(15)) : typed;
}

/** An input's stored data for its type, from what the call sent (absent parts kept from `existing`). */
export function resolveInputData(
  inputType: VariableInputType,
  sent: { value?: string | null; amounts?: MonthAmount[] | null; accountId?: string | null },
  existing: VariableData,
): VariableData {
  switch (inputType) {
    case 'number':
    case 'percent':
    case 'currency': {
      if (sent.value === undefined)
        return { value: typeof existing.value === 'number' ? existing.value : null };
      return {
        value:
          sent.value === null || sent.value.trim() === '' ? null : parseInputNumber(sent.value, inputType),
      };
    }
    case 'month': {
      const value = sent.value === undefined ? existing.value : sent.value?.trim() || null;
      if (value != null && !isCalendarMonth(value)) throw badModelInput('Month must be YYYY-MM');
      return { value: value ?? null };
    }
    case 'list': {
      if (!sent.amounts) return { amounts: existing.amounts ?? {} };
      if (sent.amounts.length > MODEL_MONTHS_MAX) {
        throw badModelInput(`A list holds at most ${MODEL_MONTHS_MAX} months`);
      }
      const amounts: Record<string, number> = {};
      for (const { month, amount } of sent.amounts) {
        if (!isCalendarMonth(month)) throw badModelInput('Month must be YYYY-MM');
        amounts[month] = parseInput(inputNumberSchema, amount);
      }
      return { amounts };
    }
    case 'link':
      return { accountId: sent.accountId === undefined ? (existing.accountId ?? null) : sent.accountId };
    default:
      return {};
  }
}

/**
 * An input's value carried over when its type is converted (spec §2 'Convert type'): what the person
 * saw stays, so 5 as a number becomes 5% (stored 0.05) and 5% becomes 5; a month and a number cannot
 * become each other, so that value is cleared.
 */
export function convertInputData(
  from: VariableInputType,
  to: VariableInputType,
  data: VariableData,
): VariableData {
  const numeric = ['number', 'percent', 'currency'];
  if (from === to) return data;
  if (numeric.includes(from) && numeric.includes(to) && typeof data.value === 'number') {
    if (from === 'percent') return { value: Number((data.value * 100).toPrecision(15)) };
    if (to === 'percent') return { value: Number((data.value / 100).toPrecision(15)) };
    return { value: data.value };
  }
  return {};
}

/** A variable's segments as sent: bounded in count and formula length, months real months. */
export function checkSegments(segments: StoredSegment[]): StoredSegment[] {
  if (segments.length > SEGMENTS_MAX)
    throw badModelInput(`A variable holds at most ${SEGMENTS_MAX} segments`);
  for (const segment of segments) {
    if (segment.formula.length > FORMULA_TEXT_MAX) {
      throw badModelInput(`A formula must be at most ${FORMULA_TEXT_MAX} characters`);
    }
    for (const month of [segment.startMonth, segment.endMonth]) {
      if (month != null && !isCalendarMonth(month)) throw badModelInput('Month must be YYYY-MM');
    }
  }
  return segments;
}

export function parseDecimalPlaces(value: number | null | undefined, fallback: number): number {
  if (value == null) return fallback;
  return parseInput(decimalPlacesSchema, value);
}
