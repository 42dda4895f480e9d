import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { quickbooksAccounts } from '../../db/schema';
import { findLiveQuickbooksConnection } from './quickbooksConnectionRows';

export type QuickbooksAccountRow = typeof quickbooksAccounts.$inferSelect;

/** QuickBooks' own order of account types: the balance sheet, then income and expenses. */
const TYPE_ORDER = [
  'Bank',
  'Accounts Receivable',
  'Other Current Asset',
  'Fixed Asset',
  'Other Asset',
  'Accounts Payable',
  'Credit Card',
  'Other Current Liability',
  'Long Term Liability',
  'Equity',
  'Income',
  'Cost of Goods Sold',
  'Expense',
  'Other Income',
  'Other Expense',
];
const rank = (type: string) => {
  const index = TYPE_ORDER.indexOf(type);
  return index < 0 ? TYPE_ORDER.length : index;
};

/**
 * The company's QuickBooks accounts as last synced (spec §3 Accounting-software account), active ones,
 * in QuickBooks' order (by type, then name); none when it is not connected.
 */
export async function listQuickbooksAccounts(db: Db | Tx, entityId: string): Promise<QuickbooksAccountRow[]> {
  const connection = await findLiveQuickbooksConnection(db, entityId);
  if (!connection) return [];
  const rows = await db
    .select()
    .from(quickbooksAccounts)
    .where(
      and(
        eq(quickbooksAccounts.entityId, entityId),
        eq(quickbooksAccounts.realmId, connection.realmId),
        eq(quickbooksAccounts.active, true),
      ),
    )
    .orderBy(asc(quickbooksAccounts.name), asc(quickbooksAccounts.id));
  return rows.sort((a, b) => rank(a.accountType) - rank(b.accountType));
}
