import { isMonthKey } from '@keel/domain';
import SchemaBuilder from '@pothos/core';
import type { Context } from './context';
import { apiError } from './errors';

/** The one Pothos builder. Each module adds its types, queries and mutations to it. */
export const builder = new SchemaBuilder<{
  Context: Context;
  DefaultFieldNullability: false;
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    /** An amount in integer cents (a safe integer). */
    Cents: { Input: number; Output: number };
    /** An amount in whole units (dollars) with at most 2 decimals, as forecasts are sent (spec §1). */
    Units: { Input: number; Output: number };
    /** A calendar month, 'YYYY-MM'. */
    MonthKey: { Input: string; Output: string };
    /** A calendar date, 'YYYY-MM-DD'. */
    Date: { Input: string; Output: string };
  };
}>({ defaultFieldNullability: false });

builder.scalarType('DateTime', {
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('Invalid DateTime');
    return date;
  },
});

const badInput = (message: string) => apiError('BAD_USER_INPUT', message);

builder.scalarType('Cents', {
  description: 'An amount in integer cents.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput('Amount must be a number');
    if (!Number.isInteger(value)) throw badInput('Amount can have at most 2 decimals');
    if (!Number.isSafeInteger(value)) throw badInput('Amount is too large');
    return value;
  },
});

builder.scalarType('Units', {
  description: 'An amount in whole units (dollars), at most 2 decimals.',
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput('Amount must be a number');
    const cents = value * 100;
    if (Math.abs(cents - Math.round(cents)) > 1e-6) throw badInput('Amount can have at most 2 decimals');
    if (!Number.isSafeInteger(Math.round(cents))) throw badInput('Amount is too large');
    return value;
  },
});

builder.scalarType('MonthKey', {
  description: "A calendar month, 'YYYY-MM'.",
  serialize: (value) => value,
  parseValue: (value) => {
    if (!isMonthKey(value)) throw badInput('Month must be YYYY-MM');
    return value;
  },
});

builder.scalarType('Date', {
  description: "A calendar date, 'YYYY-MM-DD'.",
  serialize: (value) => value,
  parseValue: (value) => {
    if (typeof value !== 'string' || !isIsoDate(value)) throw badInput('Date must be YYYY-MM-DD');
    return value;
  },
});

/** A real calendar day in 'YYYY-MM-DD' form (no 2026-02-30). */
function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

builder.queryType({});
builder.mutationType({});
