import { monthIn, PRO_PLAN, proPlanBasisMonth, proPlanPrice } from '@keel/domain';
import type { Db, Tx } from '../../db/client';
import { entityTimeZone } from '../entities/timeZone';
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

/**
 * The company's Pro Plan price this month: from the last complete month's expense total (ledger).
 * 'This month' is the company's, in its time zone.
 */
export async function quoteProPlan(db: Db | Tx, entityId: string, now: Date): Promise<ProPlanQuote> {
  const basisMonth = proPlanBasisMonth(monthIn(await entityTimeZone(db, entityId), now));
  const expenseCents = await loadMonthExpense(db, entityId, basisMonth);
  return {
    entityId,
    basisMonth,
    expenseCents,
    priceCents: proPlanPrice(expenseCents),
    minimumCents: PRO_PLAN.minimumCents,
  };
}
