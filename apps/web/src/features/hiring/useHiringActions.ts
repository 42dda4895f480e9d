import { useMutationRun } from '../../lib/useMutationRun';
import { HIRING_PLAN_QUERY } from './hiringQueries';

const HIRING_PAGE_QUERIES = [HIRING_PLAN_QUERY];

/** Runs one hiring plan change (useMutationRun), then refetches the plan (spec §7: 'refetched after each'). */
export function useHiringActions() {
  return useMutationRun(HIRING_PAGE_QUERIES);
}
