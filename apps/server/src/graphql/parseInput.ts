import { apiError } from './errors';

/** What `parseInput` accepts: any schema with zod's `safeParse` shape. */
export type InputSchema<T> = {
  safeParse(
    value: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
};

/** The value a domain schema accepts, or BAD_USER_INPUT with the schema's first message. */
export function parseInput<T>(schema: InputSchema<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw apiError('BAD_USER_INPUT', parsed.error.issues[0]?.message ?? 'Invalid input');
}
