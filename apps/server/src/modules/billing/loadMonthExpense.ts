import type { MonthKey } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';

/**
 * A month's expense total, in cents, as the Financial Report's Expense line shows it: the month's
 * *actual* figures of every account in the Expense tree (account type Expense, no balance-sheet
 * group), signed as shown (spending positive, refunds negative). Read from the monthly rollups, the
 * same figures the report and the runway read (docs/architecture.md, 'Monthly rollups'), so it costs one index range.
 */
export async function loadMonthExpense(db: Db | Tx, entityId: string, month: MonthKey): Promise<number> {
  const [row] = await queryRows<{ total: string }>(
    db,
    sql`SELECT coalesce(sum(r.amount * a.sign), 0)::text AS total
        FROM monthly_rollups r JOIN accounts a ON a.id = r.account_id
        WHERE r.entity_id = ${entityId}::uuid AND r.scenario = 'actual' AND r.month = ${month}
          AND a.account_group IS NULL AND a.account_type = 'Expense'`,
  );
  return Number(row?.total ?? 0);
}
