import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { badLedgerInput, entryNotFound, ONLY_USER_ENTRIES_EDITABLE } from './ledgerErrors';
import { assertReportOfEntity, type EntryRow, findEntry } from './ledgerRows';
import { renameTransaction } from './renameTransaction';

/**
 * UpdateEntryAttributes(id, name, memo): the name and memo of a user transaction or a forecast (every
 * entry of it gets them). Imported entries keep their bank's description: refused. Absent fields stay.
 */
export async function updateEntryAttributes(
  db: Db,
  clock: Clock,
  userId: string | null,
  input: { id: string; name?: string | null; memo?: string | null; reportId?: string | null },
): Promise<EntryRow> {
  return db.transaction(async (tx) => {
    const entry = await findEntry(tx, input.id, { lock: true });
    if (!entry) throw entryNotFound();
    await assertReportOfEntity(tx, entry.entityId, input.reportId);
    if (entry.transactionType === 'Imported') throw badLedgerInput(ONLY_USER_ENTRIES_EDITABLE);
    await renameTransaction(tx, entry.transactionId, input, userId, clock.now());
    const { transactionType: _type, ...renamed } = (await findEntry(tx, entry.id)) ?? entry;
    return renamed;
  });
}
