import { apiError } from '../../graphql/errors';

/**
 * The models module's refusals. A missing row and another company's row get the same NOT_FOUND
 * answer, so a refusal reveals nothing about other companies.
 */
export const modelNotFound = () => apiError('NOT_FOUND', 'Model not found');
export const variableNotFound = () => apiError('NOT_FOUND', 'Variable not found');
export const outputNotFound = () => apiError('NOT_FOUND', 'Output not found');
export const badModelInput = (message: string) => apiError('BAD_USER_INPUT', message);
