import {
  decimalPlacesSchema,
  FORMULA_TEXT_MAX,
  findInputConversionProblem,
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
function parseInputNumber(text: string, inputType: VariableInputType): number {
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
 * An input's data carried over when its type is converted (spec 'Models screens': Convert type). The
 * value keeps its meaning, so formulas read the same number: 5% (stored 0.05) becomes the number 0.05,
 * the number 0.05 becomes 5%, a number becomes that many dollars and back (findInputConversionProblem).
 * A conversion that cannot keep the meaning (a percentage and a currency, a month and a number, a list
 * or a link and one value) is refused while the input holds a value, unless the call sends the new
 * type's value with it; an empty input converts freely.
 */
export function convertInputData(
  from: VariableInputType,
  to: VariableInputType,
  data: VariableData,
  sent: { value?: string | null; amounts?: MonthAmount[] | null; accountId?: string | null },
): VariableData {
  if (from === to) return data;
  if (from === 'formulas' || to === 'formulas') return {};
  const replaced =
    to === 'list'
      ? sent.amounts != null
      : to === 'link'
        ? sent.accountId !== undefined
        : sent.value !== undefined;
  const problem = findInputConversionProblem(from, to, holdsValue(from, data));
  if (problem && !replaced) throw badModelInput(problem);
  if (problem) return {};
  if (NUMERIC_TYPES.includes(from) && NUMERIC_TYPES.includes(to)) {
    return { value: typeof data.value === 'number' ? data.value : null };
  }
  return {};
}

const NUMERIC_TYPES: VariableInputType[] = ['number', 'percent', 'currency'];

function holdsValue(inputType: VariableInputType, data: VariableData): boolean {
  if (inputType === 'list') return Object.keys(data.amounts ?? {}).length > 0;
  if (inputType === 'link') return data.accountId != null;
  return data.value != null;
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
