import type { z } from 'zod';
import { badInput } from '../../../errors';

/** The value a domain schema accepts, or BAD_USER_INPUT with its first message and `extensions.field`. */
export function parseField<T>(schema: z.ZodType<T>, value: unknown, field: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badInput(parsed.error.issues[0]?.message ?? 'Invalid input', field);
}
