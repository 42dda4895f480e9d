import type { ReportLineDefinition } from '@keel/domain';
import type { Tx } from '../../../db/client';
import { accounts, reportLineItems, reports } from '../../../db/schema';

/** The default report every entity has (spec §2: 'the one named Financial Report'). */
export const DEFAULT_REPORT_NAME = 'Financial Report';

type RootAccountSpec = {
  name: string;
  accountType: string;
  accountGroup: string | null;
  /** +1 debit-normal (assets, expenses); -1 credit-normal, shown negated (income, cards, loans). */
  sign: 1 | -1;
};

/** The top of every chart of accounts. These roots are not mutable: sub-accounts go beneath them. */
export const ROOT_ACCOUNTS: readonly RootAccountSpec[] = [
  { name: 'Income', accountType: 'Income', accountGroup: null, sign: -1 },
  { name: 'Expense', accountType: 'Expense', accountGroup: null, sign: 1 },
  { name: 'Banks', accountType: 'Bank', accountGroup: 'Banks', sign: 1 },
  { name: 'Credit Cards', accountType: 'CreditCard', accountGroup: 'Credit Cards', sign: -1 },
  { name: 'Investments', accountType: 'Investment', accountGroup: 'Investments', sign: 1 },
  { name: 'Loans', accountType: 'Loan', accountGroup: 'Loans', sign: -1 },
  { name: 'Other', accountType: 'Equity', accountGroup: 'Other', sign: -1 },
];

/** A line of the default report, before it has an id. */
type DefaultReportLine = Omit<ReportLineDefinition, 'id' | 'parentId'>;

/**
 * The lines of the default 'Financial Report', in order:
 * Income, Expense (account trees), Net Income = Income - Expense, the five balance-sheet groups Banks,
 * Credit Cards, Investments, Loans, Other (account trees of running balances), Net Burn = Expense - Income.
 *
 * Signs: an account tree line's `sign` and `defaultSign` are its root account's sign, so figures show
 * as the account shows them (income earned and card balances owed are positive, spec §9) and nothing is
 * flipped; expressions have +1. Expressions and the balance-sheet groups are `isFinancial` (computed
 * figures, not editable in the grid); Income and Expense take entries and forecasts.
 */
export function defaultReportLines(rootIdByName: ReadonlyMap<string, string>): DefaultReportLine[] {
  const tree = (name: string): DefaultReportLine => {
    const root = ROOT_ACCOUNTS.find((candidate) => candidate.name === name);
    return {
      itemType: 'AccountTree',
      name,
      accountId: rootIdByName.get(name) ?? null,
      expr: null,
      sign: root?.sign ?? 1,
      defaultSign: root?.sign ?? 1,
      isFinancial: root?.accountGroup != null,
      sortOrder: 0,
    };
  };
  const expression = (name: string, expr: string): DefaultReportLine => ({
    itemType: 'Expression',
    name,
    accountId: null,
    expr,
    sign: 1,
    defaultSign: 1,
    isFinancial: true,
    sortOrder: 0,
  });
  const lines = [
    tree('Income'),
    tree('Expense'),
    expression('Net Income', 'Income - Expense'),
    tree('Banks'),
    tree('Credit Cards'),
    tree('Investments'),
    tree('Loans'),
    tree('Other'),
    expression('Net Burn', 'Expense - Income'),
  ];
  return lines.map((line, index) => ({ ...line, sortOrder: index }));
}

/**
 * Creates the root accounts and the default report of a new entity, with the report's line items.
 * Returns the roots by name.
 */
export async function createDefaultChart(tx: Tx, entityId: string): Promise<Map<string, string>> {
  const roots = await tx
    .insert(accounts)
    .values(
      ROOT_ACCOUNTS.map((root, index) => ({
        entityId,
        name: root.name,
        accountType: root.accountType,
        accountGroup: root.accountGroup,
        sign: root.sign,
        isMutable: false,
        sortOrder: index,
        ancestry: '/',
      })),
    )
    .returning({ id: accounts.id, name: accounts.name });
  const rootIdByName = new Map(roots.map((root) => [root.name, root.id]));
  const [report] = await tx
    .insert(reports)
    .values({ entityId, name: DEFAULT_REPORT_NAME })
    .returning({ id: reports.id });
  if (!report) throw new Error('Report insert returned nothing');
  await tx.insert(reportLineItems).values(
    defaultReportLines(rootIdByName).map((line) => ({
      ...line,
      entityId,
      reportId: report.id,
      ancestry: '/',
    })),
  );
  return rootIdByName;
}
