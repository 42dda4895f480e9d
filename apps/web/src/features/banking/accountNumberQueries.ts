import { graphql, type ResultOf } from '../../lib/graphql';

/**
 * revealAccountNumber (for funding the account): the full account and routing numbers after the
 * viewer's password. Sent with fetchPolicy 'no-cache', so the number never sits in Apollo's store.
 */
export const REVEAL_ACCOUNT_NUMBER_MUTATION = graphql(`
  mutation RevealAccountNumber($accountId: ID!, $password: String!) {
    revealAccountNumber(accountId: $accountId, password: $password) {
      accountId
      accountNumber
      routingNumber
    }
  }
`);

export type RevealedAccountNumber = ResultOf<typeof REVEAL_ACCOUNT_NUMBER_MUTATION>['revealAccountNumber'];

/** How long a revealed account number stays on screen before it is masked again. */
export const ACCOUNT_NUMBER_REVEAL_SECONDS = 60;

/** What a Copy button puts on the clipboard: the digits only (no spaces or dashes a bank form would refuse). */
export const digitsOnly = (value: string): string => value.replace(/\D/g, '');
