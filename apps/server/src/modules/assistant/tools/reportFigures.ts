import type { ReportRow } from '@keel/domain';
import { addMonths } from '@keel/domain';
import { z } from 'zod';
import type { LoadedReport } from '../../reports/loadReport';
import { currentMonthOf, loadAssistantReport } from './assistantReport';
import { checkMonthRange, monthCitations, rowFigureOf } from './lineFigures';
import { monthArg, parseToolArgs, textArg } from './toolArgs';
import { type AssistantToolFn, type ReportFiguresData, ToolInputError } from './toolTypes';

export const reportFiguresArgs = z
  .object({
    account: textArg(200).describe(
      "An account's name ('Rent'), its path ('Expense/Operating Expenses/Rent') or id, or a report line's name ('Net Burn', 'Net Income')",
    ),
    from: monthArg.optional().describe("First month, 'YYYY-MM'; default: 11 months before `to`"),
    to: monthArg.optional().describe("Last month, 'YYYY-MM'; default: the current month"),
  })
  .strict();

/**
 * An account's or report line's figures by month over a range, exactly as the Financial Report's grid
 * shows its row (actual through the cutoff, forecast after; balances as closing balances), with the
 * range's total for a flow. Cites each month's cell (the most recent twelve).
 */
export const reportFigures: AssistantToolFn<unknown, ReportFiguresData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(reportFiguresArgs, args);
  const to = parsed.to ?? currentMonthOf(deps);
  const period = checkMonthRange(deps, parsed.from ?? addMonths(to, -11), to);
  const view = await loadAssistantReport(deps, entityId, [period[0] ?? to, to]);
  const row = findRow(view, parsed.account);
  if (!row) throw new ToolInputError(`No account or report line named "${parsed.account}"`);
  const rowKey = row.accountId ? (view.pathById.get(row.accountId) ?? row.name) : row.name;
  const months = period.map((month) => rowFigureOf(view, row, month));
  const citations = monthCitations(view, { row, rowKey }, months);
  return {
    data: {
      line: { name: row.name, path: rowKey, accountId: row.accountId },
      cumulative: row.cumulative,
      months,
      totalCents: row.cumulative ? null : months.reduce((sum, figure) => sum + figure.amountCents, 0),
    },
    citations,
  };
};

/**
 * The row a name means: an account by id, by path, then by name (the shallowest first), or a line
 * without an account (a section or an expression) by name; case and spaces around '/' do not matter.
 */
function findRow(view: LoadedReport, wanted: string): ReportRow | undefined {
  const norm = (text: string) =>
    text
      .toLowerCase()
      .replace(/\s*\/\s*/g, '/')
      .trim();
  const target = norm(wanted);
  const accountRows = view.rows.filter((row) => row.accountId !== null && !row.isLeaf);
  const byAccount = (accountId: string | undefined) =>
    accountId ? accountRows.find((row) => row.accountId === accountId) : undefined;
  const byId = byAccount(view.accounts.find((account) => account.id === wanted.trim())?.id);
  if (byId) return byId;
  const byPath = [...view.pathById].find(([, path]) => norm(path) === target);
  if (byPath && byAccount(byPath[0])) return byAccount(byPath[0]);
  const named = view.accounts
    .filter((account) => norm(account.name) === target)
    .sort((a, b) => a.ancestry.length - b.ancestry.length);
  for (const account of named) {
    const row = byAccount(account.id);
    if (row) return row;
  }
  return view.rows.find((row) => row.accountId === null && norm(row.name) === target);
}
