import { describeDashboardIssue } from '@keel/domain';
import { apiError, KeelError } from '../../errors';
import type { InputSchema } from '../../graphql/parseInput';

/**
 * The dashboards module's refusals. A missing row and another company's row get the same NOT_FOUND
 * answer, so a refusal reveals nothing about other companies; a rule a person can act on is
 * BAD_USER_INPUT (the mutations answer it in their payload's errors).
 */
export const dashboardNotFound = () => apiError('NOT_FOUND', 'Dashboard not found');
export const chartNotFound = () => apiError('NOT_FOUND', 'Chart not found');
export const chartAccountNotFound = () => apiError('NOT_FOUND', 'Account not found');
/** Spec §8's wording for a report line item that is not in the report. */
export const lineItemNotFound = (lineId: string) =>
  apiError('NOT_FOUND', `Line item not found for lineId ${lineId}`);

/** BAD_USER_INPUT naming the argument it is about (`extensions.field`), as the input checks do. */
export const badDashboardInput = (message: string, field?: string) =>
  new KeelError('BAD_USER_INPUT', message, field ? { field } : {});

type PathSchema<T> = {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * The value a domain schema accepts, or BAD_USER_INPUT saying where the first problem is ('Data group
 * 1, series 2: Color must be ...', describeDashboardIssue) with the argument it is in as `field`.
 */
export function parseDashboardInput<T>(schema: PathSchema<T> & InputSchema<T>, value: unknown): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  if (!issue) throw badDashboardInput('Invalid input');
  const field = typeof issue.path[0] === 'string' ? issue.path[0] : undefined;
  throw badDashboardInput(describeDashboardIssue(issue), field);
}
