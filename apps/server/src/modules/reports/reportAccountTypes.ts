import { type AccountFigures, columnValue, type MonthKey } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { AccountChildRef, AccountRef, type AccountRow } from '../ledger/accounts';
import type { LoadedReport } from './loadReport';
import { keyedValues, ReportValueRef } from './sharedTypes';

type AccountAmount = { month: MonthKey; amount: number; cumulativeTotal: number; forecast: boolean };
const ReportAccountAmountRef = builder.objectRef<AccountAmount>('ReportAccountAmount').implement({
  description: "An account's month (spec §3 Account amounts).",
  fields: (t) => ({
    month: t.field({ type: 'MonthKey', resolve: (a) => a.month }),
    amount: t.field({
      type: 'Cents',
      description: "The month's flow, sub-accounts included.",
      resolve: (a) => a.amount,
    }),
    cumulativeTotal: t.field({
      type: 'Cents',
      description:
        'Balance-sheet accounts: the closing balance. Income and expense: the running sum from the range start.',
      resolve: (a) => a.cumulativeTotal,
    }),
    forecast: t.exposeBoolean('forecast', { description: 'The month is after the actuals cutoff.' }),
  }),
});

type AccountParent = { account: AccountRow; view: LoadedReport };
const figuresOf = (p: AccountParent): AccountFigures | undefined => p.view.figures.get(p.account.id);
const zeros = (length: number) => new Array<number>(length).fill(0);

/** An account's values per column: its total (sub-accounts included), shown. */
function accountColumnValues(p: AccountParent): number[] {
  const figures = p.view.columnFigures.get(p.account.id);
  if (!figures) return zeros(p.view.columns.length);
  return p.view.columnMonthIndexes.map((indexes) => columnValue(figures.total, figures.cumulative, indexes));
}

export const ReportAccountRef = builder.objectRef<AccountParent>('ReportAccount').implement({
  description: "An account of the entity's chart with its figures over the report's range (spec §3 Account).",
  fields: (t) => ({
    id: t.id({ resolve: (p) => p.account.id }),
    accountId: t.id({ description: 'The same as id.', resolve: (p) => p.account.id }),
    itemId: t.string({
      description: 'The same as id (the grid names rows by itemId).',
      resolve: (p) => p.account.id,
    }),
    entityId: t.id({ resolve: (p) => p.account.entityId }),
    name: t.string({ resolve: (p) => p.account.name }),
    path: t.string({
      description: "Names from the root: 'Expense/Operating Expenses/Payroll'.",
      resolve: (p) => p.view.pathById.get(p.account.id) ?? p.account.name,
    }),
    accountType: t.string({ resolve: (p) => p.account.accountType }),
    accountGroup: t.string({ nullable: true, resolve: (p) => p.account.accountGroup }),
    complianceCategory: t.string({ nullable: true, resolve: (p) => p.account.complianceCategory }),
    parentId: t.id({ nullable: true, resolve: (p) => p.account.parentId }),
    ancestry: t.string({ resolve: (p) => p.account.ancestry }),
    sign: t.int({
      description: '+1 debit-normal; -1 credit-normal (shown negated).',
      resolve: (p) => p.account.sign,
    }),
    isMutable: t.boolean({ resolve: (p) => p.account.isMutable }),
    shownWhenEmpty: t.boolean({
      description:
        "Shown in the grid while it has no figures (a person added it and has not hidden it); other empty accounts show only with the 'Empty Accounts' option.",
      resolve: (p) => p.account.shownWhenEmpty,
    }),
    sortOrder: t.int({
      description: 'Its place among its siblings (grid order: sort order, then name).',
      resolve: (p) => p.account.sortOrder,
    }),
    refId: t.string({ nullable: true, resolve: (p) => p.account.refId }),
    refType: t.string({ nullable: true, resolve: (p) => p.account.refType }),
    createdAt: t.field({ type: 'DateTime', resolve: (p) => p.account.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (p) => p.account.updatedAt }),
    children: t.field({
      type: [AccountChildRef],
      resolve: (p) => (p.view.childrenById.get(p.account.id) ?? []).map((a) => ({ id: a.id, name: a.name })),
    }),
    account: t.field({
      type: AccountRef,
      description: 'The account as the ledger serves it.',
      resolve: (p) => p.account,
    }),
    cumulative: t.boolean({
      description: 'Balance-sheet account: figures are running balances.',
      resolve: (p) => p.account.accountGroup !== null,
    }),
    currentBalance: t.field({
      type: 'Cents',
      description:
        "Balance-sheet accounts: the balance (sub-accounts included) at the close of the actuals end month. Income and expense: that month's total.",
      resolve: (p) => {
        const index = p.view.months.indexOf(p.view.range.actualsEndMonth);
        return figuresOf(p)?.total[index] ?? 0;
      },
    }),
    values: t.field({
      type: [ReportValueRef],
      description: 'The figures (sub-accounts included) by column key, in cents.',
      resolve: (p) => keyedValues(p.view.columns, accountColumnValues(p)),
    }),
    columnValues: t.field({
      type: ['Cents'],
      description: 'The same, aligned with `columns`.',
      resolve: accountColumnValues,
    }),
    amounts: t.field({
      type: [ReportAccountAmountRef],
      description: 'One per month of the range.',
      resolve: (p) => {
        const figures = figuresOf(p);
        if (!figures)
          return p.view.months.map((month) => ({
            month,
            amount: 0,
            cumulativeTotal: 0,
            forecast: month > p.view.range.actualsEndMonth,
          }));
        let running = figures.openingTotal;
        return p.view.months.map((month, i) => {
          const value = figures.total[i] ?? 0;
          const amount = figures.cumulative ? value - running : value;
          running = figures.cumulative ? value : running + value;
          return { month, amount, cumulativeTotal: running, forecast: month > p.view.range.actualsEndMonth };
        });
      },
    }),
  }),
});
