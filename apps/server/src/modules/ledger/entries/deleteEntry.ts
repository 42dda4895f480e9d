import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { writeTransaction } from '../../../db/transactions';
import { deleteTransaction } from '../shared/deleteTransaction';
import { badLedgerInput, entryNotFound, ONLY_USER_ENTRIES_DELETABLE } from '../shared/ledgerErrors';
import { lockTransaction } from '../shared/ledgerLocks';
import { assertNotDerivedForecast, assertReportOfEntity, findEntry } from '../shared/ledgerRows';
import { refreshPercentageForecasts } from '../shared/refreshPercentageForecasts';

type DeletedEntry = { id: string; transactionId: string; deletedEntryIds: string[] };

/**
 * DeleteEntry(id): deletes the entry's whole transaction, so the books stay balanced. For a user
 * transaction that is both its entries; for a forecast occurrence it is the whole forecast (its
 * parameters and every occurrence): deleting any one of a forecast's entries deletes the forecast.
 * Imported entries cannot be deleted ('Only user transactions and forecasts can be deleted'): they
 * mirror the bank or the accounting software. The rollups lose the amounts and Entry History keeps a
 * 'destroy' row for each deleted entry.
 */
export async function deleteEntry(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: { id: string; reportId?: string | null },
): Promise<DeletedEntry> {
  return writeTransaction(db, async (tx) => {
    const entry = await findEntry(tx, input.id);
    if (!entry) throw entryNotFound();
    await assertReportOfEntity(tx, entry.entityId, input.reportId);
    if (entry.transactionType === 'Imported') throw badLedgerInput(ONLY_USER_ENTRIES_DELETABLE);
    if (entry.transactionType === 'Budget') await assertNotDerivedForecast(tx, entry.transactionId);
    // Locked first, so an edit that committed meanwhile is what gets deleted (and leaves the rollups).
    if (!(await lockTransaction(tx, entry.transactionId))) throw entryNotFound();
    const deleted = await deleteTransaction(tx, entry.transactionId, userId, clock.now());
    // A forecast's shares (percentage forecasts of its line) follow it.
    if (entry.transactionType === 'Budget') {
      await refreshPercentageForecasts(tx, entry.entityId, userId, clock.now());
    }
    return {
      id: entry.id,
      transactionId: entry.transactionId,
      deletedEntryIds: deleted.map((row) => row.id),
    };
  });
}
