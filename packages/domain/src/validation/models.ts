import { z } from 'zod';
import { type MonthKey, monthsBetween } from '../months';
import { requiredNameSchema } from './text';

/**
 * Form and API rules for models, variables and outputs (spec §5 'Models'). One definition, used by the
 * models screens and the server.
 */

export const MODEL_NAME_MAX = 120;
export const VARIABLE_NAME_MAX = 120;
export const VARIABLE_DESCRIPTION_MAX = 2000;
/** A model spans at most 20 years of months: the data grid and every evaluation stay bounded. */
export const MODEL_MONTHS_MAX = 240;
/** Variables per model: the data sheet, its evaluation and its saves stay bounded. */
export const MODEL_VARIABLES_MAX = 2000;
export const SEGMENTS_MAX = 60;
export const DECIMAL_PLACES_MAX = 6;
/** The largest magnitude an input may hold, in its own unit (well inside exact doubles and cents). */
export const INPUT_VALUE_MAX = 1e13;

export const DEFAULT_MODEL_NAME = 'New Model';
export const DEFAULT_FORMULA_NAME = 'New Formula';
export const DEFAULT_INPUT_NAME = 'New Input';
/** A new segment's end, counted from its start (spec §4 'Segments'). */
export const NEW_SEGMENT_MONTHS = 24;

/** Spec §5: the messages of the models screens. */
export const MODEL_MESSAGES = {
  lastModel: 'A company keeps at least one model',
  duplicateVariableName: 'A variable with this name already exists in this model',
  modelEndBeforeStart: 'The model must end after it starts',
  modelTooLong: `A model can span at most ${MODEL_MONTHS_MAX} months`,
  bankOutput: 'Models cannot write to Banks, Credit Cards, Investments or Loans',
  outputNotFormula: 'An output writes a variable of the same model',
  linkToOwnOutput: 'A linked input cannot read an account its own model writes to',
} as const;

const nameSchema = requiredNameSchema;

export const modelNameSchema = nameSchema('Name', MODEL_NAME_MAX);
export const variableNameSchema = nameSchema('Name', VARIABLE_NAME_MAX);
export const variableDescriptionSchema = z
  .string()
  .trim()
  .max(VARIABLE_DESCRIPTION_MAX, `Description must be at most ${VARIABLE_DESCRIPTION_MAX} characters`);

export const decimalPlacesSchema = z
  .number()
  .int('Decimal places must be a whole number')
  .min(0, `Decimal places must be between 0 and ${DECIMAL_PLACES_MAX}`)
  .max(DECIMAL_PLACES_MAX, `Decimal places must be between 0 and ${DECIMAL_PLACES_MAX}`);

/** A number an input holds: finite, within ±INPUT_VALUE_MAX. */
export const inputNumberSchema = z
  .number({ error: 'Value must be a number' })
  .refine((value) => Number.isFinite(value), 'Value must be a number')
  .refine((value) => Math.abs(value) <= INPUT_VALUE_MAX, `Value must be between -1e13 and 1e13`);

/**
 * Account groups models never write to (spec §9 'Models exclude'): money accounts are moved by
 * transactions, not planned by formulas.
 */
export const MODEL_EXCLUDED_ACCOUNT_GROUPS = ['Banks', 'Credit Cards', 'Investments', 'Loans'] as const;

/** The problem with a model range, or null: the end after the start, at most MODEL_MONTHS_MAX months. */
export function findModelRangeProblem(startMonth: MonthKey, endMonth: MonthKey): string | null {
  if (endMonth < startMonth) return MODEL_MESSAGES.modelEndBeforeStart;
  if (monthsBetween(startMonth, endMonth) + 1 > MODEL_MONTHS_MAX) return MODEL_MESSAGES.modelTooLong;
  return null;
}

/**
 * A name not yet taken, compared case-insensitively (spec §5): `base`, else 'base (1)', 'base (2)', ...
 */
export function uniqueVariableName(base: string, taken: Iterable<string>): string {
  const names = new Set([...taken].map((name) => name.toLowerCase()));
  if (!names.has(base.toLowerCase())) return base;
  for (let n = 1; ; n += 1) {
    const candidate = `${base} (${n})`;
    if (!names.has(candidate.toLowerCase())) return candidate;
  }
}
