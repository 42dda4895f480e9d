import { buildCashFlowSeries, buildIncomeVsExpense } from '@keel/domain';
import { z } from 'zod';
import { checkMonthInWindow, currentMonthOf, loadAssistantReport, rootAccount } from './assistantReport';
import { citeCell } from './citeCell';
import { formatMonthLabel } from './monthLabel';
import { monthArg, parseToolArgs } from './toolArgs';
import type { AssistantToolFn, Citation, IncomeVsExpenseData } from './toolTypes';

export const incomeVsExpenseArgs = z
  .object({ month: monthArg.optional().describe("The month, 'YYYY-MM'; default: the current month") })
  .strict();

/**
 * A month's income, expense and net (income less expense), as the Income vs Expense card computes them
 * (buildCashFlowSeries and buildIncomeVsExpense over the report's figures): actual through the cutoff,
 * forecast after it. Cites the Income and Expense rows of that month.
 */
export const incomeVsExpense: AssistantToolFn<unknown, IncomeVsExpenseData> = async (
  deps,
  entityId,
  args,
) => {
  const parsed = parseToolArgs(incomeVsExpenseArgs, args);
  const month = checkMonthInWindow(deps, parsed.month ?? currentMonthOf(deps), 'month');
  const view = await loadAssistantReport(deps, entityId, [month]);
  const series = buildCashFlowSeries(view.accounts, view.figures, view.months);
  const flows = buildIncomeVsExpense(series, view.range.actualsEndMonth);
  const found = flows.find((flow) => flow.month === month);
  const incomeCents = found?.income ?? 0;
  const expenseCents = found?.expense ?? 0;
  const citations: Citation[] = (
    [
      ['Income', incomeCents],
      ['Expense', expenseCents],
    ] as const
  ).map(([kind, amountCents]) =>
    citeCell(view, `${kind} in ${formatMonthLabel(month)}`, {
      account: rootAccount(view, kind),
      month,
      amountCents,
      nameWithoutCell: kind,
    }),
  );
  return {
    data: {
      month,
      incomeCents,
      expenseCents,
      netCents: incomeCents - expenseCents,
      scenario: found?.scenario ?? (month <= view.range.actualsEndMonth ? 'actual' : 'forecast'),
    },
    citations,
  };
};
