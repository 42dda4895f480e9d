import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { writeTransaction } from '../../../db/transactions';
import { deleteTransaction } from '../shared/deleteTransaction';
import { badLedgerInput, derivedForecastRefusal, forecastNotFound } from '../shared/ledgerErrors';
import { lockTransaction } from '../shared/ledgerLocks';
import { assertReportOfEntity, findForecast } from '../shared/ledgerRows';
import { refreshPercentageForecasts } from '../shared/refreshPercentageForecasts';

type DeleteForecastInput = {
  forecastId: string;
  /** When given, a forecast of another entity is NOT_FOUND (as UpdateForecast's entityId). */
  entityId?: string | null;
  reportId?: string | null;
};

type DeletedForecast = { id: string; transactionId: string; deletedEntryIds: string[] };

/**
 * Deletes a forecast whole: its Budget transaction, its parameters and every occurrence, as DeleteEntry
 * does for any of its entries. The rollups lose the amounts and Entry History keeps a 'destroy' row
 * for each occurrence. The transaction is locked first (ledgerLocks.ts), so a save that committed
 * meanwhile is what gets deleted; NOT_FOUND 'Forecast not found' when it is gone.
 */
export async function deleteForecast(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: DeleteForecastInput,
): Promise<DeletedForecast> {
  return writeTransaction(db, async (tx) => {
    const forecast = await findForecast(tx, input.forecastId);
    if (!forecast || (input.entityId && input.entityId !== forecast.entityId)) throw forecastNotFound();
    await assertReportOfEntity(tx, forecast.entityId, input.reportId);
    const refusal = derivedForecastRefusal(forecast.kind);
    if (refusal) throw badLedgerInput(refusal);
    if (!(await lockTransaction(tx, forecast.transactionId))) throw forecastNotFound();
    const deleted = await deleteTransaction(tx, forecast.transactionId, userId, clock.now());
    // Shares of the line it forecast follow it.
    await refreshPercentageForecasts(tx, forecast.entityId, userId, clock.now());
    return {
      id: forecast.id,
      transactionId: forecast.transactionId,
      deletedEntryIds: deleted.map((row) => row.id),
    };
  });
}
