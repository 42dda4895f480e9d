import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { writeTransaction } from '../../../db/transactions';
import { badLedgerInput, entryNotFound, ONLY_USER_ENTRIES_EDITABLE } from '../shared/ledgerErrors';
import { assertReportOfEntity, type EntryRow, findEntry } from '../shared/ledgerRows';
import { reviseUserTransaction, type UserTransactionChanges } from './reviseUserTransaction';

const FORECAST_NOT_A_USER_TRANSACTION = 'A forecast is changed with UpdateForecast';

/**
 * UpdateUserTransaction(id, ...): `id` is the entry the form edits (the one CreateUserTransaction
 * returned, on `accountId`); `againstId` moves the other entry. Absent fields stay. Only user
 * transactions: a forecast is changed with UpdateForecast, an imported entry not at all.
 */
export async function updateUserTransaction(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: UserTransactionChanges & { id: string; entityId?: string | null; reportId?: string | null },
): Promise<EntryRow> {
  return writeTransaction(db, async (tx) => {
    const found = await findEntry(tx, input.id);
    if (!found || (input.entityId && input.entityId !== found.entityId)) throw entryNotFound();
    await assertReportOfEntity(tx, found.entityId, input.reportId);
    if (found.transactionType === 'Budget') throw badLedgerInput(FORECAST_NOT_A_USER_TRANSACTION);
    if (found.transactionType !== 'UserTransaction') throw badLedgerInput(ONLY_USER_ENTRIES_EDITABLE);
    return reviseUserTransaction(tx, found, input, userId, clock.now());
  });
}
