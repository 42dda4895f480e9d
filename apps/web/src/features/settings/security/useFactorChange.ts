import { useMutation } from '@apollo/client/react';
import { useCallback } from 'react';
import { describeSecurityError, isReauthenticationExpired } from './securityErrors';
import { type FactorChangeResult, UPDATE_USER_FACTOR_MUTATION } from './securityQueries';

/** What an updateUserFactor call came to. `expired`: the 15 minutes are over (the caller has locked). */
export type FactorChangeOutcome =
  | { kind: 'done'; result: FactorChangeResult }
  | { kind: 'expired' }
  | { kind: 'failed'; message: string };

/** Runs updateUserFactor with these arguments. */
export type ChangeFactor = (variables: {
  otpAttempt?: string;
  phoneNumber?: string;
}) => Promise<FactorChangeOutcome>;

/** The first refusal about `field`, else the first of any. */
export function factorErrorFor(result: FactorChangeResult, field: string): string | null {
  const match = result.fieldErrors.find((error) => error.field === field) ?? result.fieldErrors[0];
  return match?.message ?? result.errors[0] ?? null;
}

/**
 * Runs updateUserFactor (spec §7). A FORBIDDEN answer (the password re-entry is older than 15 minutes)
 * calls `onExpired`, which sends the section back to the password prompt.
 */
export function useFactorChange(onExpired: () => void): ChangeFactor {
  const [mutate] = useMutation(UPDATE_USER_FACTOR_MUTATION);
  return useCallback(
    async (variables: { otpAttempt?: string; phoneNumber?: string }): Promise<FactorChangeOutcome> => {
      try {
        const { data } = await mutate({ variables });
        if (!data) return { kind: 'failed', message: describeSecurityError(null) };
        return { kind: 'done', result: data.updateUserFactor };
      } catch (error) {
        if (isReauthenticationExpired(error)) {
          onExpired();
          return { kind: 'expired' };
        }
        return { kind: 'failed', message: describeSecurityError(error) };
      }
    },
    [mutate, onExpired],
  );
}
