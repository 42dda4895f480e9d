import { apiError, badInput } from '../errors';

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

/** A schema whose issues say where they are (zod's `path`). */
type PathInputSchema<T> = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/** Where an issue is, as `extensions.field` names it: the argument, and inside an input its field. */
export function fieldOfIssue(issue: { path: PropertyKey[] }): string | undefined {
  const path = issue.path.filter((key) => typeof key === 'string' || typeof key === 'number');
  return path.length > 0 ? path.map(String).join('.') : undefined;
}

/**
 * The value a domain schema accepts for an object of arguments, or BAD_USER_INPUT with the schema's
 * first message and the field it is about (`extensions.field`: 'email', 'physicalAddress.city').
 */
export function parseArgs<T>(schema: PathInputSchema<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw badInput(issue?.message ?? 'Invalid input', issue ? fieldOfIssue(issue) : undefined);
}
