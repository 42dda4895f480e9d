import type { Cents } from '@keel/domain';
import type { AggregatorAccount, AggregatorAccountType } from './index';

/** Accounts whose balance is what is owed (positive): a payment into them lowers it. */
const owes = (type: AggregatorAccountType) => type === 'credit' || type === 'loan';

/**
 * The vendors' current balances leave pending transactions out (Plaid's is the posted balance, its
 * `available` reflects holds; MoneyKit's pending transactions 'have not yet affected the account'),
 * while the books import them (AggregatorAccount). So the live adapters add them: `pendingInto` is,
 * per account id, the sum of its pending transactions in cents, money into the account positive. For
 * an owed account money in lowers what is owed.
 */
export function countPendingInCurrent(
  accounts: readonly AggregatorAccount[],
  pendingInto: ReadonlyMap<string, Cents>,
): AggregatorAccount[] {
  return accounts.map((account) => {
    const into = pendingInto.get(account.accountId) ?? 0;
    const current = account.balances.current;
    if (into === 0 || current === null) return account;
    return {
      ...account,
      balances: { ...account.balances, current: owes(account.type) ? current - into : current + into },
    };
  });
}

/** The sum per account of these transactions' amounts (cents, money into the account positive). */
export function sumByAccount(
  transactions: Iterable<{ accountId: string; amount: Cents }>,
): Map<string, Cents> {
  const sums = new Map<string, Cents>();
  for (const { accountId, amount } of transactions) sums.set(accountId, (sums.get(accountId) ?? 0) + amount);
  return sums;
}
