import { ApiError } from '../../lib/restClient';

/**
 * Why a link flow failed, for the person linking: the sandbox's refusal (its detail is the vendor's
 * message), Keel's refusal or a vendor widget's message, or a plain fallback.
 */
export function describeLinkFailure(error: unknown): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Please try again.';
}
