import { apiError } from '../../errors';

/**
 * The report queries' refusals (spec §8). An unknown report and another company's report get the same
 * NOT_FOUND answer, so a refusal reveals nothing about other companies.
 */
export const reportNotFound = (reportId: string) => apiError('NOT_FOUND', `Report not found: ${reportId}`);
export const defaultReportNotFound = () => apiError('NOT_FOUND', 'Financial Report not found');
export const reportAccountNotFound = () => apiError('NOT_FOUND', 'Account not found');
export const badReportInput = (message: string) => apiError('BAD_USER_INPUT', message);
