import {
  AMOUNT_TOO_LARGE,
  CALENDAR_MONTH_MAX,
  CALENDAR_MONTH_MIN,
  isCalendarDate,
  isCalendarMonth,
  isMonthKey,
} from '@keel/domain';
import SchemaBuilder from '@pothos/core';
import { GraphQLError, Kind, type ValueNode } from 'graphql';
import { KeelError } from '../errors';
import type { Context } from './context';
import { toGraphQLError } from './errors';

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

/** A scalar's refusal: GraphQL's own, so validation names the argument and keeps the message. */
const badInput = (message: string) => toGraphQLError(new KeelError('BAD_USER_INPUT', message));

/**
 * A literal in the document (`date: "2026-01-01"`) parsed like a variable's value, its error pointing
 * at the literal so validation can name the argument that holds it.
 */
function parseLiteralWith<T>(parse: (value: unknown) => T) {
  return (node: ValueNode): T => {
    const value =
      node.kind === Kind.STRING
        ? node.value
        : node.kind === Kind.INT || node.kind === Kind.FLOAT
          ? Number(node.value)
          : node.kind === Kind.BOOLEAN
            ? node.value
            : undefined;
    try {
      return parse(value);
    } catch (error) {
      if (!(error instanceof GraphQLError)) throw error;
      throw new GraphQLError(error.message, { nodes: [node], extensions: error.extensions });
    }
  };
}

function parseDateTime(value: unknown): Date {
  const date = typeof value === 'string' ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(date.getTime())) throw badInput('Must be an ISO 8601 timestamp');
  return date;
}

function parseCents(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput('Amount must be a number');
  if (!Number.isInteger(value)) throw badInput('Amount can have at most 2 decimals');
  if (!Number.isSafeInteger(value)) throw badInput(AMOUNT_TOO_LARGE);
  return value;
}

function parseUnits(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw badInput('Amount must be a number');
  const cents = value * 100;
  if (Math.abs(cents - Math.round(cents)) > 1e-6) throw badInput('Amount can have at most 2 decimals');
  if (!Number.isSafeInteger(Math.round(cents))) throw badInput(AMOUNT_TOO_LARGE);
  return value;
}

function parseMonth(value: unknown): string {
  if (!isMonthKey(value)) throw badInput('Month must be YYYY-MM');
  if (!isCalendarMonth(value)) {
    throw badInput(`Month must be between ${CALENDAR_MONTH_MIN} and ${CALENDAR_MONTH_MAX}`);
  }
  return value;
}

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value))
    throw badInput('Date must be YYYY-MM-DD');
  if (!isCalendarDate(value)) {
    throw badInput(`Date must be a real day between ${CALENDAR_MONTH_MIN}-01 and ${CALENDAR_MONTH_MAX}-31`);
  }
  return value;
}

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 timestamp.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: parseDateTime,
  parseLiteral: parseLiteralWith(parseDateTime),
});

builder.scalarType('Cents', {
  description: 'An amount in integer cents.',
  serialize: (value) => value,
  parseValue: parseCents,
  parseLiteral: parseLiteralWith(parseCents),
});

builder.scalarType('Units', {
  description: 'An amount in whole units (dollars), at most 2 decimals.',
  serialize: (value) => value,
  parseValue: parseUnits,
  parseLiteral: parseLiteralWith(parseUnits),
});

builder.scalarType('MonthKey', {
  description: "A calendar month, 'YYYY-MM', from 1900-01 to 2199-12.",
  serialize: (value) => value,
  parseValue: parseMonth,
  parseLiteral: parseLiteralWith(parseMonth),
});

builder.scalarType('Date', {
  description: "A calendar date, 'YYYY-MM-DD', from 1900-01-01 to 2199-12-31.",
  serialize: (value) => value,
  parseValue: parseDate,
  parseLiteral: parseLiteralWith(parseDate),
});

builder.queryType({});
builder.mutationType({});
// Realtime: served over SSE (`Accept: text/event-stream`) by Yoga; modules add fields with
// builder.subscriptionFields, their events from ctx.realtime.
builder.subscriptionType({});
