import { apiError, badInput } from '../../errors';

/** The banking module's messages where the domain's forms have none (foreign ids answer like missing ones). */
export const BANKING_MESSAGES = {
  accountNotFound: 'Account not found',
  accountClosed: 'This account is closed',
  vendorNotFound: 'Vendor not found',
  insufficientFunds: 'Insufficient available balance for this transfer',
  datePast: 'The transfer date cannot be in the past',
  dateTooFar: 'The transfer date must be within 90 days',
  keyReused: 'This idempotency key was used for a different transfer',
  alreadyApproved: 'This company already has a Keel account',
} as const;

export const depositAccountNotFound = () => apiError('NOT_FOUND', BANKING_MESSAGES.accountNotFound);
export const bankingRefusal = (message: string, field?: string) => badInput(message, field);
