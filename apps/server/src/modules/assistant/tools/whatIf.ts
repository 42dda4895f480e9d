import {
  addMonths,
  computeHiringPlanCosts,
  explainRunway,
  formatCents,
  formatRunwayMonths,
  lastCompleteActualMonth,
  latestMonth,
  type MonthKey,
  monthlyPositionCost,
  monthsBetween,
  type PositionPay,
  type RunwayInput,
} from '@keel/domain';
import { z } from 'zod';
import { loadHiringSettings } from '../../hiring';
import { checkMonthInWindow, currentMonthOf, loadAssistantReport, rootAccount } from './assistantReport';
import { citeCell } from './citeCell';
import { formatMonthLabel } from './monthLabel';
import { loadCardRunwayInput } from './runwayFigures';
import { monthArg, parseToolArgs, textArg } from './toolArgs';
import {
  type AssistantToolFn,
  type Citation,
  type ToolDeps,
  ToolInputError,
  type WhatIfData,
  type WhatIfFigures,
  type WhatIfHire,
  type WhatIfMonthlyCost,
} from './toolTypes';

/** The largest annual salary a what-if takes: $100,000,000.00. */
const WHAT_IF_SALARY_MAX_CENTS = 100_000_000_00;
const WHAT_IF_HIRES_MAX = 10;

const hireArg = z
  .object({
    count: z.number().int().min(1).max(50).describe('How many people, 1 to 50'),
    role: textArg(100).describe("The role's name ('Engineer'), for the working"),
    annualSalaryCents: z
      .number()
      .int()
      .min(1)
      .max(WHAT_IF_SALARY_MAX_CENTS)
      .describe('Annual salary per person in integer cents ($120,000 is 12000000)'),
    startMonth: monthArg
      .nullish()
      .describe(
        "The first month they are paid, 'YYYY-MM', not before the current month; default (absent or null): next month",
      ),
  })
  .strict();

export const whatIfArgs = z
  .object({
    hires: z
      .array(hireArg)
      .min(1)
      .max(WHAT_IF_HIRES_MAX)
      .optional()
      .describe(`People hired, 1 to ${WHAT_IF_HIRES_MAX} groups`),
    revenueGrowthPercent: z
      .number()
      .min(-50)
      .max(100)
      .optional()
      .describe(
        "Income growth per month in percent, -50 to 100, compounding from the first forecast month on the last complete actual month's income (it replaces the forecast's income)",
      ),
  })
  .strict();

/**
 * Forecast runway if the company hired people or its income grew, beside runway as it stands: the
 * Runway card's engine (explainRunway 'runway') on a scratch copy of the card's input
 * (loadCardRunwayInput); nothing is written. In every forecast month (after the actuals cutoff):
 * - each hire adds, from its start month, its salaries (count x annual salary / 12, rounded as the hiring
 *   plan books a position) and the plan's employer taxes and benefits on them (the hiring settings'
 *   rates, rounded half away from zero): computeHiringPlanCosts, as if the hires were positions;
 * - growth g replaces the month's income by base x (1 + g)^k rounded half away from zero to the cent,
 *   base the income of the last complete actual month, k = 1 in the first forecast month;
 * and the closing cash of that month and every later one moves by the change's running total.
 * Months past the forecast's last month are not added: the card's horizon is kept. Cites the cash
 * balance both runways start from.
 */
