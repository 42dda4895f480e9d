import {
  addMonths,
  averageMonthlyCents,
  explainRunway,
  lastCompleteActualMonth,
  type MonthKey,
} from '@keel/domain';
import { z } from 'zod';
import type { LoadedReport } from '../../reports/loadReport';
import { accountFigure, loadAssistantReport, rootAccount } from './assistantReport';
import { citeCell } from './citeCell';
import { checkMonthRange } from './lineFigures';
import { formatMonthLabel } from './monthLabel';
import { loadCardRunwayInput } from './runwayFigures';
import { monthArg, parseToolArgs } from './toolArgs';
import type { AssistantToolFn, BurnData, BurnMonth, Citation } from './toolTypes';

export const burnArgs = z
  .object({
    from: monthArg
      .optional()
      .describe("First month of a range, 'YYYY-MM' (actual or forecast); default: `to`"),
    to: monthArg.optional().describe("Last month of a range, 'YYYY-MM'; default: `from`"),
  })
  .strict();

/** Months of a range whose Income and Expense cells are cited, at most (the most recent). */
const CITED_MONTHS = 12;

/**
 * Monthly net burn (expense less income) as the Runway card computes it: the last complete actual
 * month's is startup runway's divisor, the average of the three complete months ending with it
 * startup_runway_3mo's (explainRunway on the card's input). The month under way is left out: it is only
 * partly booked. With a range (`from`, `to`, at most 36 months), each month's net burn as the report's
 * Expense and Income rows show it (actual through the cutoff, forecast after), their total and average,
 * besides the card's figures. Cites the Income and Expense cells of the months answered.
 */
export const burn: AssistantToolFn<unknown, BurnData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(burnArgs, args);
  const to = parsed.to ?? parsed.from;
  const from = parsed.from ?? to;
  const period = from && to ? checkMonthRange(deps, from, to) : null;
  const input = await loadCardRunwayInput(deps, entityId);
  const lastMonth = explainRunway('startup_runway', input).working;
  const average = explainRunway('startup_runway_3mo', input).working;
  const month = lastCompleteActualMonth(input);
  const figuresOf = (key: string): BurnMonth => {
    const found = input.months.find((m) => m.key === key);
    return burnMonth(key, found?.income ?? 0, found?.expense ?? 0);
  };
  const lastThreeMonths = [-2, -1, 0].map((offset) => figuresOf(addMonths(month, offset)));
  const last = figuresOf(month);
  const view = await loadAssistantReport(
    deps,
    entityId,
    period ? [period[0] ?? month, month, ...period] : [month],
  );
  const data: BurnData = {
    month,
    netBurnCents: Math.round(lastMonth.burn ?? last.netBurnCents),
    incomeCents: last.incomeCents,
    expenseCents: last.expenseCents,
    averageNetBurnCents: Math.round(average.burn ?? 0),
    lastThreeMonths,
  };
  if (!period) return { data, citations: burnCitations(view, [last]) };
  const months = period.map((key) => reportBurnMonth(view, key));
  const netBurns = months.map((figure) => figure.netBurnCents);
  return {
    data: {
      ...data,
      from: period[0],
      to: period.at(-1),
      months,
      totalNetBurnCents: netBurns.reduce((sum, cents) => sum + cents, 0),
      rangeAverageNetBurnCents: averageMonthlyCents(netBurns),
    },
    citations: burnCitations(view, months.slice(-CITED_MONTHS)),
  };
};

function burnMonth(month: MonthKey, incomeCents: number, expenseCents: number): BurnMonth {
  return { month, incomeCents, expenseCents, netBurnCents: expenseCents - incomeCents };
}

/** A month's income and expense as the report's Income and Expense rows show them. */
function reportBurnMonth(view: LoadedReport, month: MonthKey): BurnMonth {
  const amountOf = (kind: 'Income' | 'Expense') => {
    const account = rootAccount(view, kind);
    return (account ? accountFigure(view, account.id, month)?.amountCents : 0) ?? 0;
  };
  return burnMonth(month, amountOf('Income'), amountOf('Expense'));
}

/** The Expense and Income cells of each month. */
function burnCitations(view: LoadedReport, months: readonly BurnMonth[]): Citation[] {
  return months.flatMap((figure) =>
    (
      [
        ['Expense', figure.expenseCents],
        ['Income', figure.incomeCents],
      ] as const
    ).map(([kind, amountCents]) =>
      citeCell(view, `${kind} in ${formatMonthLabel(figure.month)}`, {
        account: rootAccount(view, kind),
        month: figure.month,
        amountCents,
        nameWithoutCell: kind,
      }),
    ),
  );
}
