import { ROOT_ACCOUNTS } from '../modules/ledger/accounts';
import {
  BASE_CHART,
  EXTRA_EXPENSE_GROUPS,
  PROJECT_CODE_NAMES,
  PROJECT_LEAVES,
  PROJECT_VENDORS,
} from './companyCatalog';
import type { IdFactory } from './createIdFactory';

/** An account below the default roots, ready to insert. `path` is its name path, e.g. 'Banks/Savings'. */
type ChartAccount = {
  id: string;
  path: string;
  name: string;
  parentId: string;
  ancestry: string;
  accountType: string;
  accountGroup: string | null;
  sign: 1 | -1;
  sortOrder: number;
};

/** An expense account added beyond the base chart, with the vendors that post to it. */
export type ExtraExpenseLeaf = { path: string; vendors: readonly string[] };

type ChartOfAccounts = {
  /** The accounts to insert (the roots already exist). */
  accounts: ChartAccount[];
  /** Every account by path, the roots included. */
  idByPath: Map<string, string>;
  extraLeaves: ExtraExpenseLeaf[];
};

type PlannedAccount = { path: string; vendors: readonly string[] };

const OPERATING_EXPENSES = 'Expense/Operating Expenses';

/**
 * The chart of accounts of a generated company: the base chart below the default roots, and, when
 * `totalAccounts` asks for more (benchmarks), extra expense groups with four-level leaves until the
 * entity has exactly that many accounts, the roots included. Fewer than the base chart gives the base.
 */
export function buildChartOfAccounts(
  rootIds: ReadonlyMap<string, string>,
  totalAccounts: number,
  newId: IdFactory,
): ChartOfAccounts {
  const planned: PlannedAccount[] = BASE_CHART.map((path) => ({ path, vendors: [] }));
  const extraCount = Math.max(0, totalAccounts - rootIds.size - planned.length);
  const extras = planExtraExpenseAccounts(extraCount);
  planned.push(...extras);

  const idByPath = new Map(rootIds);
  const ancestryByPath = new Map<string, string>([...rootIds.keys()].map((name) => [name, '/']));
  const siblingsSeen = new Map<string, number>();
  const accounts: ChartAccount[] = [];
  for (const { path } of planned) {
    const cut = path.lastIndexOf('/');
    const parentPath = path.slice(0, cut);
    const rootName = path.slice(0, path.indexOf('/'));
    const root = ROOT_ACCOUNTS.find((candidate) => candidate.name === rootName);
    const parentId = idByPath.get(parentPath);
    const parentAncestry = ancestryByPath.get(parentPath);
    if (!root || !parentId || parentAncestry === undefined) throw new Error(`No parent for account ${path}`);
    const id = newId('account');
    const ancestry = `${parentAncestry}${parentId}/`;
    const sortOrder = siblingsSeen.get(parentPath) ?? 0;
    siblingsSeen.set(parentPath, sortOrder + 1);
    idByPath.set(path, id);
    ancestryByPath.set(path, ancestry);
    accounts.push({
      id,
      path,
      name: path.slice(cut + 1),
      parentId,
      ancestry,
      accountType: root.accountType,
      accountGroup: root.accountGroup,
      sign: root.sign,
      sortOrder,
    });
  }

  const parents = new Set(planned.map(({ path }) => path.slice(0, path.lastIndexOf('/'))));
  const extraLeaves = extras.filter(({ path }) => !parents.has(path));
  return { accounts, idByPath, extraLeaves };
}

/** Named extra groups first, then project groups ('Project Atlas', ..., 'Project Atlas 2', ...). */
function planExtraExpenseAccounts(count: number): PlannedAccount[] {
  const out: PlannedAccount[] = [];
  for (let round = 0; out.length < count; round++) {
    const groups =
      round === 0
        ? EXTRA_EXPENSE_GROUPS
        : PROJECT_CODE_NAMES.map((code) => ({
            group: round === 1 ? `Project ${code}` : `Project ${code} ${round}`,
            leaves: PROJECT_LEAVES,
            vendors: PROJECT_VENDORS,
          }));
    for (const { group, leaves, vendors } of groups) {
      if (out.length >= count) break;
      const groupPath = `${OPERATING_EXPENSES}/${group}`;
      out.push({ path: groupPath, vendors });
      for (const leaf of leaves) {
        if (out.length >= count) break;
        out.push({ path: `${groupPath}/${leaf}`, vendors });
      }
    }
  }
  return out;
}
