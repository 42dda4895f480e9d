import {
  addMonths,
  averageMonthlyCents,
  type MonthKey,
  monthRange,
  monthsBetween,
  type ReportRow,
} from '@keel/domain';
import { z } from 'zod';
import type { LoadedReport } from '../../reports/loadReport';
import { lineCandidatesOf, matchLine } from '../understanding/matchLine';
import { cellCitation, checkMonthInWindow, currentMonthOf, loadAssistantReport } from './assistantReport';
import { formatMonthLabel } from './monthLabel';
import { monthArg, parseToolArgs, textArg } from './toolArgs';
import {
  type AssistantToolFn,
  type Citation,
  type LineFiguresData,
  type MonthFigure,
  type ToolDeps,
  ToolInputError,
} from './toolTypes';

/** The longest range one call answers (lineFigures and reportFigures). */
const REPORT_FIGURES_MAX_MONTHS = 36;
/** Months cited, at most (the most recent). */
const CITED_MONTHS = 12;

export const lineFiguresArgs = z
  .object({
    line: textArg(200).describe(
      "The report line: an account's name at any depth ('Rent', 'Legal'), its path ('Expense/Operating Expenses/Rent'), a common name ('revenue', 'opex', 'payroll', 'cash'), or a line without an account ('Net Income', 'Net Burn'). A near miss ('salries') is matched; no match is refused with the closest lines",
    ),
    from: monthArg.optional().describe("First month, 'YYYY-MM'; default: `to` (one month)"),
    to: monthArg
      .optional()
      .describe(
        "Last month, 'YYYY-MM'; default: the last complete month (the month before the current one), or `from` when that is later",
      ),
  })
  .strict();

/**
 * A checked range of months, both ends included: each in the tool window, `to` not before `from`, at
 * most REPORT_FIGURES_MAX_MONTHS long. The refusal names the argument.
 */
export function checkMonthRange(deps: ToolDeps, from: MonthKey, to: MonthKey): MonthKey[] {
  checkMonthInWindow(deps, to, 'to');
  checkMonthInWindow(deps, from, 'from');
  if (to < from) throw new ToolInputError('to: must not be before from');
  if (monthsBetween(from, to) >= REPORT_FIGURES_MAX_MONTHS) {
    throw new ToolInputError(`to: a range spans at most ${REPORT_FIGURES_MAX_MONTHS} months`);
  }
  return monthRange(from, to);
}

/** A report row with its link key (the account's path, or the line's name). */
type ReportLine = { row: ReportRow; rowKey: string };

/** The grid's figure of a row in a month: the value at the month's column (0 outside the view). */
export function rowFigureOf(view: LoadedReport, row: ReportRow, month: MonthKey): MonthFigure {
  const column = view.columns.findIndex((candidate) => candidate.key === month);
  return {
    month,
    amountCents: column >= 0 ? (row.values[column] ?? 0) : 0,
    scenario: month <= view.range.actualsEndMonth ? 'actual' : 'forecast',
  };
}

/**
 * Citations of a row's months, each on its cell (the most recent CITED_MONTHS): 'Rent in Oct 2026', a
 * balance 'Banks at the end of Oct 2026'.
 */
export function monthCitations(
  view: LoadedReport,
  line: ReportLine,
  months: readonly MonthFigure[],
): Citation[] {
  const { row, rowKey } = line;
  return months
    .slice(-CITED_MONTHS)
    .map((figure) =>
      cellCitation(
        view,
        `${row.name} ${row.cumulative ? 'at the end of' : 'in'} ${formatMonthLabel(figure.month)}`,
        { amountCents: figure.amountCents, rowKey, name: row.name, accountId: row.accountId },
        figure.month,
      ),
    );
}

/**
 * A report line's figures over a period, exactly as the Financial Report's grid shows its row (actual
 * through the cutoff, forecast after), with what a question about a period asks:
 * - a flow (income, expense and lines made of them): the total of the months, their average (rounded
 *   half away from zero to the cent) and the change from the first month to the last;
 * - a balance (banks, cards, investments, loans, other): the closing balance of `to`, the average of the
 *   months' closing balances, and the change over the period (closing of `to` less closing of the month
 *   before `from`).
 * The line is matched against the company's own chart (matchLine); nothing else is ever answered for
 * it. Cites each month's cell (the most recent twelve).
 */
export const lineFigures: AssistantToolFn<unknown, LineFiguresData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(lineFiguresArgs, args);
  const lastComplete = addMonths(currentMonthOf(deps), -1);
  const to = parsed.to ?? (parsed.from && parsed.from > lastComplete ? parsed.from : lastComplete);
  const from = parsed.from ?? to;
  const period = checkMonthRange(deps, from, to);
  const before = addMonths(from, -1);
  const view = await loadAssistantReport(deps, entityId, [before, to]);
  const found = matchLine(lineCandidatesOf(view), parsed.line);
  const line = found.match ? reportLineOf(view, found.match) : null;
  if (!line) {
    const closest = found.suggestions.map((candidate) => candidate.name).join(', ');
    throw new ToolInputError(
      `line: no report line named "${parsed.line}"${closest ? `; closest: ${closest}` : ''}`,
    );
  }
  const kind = found.match?.kind ?? 'flow';
  const months = period.map((month) => rowFigureOf(view, line.row, month));
  const amounts = months.map((figure) => figure.amountCents);
  const first = amounts[0] ?? 0;
  const last = amounts.at(-1) ?? 0;
  const actual = months.filter((figure) => figure.scenario === 'actual');
  const scenario = actual.length === months.length ? 'actual' : actual.length === 0 ? 'forecast' : 'mixed';
  const balance = kind === 'balance';
  return {
    data: {
      line: { name: line.row.name, path: line.rowKey, accountId: line.row.accountId, kind },
      from,
      to,
      months,
      scenario,
      totalCents: balance ? last : amounts.reduce((sum, cents) => sum + cents, 0),
      averageCents: averageMonthlyCents(amounts),
      changeCents: balance ? last - rowFigureOf(view, line.row, before).amountCents : last - first,
      lastActualMonth: actual.at(-1)?.month ?? null,
    },
    citations: monthCitations(view, line, months),
  };
};

/** The grid row of a matched line: the account's row (not a leaf), or the line without an account. */
function reportLineOf(
  view: LoadedReport,
  line: { path: string; accountId: string | null },
): ReportLine | null {
  const row = view.rows.find((candidate) =>
    line.accountId
      ? candidate.accountId === line.accountId && !candidate.isLeaf
      : candidate.accountId === null && !candidate.isLeaf && candidate.name === line.path,
  );
  return row ? { row, rowKey: line.path } : null;
}
