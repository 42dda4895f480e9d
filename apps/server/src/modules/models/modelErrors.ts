import { apiError } from '../../graphql/errors';

/**
 * The models module's refusals. A missing row and another company's row get the same NOT_FOUND
 * answer, so a refusal reveals nothing about other companies.
 */
export const modelNotFound = () => apiError('NOT_FOUND', 'Model not found');
export const variableNotFound = () => apiError('NOT_FOUND', 'Variable not found');
export const outputNotFound = () => apiError('NOT_FOUND', 'Output not found');
export const badModelInput = (message: string) => apiError('BAD_USER_INPUT', message);

/** The value a domain schema accepts, or BAD_USER_INPUT with the schema's first message. */
export function parseModelInput<T>(
  schema: {
    safeParse(
      value: unknown,
    ): { success: true; data: T } | { success: false; error: { issues: { message: string }[] } };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw badModelInput(parsed.error.issues[0]?.message ?? 'Invalid input');
}
