import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { writeTransaction } from '../../../db/transactions';
import { badLedgerInput, entryNotFound, ONLY_USER_ENTRIES_EDITABLE } from '../shared/ledgerErrors';
import { assertReportOfEntity, type EntryRow, findEntry } from '../shared/ledgerRows';
import { renameTransaction } from './renameTransaction';

/**
 * UpdateEntryAttributes(id, name, memo): the name and memo of a user transaction or a forecast (every
 * entry of it gets them). Imported entries keep their bank's description: refused. Absent fields stay.
 */
export async function updateEntryAttributes(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: { id: string; name?: string | null; memo?: string | null; reportId?: string | null },
): Promise<EntryRow> {
  return writeTransaction(db, async (tx) => {
    const entry = await findEntry(tx, input.id);
    if (!entry) throw entryNotFound();
    await assertReportOfEntity(tx, entry.entityId, input.reportId);
    if (entry.transactionType === 'Imported') throw badLedgerInput(ONLY_USER_ENTRIES_EDITABLE);
    if (!(await renameTransaction(tx, entry.transactionId, input, userId, clock.now())))
      throw entryNotFound();
    const renamed = await findEntry(tx, entry.id);
    if (!renamed) throw entryNotFound();
    const { transactionType: _type, ...row } = renamed;
    return row;
  });
}
