import { entryCentsSchema, entryMemoSchema, entryNameSchema } from '@keel/domain';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { writeTransaction } from '../../../db/transactions';
import { editEntries } from '../shared/entryWrites';
import {
  badLedgerInput,
  entryNotFound,
  ONLY_USER_ENTRIES_EDITABLE,
  parseLedgerInput,
} from '../shared/ledgerErrors';
import { lockAccounts, lockTransaction } from '../shared/ledgerLocks';
import {
  assertNotDerivedForecast,
  assertReportOfEntity,
  type EntryRow,
  findEntry,
  type TypedEntryRow,
} from '../shared/ledgerRows';
import { renameTransaction } from './renameTransaction';
import { reviseUserTransaction } from './reviseUserTransaction';

/** UpdateEntry's fields; absent (or null) ones stay as they are. */
type EntryChanges = {
  accountId?: string | null;
  amount?: number | null;
  date?: string | null;
  name?: string | null;
  memo?: string | null;
};

const FORECAST_OCCURRENCE_FIXED =
  "A forecast's amount and dates are changed in the forecast itself (UpdateForecast)";

/**
 * UpdateEntry (spec §7). What may change depends on the entry's transaction:
 * - a user transaction: anything; the other entry follows (negated amount, same date, name and memo),
 * - a forecast occurrence: its account (this occurrence alone moves), and the forecast's name and memo;
 *   its amount and date come from the forecast's parameters and are changed with UpdateForecast,
 * - an imported entry: only its account (reclassification); anything else is refused with
 *   'Only user transactions and forecasts can be edited'.
 * A field sent with its current value is not a change, so a form may send every field. Moving onto the
 * account the entry is already on changes nothing. Returns the entry before and after.
 */
export async function updateEntry(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: { id: string; reportId?: string | null; changes: EntryChanges },
): Promise<{ entry: EntryRow; original: EntryRow }> {
  return writeTransaction(db, async (tx) => {
    const found = await findEntry(tx, input.id);
    if (!found) throw entryNotFound();
    await assertReportOfEntity(tx, found.entityId, input.reportId);
    // Lock order (ledgerLocks.ts): the account asked for, then the transaction and its entries.
    await lockAccounts(tx, found.entityId, [input.changes.accountId], { require: true });
    const locked = await lockTransaction(tx, found.transactionId);
    const current = locked?.entries.find((leg) => leg.id === found.id);
    if (!current) throw entryNotFound();
    const original = { ...current, transactionType: found.transactionType };
    const entry = await applyEntryChanges(tx, original, input.changes, userId, clock.now());
    return { entry, original: withoutType(original) };
  });
}

async function applyEntryChanges(
  tx: Tx,
  entry: TypedEntryRow,
  changes: EntryChanges,
  userId: string | null,
  now: Date,
): Promise<EntryRow> {
  const differs = (field: 'amount' | 'date' | 'name' | 'memo') => {
    const value = changes[field];
    if (value == null) return false;
    if (value === entry[field]) return false;
    if (field === 'amount') return parseLedgerInput(entryCentsSchema, value) !== entry.amount;
    if (field === 'name') return parseLedgerInput(entryNameSchema, value) !== entry.name;
    if (field === 'memo') return parseLedgerInput(entryMemoSchema, value) !== entry.memo;
    return value !== entry.date;
  };
  const base = withoutType(entry);
  switch (entry.transactionType) {
    case 'UserTransaction':
      return reviseUserTransaction(tx, base, changes, userId, now);
    case 'Budget': {
      await assertNotDerivedForecast(tx, entry.transactionId);
      if (differs('amount') || differs('date')) throw badLedgerInput(FORECAST_OCCURRENCE_FIXED);
      await renameTransaction(tx, entry.transactionId, changes, userId, now);
      const renamed = (await findEntry(tx, entry.id)) ?? entry;
      return moveOneEntry(tx, withoutType(renamed), changes.accountId, userId, now);
    }
    case 'Imported':
      if (differs('amount') || differs('date') || differs('name') || differs('memo')) {
        throw badLedgerInput(ONLY_USER_ENTRIES_EDITABLE);
      }
      return moveOneEntry(tx, base, changes.accountId, userId, now);
  }
}

async function moveOneEntry(
  tx: Tx,
  entry: EntryRow,
  accountId: string | null | undefined,
  userId: string | null,
  now: Date,
): Promise<EntryRow> {
  if (!accountId || accountId === entry.accountId) return entry;
  const [account] = await lockAccounts(tx, entry.entityId, [accountId], { require: true });
  if (!account) throw new Error('lockAccounts returned no account');
  const [moved] = await editEntries(tx, [{ before: entry, after: { accountId: account.id } }], userId, now);
  return moved ?? entry;
}

function withoutType({ transactionType: _type, ...entry }: TypedEntryRow): EntryRow {
  return entry;
}