export const whatIf: AssistantToolFn<unknown, WhatIfData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(whatIfArgs, args);
  if (!parsed.hires && parsed.revenueGrowthPercent === undefined) {
    throw new ToolInputError('hires: give hires, revenueGrowthPercent or both');
  }
  const currentMonth = currentMonthOf(deps);
  const hires = (parsed.hires ?? []).map((hire, index) => {
    const startMonth = checkMonthInWindow(
      deps,
      hire.startMonth ?? addMonths(currentMonth, 1),
      `hires.${index}.startMonth`,
    );
    if (startMonth < currentMonth) {
      throw new ToolInputError(
        `hires.${index}.startMonth: must not be before the current month, ${currentMonth}`,
      );
    }
    return { ...hire, startMonth };
  });
  const [input, settings] = await Promise.all([
    loadCardRunwayInput(deps, entityId),
    loadHiringSettings(deps.db, entityId),
  ]);
  const rates = {
    employerTaxBasisPoints: settings.employerTaxBasisPoints,
    benefitsBasisPoints: settings.benefitsBasisPoints,
  };
  const positions = hires.map(positionOf);
  const firstForecast = addMonths(input.actualsEndMonth, 1);
  const growth = parsed.revenueGrowthPercent ?? null;
  const baseMonth = lastCompleteActualMonth(input);
  const baseIncome = input.months.find((m) => m.key === baseMonth)?.income ?? 0;
  const addedCost = (month: MonthKey): WhatIfMonthlyCost => {
    const [cost] = computeHiringPlanCosts(positions, [month], rates);
    const salariesCents = cost?.salaries ?? 0;
    const employerTaxesCents = cost?.employerTaxes ?? 0;
    const benefitsCents = cost?.benefits ?? 0;
    return {
      month,
      salariesCents,
      employerTaxesCents,
      employerTaxBasisPoints: rates.employerTaxBasisPoints,
      benefitsCents,
      benefitsBasisPoints: rates.benefitsBasisPoints,
      totalCents: salariesCents + employerTaxesCents + benefitsCents,
    };
  };
  const grownIncome = (month: MonthKey, income: number) =>
    growth === null
      ? income
      : roundHalfAwayFromZero(baseIncome * (1 + growth / 100) ** monthsBetween(input.actualsEndMonth, month));

  const scenarioInput = withChange(input, firstForecast, addedCost, grownIncome);
  const baseline = runwayFigures(input);
  const scenario = runwayFigures(scenarioInput);
  const changeMonth = latestMonth(firstForecast, ...hires.map((hire) => hire.startMonth));
  const changeCost = hires.length > 0 ? addedCost(changeMonth) : null;
  const incomeThen = input.months.find((m) => m.key === changeMonth)?.income ?? 0;
  const monthlyBurnChangeCents =
    (changeCost?.totalCents ?? 0) - (grownIncome(changeMonth, incomeThen) - incomeThen);
  const whatIfHires: WhatIfHire[] = hires.map((hire) => ({
    role: hire.role,
    count: hire.count,
    annualSalaryCents: hire.annualSalaryCents,
    startMonth: hire.startMonth,
    monthlySalariesCents: monthlyPositionCost(positionOf(hire), hire.startMonth),
  }));
  const citation = await baselineCashCitation(deps, entityId, input);
  return {
    data: {
      method: 'runway',
      baseline,
      scenario,
      hires: whatIfHires,
      revenueGrowthPercent: growth,
      growthBaseMonth: growth === null ? null : baseMonth,
      growthBaseIncomeCents: growth === null ? null : baseIncome,
      changeMonth,
      addedMonthlyCost: changeCost,
      monthlyBurnChangeCents,
      differenceMonths:
        baseline.months === null || scenario.months === null ? null : scenario.months - baseline.months,
      working: describeWhatIf(whatIfHires, changeCost, growth, baseMonth, baseIncome, firstForecast, {
        baseline,
        scenario,
      }),
    },
    citations: [citation],
  };
};

/** A hire as the hiring plan would book it: an employee position from its start month on. */
function positionOf(hire: { count: number; annualSalaryCents: number; startMonth: MonthKey }): PositionPay {
  return {
    quantity: hire.count,
    salaryCents: hire.annualSalaryCents,
    rateCents: null,
    hours: null,
    startMonth: hire.startMonth,
    endMonth: null,
  };
}

