import { explainRunway, formatRunwayMonths, RUNWAY_METHOD_LABELS, RUNWAY_METHODS } from '@keel/domain';
import { z } from 'zod';
import { loadAssistantReport, rootAccount } from './assistantReport';
import { citeCell } from './citeCell';
import { formatMonthLabel } from './monthLabel';
import { loadCardRunwayInput } from './runwayFigures';
import { parseToolArgs } from './toolArgs';
import type { AssistantToolFn, Citation, RunwayData } from './toolTypes';

export const runwayArgs = z
  .object({
    method: z
      .enum(RUNWAY_METHODS)
      .optional()
      .describe(
        "The Runway card's method: runway ('Forecast runway', the default): months until the forecast cash balance turns negative; startup_runway ('Startup runway'), startup_runway_3mo ('Startup runway, 3-month burn'), runway_no_growth ('No-growth runway') divide cash by a burn of the last complete month(s). Pass the one the question names.",
      ),
  })
  .strict();

/**
 * Runway as the Financial Report's Runway card says it for one method: the same input
 * (loadCardRunwayInput) and the same calculation (explainRunway) with its working. The method the card
 * shows is kept in the person's browser, which the server cannot see, so the answer names its method by
 * the card's label: the card's default, Forecast runway, unless the question names another.
 * Cites the cash balance it starts from and, for Forecast runway, the month the cash turns negative.
 */
export const runway: AssistantToolFn<unknown, RunwayData> = async (deps, entityId, args) => {
  const { method = 'runway' } = parseToolArgs(runwayArgs, args);
  const input = await loadCardRunwayInput(deps, entityId);
  const explained = explainRunway(method, input);
  const { working } = explained;
  const citedMonths = [working.balanceMonth];
  if (explained.cashOutMonth && method === 'runway') citedMonths.push(explained.cashOutMonth);
  const view = await loadAssistantReport(deps, entityId, citedMonths);
  const cash = rootAccount(view, 'cash');
  const balanceOf = (month: string) => input.months.find((m) => m.key === month)?.cashBalance ?? 0;
  const citations: Citation[] = citedMonths.map((month, index) =>
    citeCell(view, `Cash at the end of ${formatMonthLabel(month)}${index === 0 ? '' : ' (runs out)'}`, {
      account: cash,
      month,
      amountCents: index === 0 ? working.balance : balanceOf(month),
      nameWithoutCell: null,
    }),
  );
  return {
    data: {
      method,
      methodLabel: RUNWAY_METHOD_LABELS[method],
      months: explained.months,
      label: formatRunwayMonths(explained.months),
      cashOutMonth: explained.cashOutMonth,
      currentMonth: input.currentMonth,
      countedFrom: method === 'runway' ? input.currentMonth : working.balanceMonth,
      working: {
        balanceCents: working.balance,
        balanceMonth: working.balanceMonth,
        burnCents: working.burn === null ? null : Math.round(working.burn),
        burnMonths: working.burnMonths,
        calculation: working.calculation,
      },
    },
    citations,
  };
};
