import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo, useRef } from 'react';
import { useEntityContext } from '../../../shell/EntityContext';
import type { ReportAccountView, ReportViewData } from '../reportQuery';
import { alignReportPlans, planLinesOf, type RowPlans } from './alignReportPlans';
import { REPORT_PLANS_QUERY } from './reportPlansQuery';
import { varianceDirections } from './varianceDirections';

type ReportPlansState = {
  /** Each row's plans, aligned with `report.columns` (empty while off or loading). */
  plans: RowPlans;
  /** Whether a figure above plan is good, by row id. */
  higherIsGood: ReadonlyMap<string, boolean>;
  loading: boolean;
  error: string | null;
};

const NONE: RowPlans = new Map();
const NO_DIRECTIONS: ReadonlyMap<string, boolean> = new Map();

/**
 * The plans of the report on screen while `enabled` (the Variance column option): one Report Plans
 * query over the report's own range, kept out of the cache (its `report` field would overwrite the
 * Report query's answer there), fetched again whenever the report's figures change (a write refetched
 * them), so plans always stand beside the actuals they go with (alignReportPlans).
 */
export function useReportPlans(
  report: ReportViewData,
  accountsById: ReadonlyMap<string, ReportAccountView>,
  enabled: boolean,
): ReportPlansState {
  const { entity } = useEntityContext();
  const { data, loading, error, refetch } = useQuery(REPORT_PLANS_QUERY, {
    variables: {
      entityId: entity.id,
      reportId: report.id,
      startMonth: report.startMonth,
      actualsEndMonth: report.actualsEndMonth,
      endMonth: report.endMonth,
    },
    skip: !enabled,
    fetchPolicy: 'no-cache',
  });

  // New figures for the same range (after a write) while on: the plans again. A new range is a new
  // query, and turning the option on asks on its own.
  const shown = useRef({ report, enabled });
  useEffect(() => {
    const previous = shown.current;
    shown.current = { report, enabled };
    if (!enabled || !previous.enabled || previous.report === report) return;
    if (!sameRange(previous.report, report)) return;
    refetch().catch(() => {
      // Shown through `error`.
    });
  }, [report, enabled, refetch]);

  const plansData = enabled ? data?.report : undefined;
  const plans = useMemo(() => (plansData ? alignReportPlans(report, plansData) : NONE), [report, plansData]);
  const higherIsGood = useMemo(
    () =>
      plansData ? varianceDirections(report.lineItems, accountsById, planLinesOf(plansData)) : NO_DIRECTIONS,
    [report.lineItems, accountsById, plansData],
  );
  return {
    plans,
    higherIsGood,
    loading: enabled && loading,
    error: enabled && error ? error.message : null,
  };
}

function sameRange(a: ReportViewData, b: ReportViewData): boolean {
  return (
    a.id === b.id &&
    a.startMonth === b.startMonth &&
    a.actualsEndMonth === b.actualsEndMonth &&
    a.endMonth === b.endMonth
  );
}
