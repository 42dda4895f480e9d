import { CALENDAR_MONTH_MAX, CALENDAR_MONTH_MIN, isCalendarMonth, isMonthKey } from '@keel/domain';
import { z } from 'zod';
import { ToolInputError } from './toolTypes';

/** A 'YYYY-MM' month argument: a real calendar month (the window around today is checked by the tool). */
export const monthArg = z
  .string()
  .max(7)
  .refine(isMonthKey, 'must be a month, YYYY-MM')
  .refine(isCalendarMonth, `must be between ${CALENDAR_MONTH_MIN} and ${CALENDAR_MONTH_MAX}`)
  .describe("A month, 'YYYY-MM'");

/** How many items a ranking lists: 1 to 20. */
const TOP_MAX = 20;
export const topArg = z.number().int().min(1).max(TOP_MAX).describe(`How many to list, 1 to ${TOP_MAX}`);

/** A name or search text: trimmed, 1 to `max` characters. */
export const textArg = (max: number) => z.string().trim().min(1, 'must not be empty').max(max);

/**
 * A tool's arguments as its schema takes them, or ToolInputError naming the argument and the problem
 * ('from: must be a month, YYYY-MM'). Missing or null arguments are treated alike (models send either).
 */
export function parseToolArgs<T>(schema: z.ZodType<T>, args: unknown): T {
  const value = args === undefined || args === null ? {} : withoutNulls(args);
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  throw new ToolInputError(`${where}${issue?.message ?? 'invalid arguments'}`);
}

function withoutNulls(args: unknown): unknown {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return args;
  return Object.fromEntries(Object.entries(args).filter(([, value]) => value !== null));
}
