import { TWO_FACTOR_MESSAGES } from '@keel/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/transactions';
import { badInput, tooManyRequests, unauthenticated } from '../../errors';
import { type ClientInfo, recordAuthEvent } from '../auth/audit';
import { releaseLoginAttempt, reserveLoginAttempt } from '../auth/loginThrottle';
import { verifyPassword } from '../auth/passwords';
import { findUserById } from '../auth/service';
import type { DepositAccountRow } from './depositAccounts';

/** A deposit account's full numbers, as revealAccountNumber answers them. */
export type RevealedAccountNumber = { accountId: string; accountNumber: string; routingNumber: string };

/** Passwords longer than this are refused as wrong without hashing them (the sign-in form's cap is far below). */
const PASSWORD_MAX = 1024;

/**
 * revealAccountNumber (the account cannot be funded while only '********9575' shows): the
 * deposit account's full account number, once the viewer has typed their password again. The password
 * is checked as the two-factor settings check it (security/reauthenticate.ts): under the sign-in rate
 * limits (a wrong one counts as a failed sign-in of that email from that address, so a stolen session
 * cannot guess it), 'Password is required' / 'Invalid password' on `password`, TOO_MANY_REQUESTS past
 * the limits. Unlike reauthenticate it opens nothing else for the session. Each reveal is an audit event
 * ('account_number.revealed': who, which account, when, from where), which names the account by id and
 * its last 4 digits, never the number. The routing number is not secret; it comes along for the copy.
 */
export async function revealAccountNumber(
  deps: { db: Db; clock: Clock },
  input: { userId: string; account: DepositAccountRow; password: string; client: ClientInfo },
): Promise<RevealedAccountNumber> {
  const { db, clock } = deps;
  const { account, password, client } = input;
  if (password === '') throw badInput(TWO_FACTOR_MESSAGES.passwordRequired, 'password');
  const user = await findUserById(db, input.userId);
  if (!user) throw unauthenticated();
  const reservation = await reserveLoginAttempt(db, clock, user.email, client);
  if (!reservation.allowed) {
    throw tooManyRequests(TWO_FACTOR_MESSAGES.tooManyAttempts, reservation.retryAfterSeconds);
  }
  if (password.length > PASSWORD_MAX || !(await verifyPassword(user.passwordHash, password))) {
    await recordAuthEvent(db, clock, {
      type: 'login.failed',
      userId: user.id,
      email: user.email,
      client,
      details: { step: 'reveal_account_number', accountId: account.id },
    });
    throw badInput(TWO_FACTOR_MESSAGES.passwordInvalid, 'password');
  }
  await releaseLoginAttempt(db, reservation);
  await writeTransaction(db, (tx) =>
    recordAuthEvent(tx, clock, {
      type: 'account_number.revealed',
      client,
      userId: user.id,
      entityId: account.entityId,
      details: { accountId: account.id, last4: account.accountNumber.slice(-4) },
    }),
  );
  return {
    accountId: account.id,
    accountNumber: account.accountNumber,
    routingNumber: account.routingNumber,
  };
}
