import { PROVIDER_ACCOUNT_TYPE } from './banking/providerAccount';
import { type ChartOrderItem, sortChartDepthFirst } from './chartOrder';
import { DEFAULT_AGAINST_ACCOUNT_NAME } from './validation/ledger';

/** What choosing the default against account needs to know of an account. */
export type AgainstAccountCandidate = ChartOrderItem & { refType: string | null };

/**
 * The default booked-against account (spec §5 'Default booked-against account', made precise here), for
 * an entry or forecast whose request and transaction name none: the first account without sub-accounts
 * under the top-level account named Banks; Banks itself while it has none; else the first account of the
 * chart without sub-accounts. 'First' is in the grid's order (sortChartDepthFirst), so
 * Banks/Operating/Main comes before Banks/Savings whatever their depths. A group account is never the
 * default (what is booked on it belongs to none of its sub-accounts), nor Keel's own deposit accounts
 * (ref type PROVIDER_ACCOUNT_TYPE), whose actuals only the bank books, nor an account `canBookAgainst`
 * refuses (the entry's own account; in the web forms, one not offered). Null when none qualifies. The
 * server's resolveAgainstAccount and the web forms' defaultAgainstAccountId both call this, so a form
 * starts on the account the server would book.
 */
export function chooseDefaultAgainstAccount<T extends AgainstAccountCandidate>(
  accounts: readonly T[],
  canBookAgainst: (account: T) => boolean = () => true,
): T | null {
  const ordered = sortChartDepthFirst(accounts);
  const parents = new Set(ordered.map((account) => account.parentId));
  const candidate = (account: T) =>
    !parents.has(account.id) && account.refType !== PROVIDER_ACCOUNT_TYPE && canBookAgainst(account);
  const banks = ordered.find(
    (account) => account.name === DEFAULT_AGAINST_ACCOUNT_NAME && account.parentId === null,
  );
  if (banks) {
    // Depth-first order puts every account of Banks' subtree after its parent.
    const underBanks = new Set([banks.id]);
    for (const account of ordered) {
      if (account.parentId === null || !underBanks.has(account.parentId)) continue;
      underBanks.add(account.id);
      if (candidate(account)) return account;
    }
    if (candidate(banks)) return banks;
  }
  return ordered.find(candidate) ?? null;
}
