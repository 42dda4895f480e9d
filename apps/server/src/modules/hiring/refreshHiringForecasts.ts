import { computeHiringPlanCosts, type HiringMonthCost, hiringForecastMonths, monthIn } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Tx } from '../../db/client';
import { hiringSettings } from '../../db/schema';
import { entityTimeZone } from '../entities/timeZone';
import { deleteDerivedForecast, writeDerivedForecast } from '../ledger/forecasts';
import { listJobPositions } from './hiringRows';
import { ensureHiringSettings, type HiringCostLine, resolveLineAccount } from './hiringSettings';

/** The forecasts' names, as the report's drawers and Entry History show them. */
const HIRING_FORECAST_NAMES: Record<HiringCostLine, string> = {
  salaries: 'Hiring plan: Salaries',
  contractors: 'Hiring plan: Contractors',
  taxes: 'Hiring plan: Employer taxes',
  benefits: 'Hiring plan: Benefits',
};

const COST_OF: Record<HiringCostLine, (cost: HiringMonthCost) => number> = {
  salaries: (cost) => cost.salaries,
  contractors: (cost) => cost.contractors,
  taxes: (cost) => cost.employerTaxes,
  benefits: (cost) => cost.benefits,
};

const FORECAST_COLUMN = {
  salaries: 'salariesForecastId',
  contractors: 'contractorsForecastId',
  taxes: 'taxesForecastId',
  benefits: 'benefitsForecastId',
} as const;

/**
 * Writes the hiring plan's cost into the report: per month from the current month (hiringForecastMonths),
 * salaries, contractors, employer taxes and benefits (computeHiringPlanCosts), each line one derived
 * forecast of kind 'hiring' (expenses: debit-positive cents) holding its non-zero months, against the
 * default bank account. Salaries and Contractors go to their settings' accounts (found by name or made
 * under Expense the first time they cost something); taxes and benefits to theirs, else onto the
 * salaries account. A line with no month left loses its forecast. The forecast ids are kept in
 * hiring_settings. Idempotent: a plan whose figures did not change writes nothing (writeDerivedForecast).
 *
 * Runs inside the caller's transaction after it locked the plan (lockHiringPlan), so one writer at a
 * time revises the forecasts; the ledger's locks (accounts, then the forecast's transaction) come after.
 */
export async function refreshHiringForecasts(
  tx: Tx,
  clock: Clock,
  userId: string | null,
  entityId: string,
): Promise<void> {
  const settings = await ensureHiringSettings(tx, clock, entityId);
  const now = clock.now();
  const currentMonth = monthIn(await entityTimeZone(tx, entityId), now);
  const months = hiringForecastMonths(currentMonth);
  const costs = computeHiringPlanCosts(await listJobPositions(tx, entityId), months, {
    employerTaxBasisPoints: settings.employerTaxBasisPoints,
    benefitsBasisPoints: settings.benefitsBasisPoints,
  });
  const monthsOf = (line: HiringCostLine) =>
    costs.flatMap((cost) =>
      COST_OF[line](cost) === 0 ? [] : [{ month: cost.month, cents: COST_OF[line](cost) }],
    );
  const lines = {
    salaries: monthsOf('salaries'),
    contractors: monthsOf('contractors'),
    taxes: monthsOf('taxes'),
    benefits: monthsOf('benefits'),
  };
  // Taxes and benefits are a share of salaries: when they cost something, so do salaries.
  const salariesAccountId =
    lines.salaries.length > 0
      ? await resolveLineAccount(tx, clock, entityId, 'salaries', settings.salariesAccountId)
      : settings.salariesAccountId;
  const contractorsAccountId =
    lines.contractors.length > 0
      ? await resolveLineAccount(tx, clock, entityId, 'contractors', settings.contractorsAccountId)
      : settings.contractorsAccountId;
  const accountOf: Record<HiringCostLine, string | null> = {
    salaries: salariesAccountId,
    contractors: contractorsAccountId,
    taxes: settings.taxesAccountId ?? salariesAccountId,
    benefits: settings.benefitsAccountId ?? salariesAccountId,
  };
  const changes: Partial<HiringSettingsColumns> = {};
  if (salariesAccountId !== settings.salariesAccountId) changes.salariesAccountId = salariesAccountId;
  if (contractorsAccountId !== settings.contractorsAccountId)
    changes.contractorsAccountId = contractorsAccountId;
  for (const line of ['salaries', 'contractors', 'taxes', 'benefits'] as const) {
    const stored = settings[FORECAST_COLUMN[line]];
    const accountId = accountOf[line];
    let forecastId: string | null = null;
    if (lines[line].length > 0 && accountId) {
      forecastId = await writeDerivedForecast(tx, userId, now, {
        kind: 'hiring',
        entityId,
        accountId,
        forecastId: stored,
        name: HIRING_FORECAST_NAMES[line],
        months: lines[line],
        // What the plan said for months now past stays: the plan their actuals are measured against.
        keepBefore: currentMonth,
      });
    } else if (stored) {
      await deleteDerivedForecast(tx, stored, userId, now);
    }
    if (forecastId !== stored) changes[FORECAST_COLUMN[line]] = forecastId;
  }
  if (Object.keys(changes).length > 0) {
    await tx
      .update(hiringSettings)
      .set({ ...changes, updatedAt: now })
      .where(eq(hiringSettings.entityId, entityId));
  }
}

type HiringSettingsColumns = {
  salariesAccountId: string | null;
  contractorsAccountId: string | null;
  salariesForecastId: string | null;
  contractorsForecastId: string | null;
  taxesForecastId: string | null;
  benefitsForecastId: string | null;
};