/** The cash balance Forecast runway starts from, on the Banks row's cell. */
async function baselineCashCitation(deps: ToolDeps, entityId: string, input: RunwayInput): Promise<Citation> {
  const { balance, balanceMonth } = explainRunway('runway', input).working;
  const view = await loadAssistantReport(deps, entityId, [balanceMonth]);
  return citeCell(view, `Cash at the end of ${formatMonthLabel(balanceMonth)}`, {
    account: rootAccount(view, 'cash'),
    month: balanceMonth,
    amountCents: balance,
    nameWithoutCell: null,
  });
}

/**
 * A copy of the input with the change made in every forecast month from `firstForecast`: expense plus
 * the added cost, income as grown, and each closing cash balance less the running total of the change.
 * The input (the card's, shared through the report cache) is not touched.
 */
function withChange(
  input: RunwayInput,
  firstForecast: MonthKey,
  addedCost: (month: MonthKey) => WhatIfMonthlyCost,
  grownIncome: (month: MonthKey, income: number) => number,
): RunwayInput {
  let cashChange = 0;
  const months = input.months.map((month) => {
    if (month.key < firstForecast) return { ...month };
    const expense = month.expense + addedCost(month.key).totalCents;
    const income = grownIncome(month.key, month.income);
    cashChange += income - month.income - (expense - month.expense);
    return { ...month, expense, income, cashBalance: month.cashBalance + cashChange };
  });
  return { ...input, months };
}

function runwayFigures(input: RunwayInput): WhatIfFigures {
  const { months, cashOutMonth } = explainRunway('runway', input);
  return { months, label: formatRunwayMonths(months), cashOutMonth };
}

/** An amount rounded to the whole cent, halves away from zero (2.5 is 3, -2.5 is -3). */
function roundHalfAwayFromZero(amount: number): number {
  const rounded = Math.round(Math.abs(amount));
  return amount < 0 ? -rounded : rounded;
}

const percentOf = (basisPoints: number) => `${basisPoints / 100}%`;

/**
 * The working in a sentence: 'Hiring 2 Engineer at $120,000.00 a year from Dec 2026 adds $20,000.00 in
 * salaries + $1,530.00 employer taxes (7.65%) + $1,000.00 benefits (5%) = $22,530.00 a month from
 * Dec 2026; forecast runway 4 months → 2 months.'
 */
function describeWhatIf(
  hires: readonly WhatIfHire[],
  cost: WhatIfMonthlyCost | null,
  growth: number | null,
  baseMonth: MonthKey,
  baseIncome: number,
  firstForecast: MonthKey,
  runways: { baseline: WhatIfFigures; scenario: WhatIfFigures },
): string {
  const parts: string[] = [];
  if (cost) {
    const who = hires
      .map(
        (hire) =>
          `${hire.count} ${hire.role} at ${formatCents(hire.annualSalaryCents)} a year from ${formatMonthLabel(hire.startMonth)}`,
      )
      .join(' and ');
    parts.push(
      `Hiring ${who} adds ${formatCents(cost.salariesCents)} in salaries + ${formatCents(cost.employerTaxesCents)} employer taxes (${percentOf(cost.employerTaxBasisPoints)}) + ${formatCents(cost.benefitsCents)} benefits (${percentOf(cost.benefitsBasisPoints)}) = ${formatCents(cost.totalCents)} a month from ${formatMonthLabel(cost.month)}`,
    );
  }
  if (growth !== null) {
    parts.push(
      `income grows ${growth}% a month from ${formatMonthLabel(firstForecast)}, compounding on ${formatMonthLabel(baseMonth)}'s ${formatCents(baseIncome)} (replacing the forecast's income)`,
    );
  }
  const { baseline, scenario } = runways;
  const said = (figures: WhatIfFigures) =>
    figures.months === null ? 'Unlimited' : `${figures.label} month${figures.label === '1' ? '' : 's'}`;
  const sentence = `${parts.join('; ')}; forecast runway ${said(baseline)} → ${said(scenario)}.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
