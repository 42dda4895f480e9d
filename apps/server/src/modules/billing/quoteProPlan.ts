import { monthKeyOfDate, PRO_PLAN, proPlanBasisMonth, proPlanPrice } from '@keel/domain';
import type { Db, Tx } from '../../db/client';
import { loadMonthExpense } from './loadMonthExpense';

/** What the Pro Plan costs a company now, with its working (spec §1: 0.1% of expense, minimum $100). */
export type ProPlanQuote = {
  entityId: string;
  /** The last complete month, whose expense sets the price. */
  basisMonth: string;
  expenseCents: number;
  priceCents: number;
  minimumCents: number;
};

/** The company's Pro Plan price this month: from the last complete month's expense total (ledger). */
export async function quoteProPlan(db: Db | Tx, entityId: string, now: Date): Promise<ProPlanQuote> {
  const basisMonth = proPlanBasisMonth(monthKeyOfDate(now.toISOString()));
  const expenseCents = await loadMonthExpense(db, entityId, basisMonth);
  return {
    entityId,
    basisMonth,
    expenseCents,
    priceCents: proPlanPrice(expenseCents),
    minimumCents: PRO_PLAN.minimumCents,
  };
}
