import { apiError } from '../../errors';

/**
 * The hiring module's refusals. A missing row and another company's row get the same NOT_FOUND
 * answer, so a refusal reveals nothing about other companies; a rule a person can act on is
 * BAD_USER_INPUT (the mutations answer it in their payload's errors).
 */
export const departmentNotFound = () => apiError('NOT_FOUND', 'Department not found');
export const jobTitleNotFound = () => apiError('NOT_FOUND', 'Job title not found');
export const employeeNotFound = () => apiError('NOT_FOUND', 'Employee not found');
export const jobPositionNotFound = () => apiError('NOT_FOUND', 'Job position not found');
export const badHiringInput = (message: string) => apiError('BAD_USER_INPUT', message);
