import { addMonths, computeHiringPlanCosts, monthRange, monthsBetween } from '@keel/domain';
import { z } from 'zod';
import { loadHiringSettings } from '../../hiring';
import { listJobPositions } from '../../hiring/hiringRows';
import { checkMonthInWindow, currentMonthOf, loadAssistantReport } from './assistantReport';
import { citeCell } from './citeCell';
import { formatMonthLabel } from './monthLabel';
import { monthArg, parseToolArgs } from './toolArgs';
import { type AssistantToolFn, type Citation, type HiringCostsData, ToolInputError } from './toolTypes';

/** The longest range one call answers. */
const HIRING_MAX_MONTHS = 36;

export const hiringCostsArgs = z
  .object({
    from: monthArg.optional().describe("First month, 'YYYY-MM'; default: the current month"),
    to: monthArg.optional().describe("Last month, 'YYYY-MM'; default: 11 months after `from`"),
  })
  .strict();

/**
 * The hiring plan's cost by month: salaries, contractors, employer taxes and benefits, as the plan
 * writes them into the report (computeHiringPlanCosts over the job positions, with the plan's rates).
 * Cites the first month's salaries and contractors on the accounts they are booked to.
 */
export const hiringCosts: AssistantToolFn<unknown, HiringCostsData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(hiringCostsArgs, args);
  const from = checkMonthInWindow(deps, parsed.from ?? currentMonthOf(deps), 'from');
  const to = checkMonthInWindow(deps, parsed.to ?? addMonths(from, 11), 'to');
  if (to < from) throw new ToolInputError('to: must not be before from');
  if (monthsBetween(from, to) >= HIRING_MAX_MONTHS) {
    throw new ToolInputError(`to: a range spans at most ${HIRING_MAX_MONTHS} months`);
  }
  const [positions, settings] = await Promise.all([
    listJobPositions(deps.db, entityId),
    loadHiringSettings(deps.db, entityId),
  ]);
  const costs = computeHiringPlanCosts(positions, monthRange(from, to), {
    employerTaxBasisPoints: settings.employerTaxBasisPoints,
    benefitsBasisPoints: settings.benefitsBasisPoints,
  });
  const months = costs.map((cost) => ({
    month: cost.month,
    salariesCents: cost.salaries,
    contractorsCents: cost.contractors,
    employerTaxesCents: cost.employerTaxes,
    benefitsCents: cost.benefits,
    totalCents: cost.salaries + cost.contractors + cost.employerTaxes + cost.benefits,
  }));
  const citations: Citation[] = [];
  const first = months[0];
  if (first) {
    const view = await loadAssistantReport(deps, entityId, [from]);
    const lines = [
      ['Salaries', settings.salariesAccount, first.salariesCents],
      ['Contractors', settings.contractorsAccount, first.contractorsCents],
    ] as const;
    for (const [line, account, amountCents] of lines) {
      if (amountCents === 0) continue;
      citations.push(
        citeCell(view, `Hiring plan: ${line} in ${formatMonthLabel(from)}`, {
          account,
          month: from,
          amountCents,
          nameWithoutCell: line,
        }),
      );
    }
  }
  return {
    data: {
      months,
      totalCents: months.reduce((sum, month) => sum + month.totalCents, 0),
      positions: positions.length,
    },
    citations,
  };
};
