import { TEAM_MESSAGES } from '@keel/domain';
import { apiError } from '../../errors';

/**
 * The team module's refusals. A missing row and another company's row get the same NOT_FOUND answer,
 * so a refusal reveals nothing about other companies.
 */
export const inviteNotFound = () => apiError('NOT_FOUND', TEAM_MESSAGES.inviteNotFound);
export const memberNotFound = () => apiError('NOT_FOUND', TEAM_MESSAGES.memberNotFound);
