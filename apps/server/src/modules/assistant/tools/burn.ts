import { addMonths, explainRunway, lastCompleteActualMonth } from '@keel/domain';
import { z } from 'zod';
import { accountFigure, cellCitation, loadAssistantReport, rootAccount } from './assistantReport';
import { formatMonthLabel } from './monthLabel';
import { loadCardRunwayInput } from './runwayFigures';
import { parseToolArgs } from './toolArgs';
import type { AssistantToolFn, BurnData, BurnMonth, Citation } from './toolTypes';

export const burnArgs = z.object({}).strict();

/**
 * Monthly net burn (expense less income) as the Runway card computes it: the last complete actual
 * month's is startup runway's divisor, the average of the three complete months ending with it
 * startup_runway_3mo's (explainRunway on the card's input). The month under way is left out: it is only
 * partly booked (issue 32). Cites the Income and Expense rows of the last complete month.
 */
export const burn: AssistantToolFn<unknown, BurnData> = async (deps, entityId, args) => {
  parseToolArgs(burnArgs, args);
  const input = await loadCardRunwayInput(deps, entityId);
  const lastMonth = explainRunway('startup_runway', input).working;
  const average = explainRunway('startup_runway_3mo', input).working;
  const month = lastCompleteActualMonth(input);
  const figuresOf = (key: string): BurnMonth => {
    const found = input.months.find((m) => m.key === key);
    const incomeCents = found?.income ?? 0;
    const expenseCents = found?.expense ?? 0;
    return { month: key, incomeCents, expenseCents, netBurnCents: expenseCents - incomeCents };
  };
  const lastThreeMonths = [-2, -1, 0].map((offset) => figuresOf(addMonths(month, offset)));
  const last = figuresOf(month);
  const view = await loadAssistantReport(deps, entityId, [month]);
  const citations: Citation[] = [];
  for (const [kind, amountCents] of [
    ['Expense', last.expenseCents],
    ['Income', last.incomeCents],
  ] as const) {
    const account = rootAccount(view, kind);
    const figure = account ? accountFigure(view, account.id, month) : null;
    const label = `${kind} in ${formatMonthLabel(month)}`;
    citations.push(
      figure
        ? cellCitation(view, label, { ...figure, amountCents }, month)
        : { label, amountCents, accountId: null, accountName: kind, month, reportUrl: null },
    );
  }
  return {
    data: {
      month,
      netBurnCents: Math.round(lastMonth.burn ?? last.netBurnCents),
      incomeCents: last.incomeCents,
      expenseCents: last.expenseCents,
      averageNetBurnCents: Math.round(average.burn ?? 0),
      lastThreeMonths,
    },
    citations,
  };
};
