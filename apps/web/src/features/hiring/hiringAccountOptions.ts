import { MODEL_EXCLUDED_ACCOUNT_GROUPS } from '@keel/domain';
import type { HiringAccountData } from './hiringQueries';

type HiringAccountOption = { value: string; label: string };
type HiringAccountGroup = { group: string; items: HiringAccountOption[] };

const EXCLUDED: readonly (string | null)[] = MODEL_EXCLUDED_ACCOUNT_GROUPS;

/** 'Expense/Operating Expenses/Payroll' as a picker shows it: 'Expense / Operating Expenses / Payroll'. */
function formatAccountPath(path: string): string {
  return path.split('/').join(' / ');
}

/**
 * The accounts a cost line of the plan may go to, for a searchable picker, grouped by their root
 * (Expense first: that is where costs usually go): every account of the chart outside Banks, Credit
 * Cards, Investments and Loans (the server's rule, as for model outputs). An account already chosen
 * (`chosen`) that the list lacks, the chart not loaded yet, is offered by its name, so the picker
 * never shows a chosen account as empty.
 */
export function listHiringAccountOptions(
  accounts: readonly HiringAccountData[],
  chosen: readonly ({ id: string; name: string } | null)[],
): HiringAccountGroup[] {
  const groups = new Map<string, HiringAccountOption[]>();
  const offered = new Set<string>();
  for (const account of accounts) {
    if (EXCLUDED.includes(account.accountGroup ?? null)) continue;
    const root = account.path.split('/')[0] ?? account.name;
    const items = groups.get(root) ?? [];
    items.push({ value: account.id, label: formatAccountPath(account.path) });
    groups.set(root, items);
    offered.add(account.id);
  }
  const missing = chosen.filter(
    (account, index): account is { id: string; name: string } =>
      account !== null &&
      !offered.has(account.id) &&
      chosen.findIndex((other) => other?.id === account.id) === index,
  );
  const result = [...groups.entries()]
    .sort(([a], [b]) => (a === 'Expense' ? -1 : b === 'Expense' ? 1 : 0))
    .map(([group, items]) => ({ group, items }));
  if (missing.length > 0) {
    result.unshift({
      group: 'Chosen',
      items: missing.map((account) => ({ value: account.id, label: account.name })),
    });
  }
  return result;
}
