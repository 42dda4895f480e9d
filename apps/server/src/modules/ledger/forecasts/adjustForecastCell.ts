import { entryCentsSchema, unitsToCents } from '@keel/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Clock } from '../../../clock';
import type { Db, Tx } from '../../../db/client';
import { forecasts } from '../../../db/schema';
import { writeTransaction } from '../../../db/transactions';
import { deleteTransaction } from '../shared/deleteTransaction';
import { parseLedgerInput } from '../shared/ledgerErrors';
import { lockAccount, lockTransaction } from '../shared/ledgerLocks';
import { assertReportOfEntity } from '../shared/ledgerRows';
import { refreshPercentageForecasts } from '../shared/refreshPercentageForecasts';
import { createForecast, type ForecastRecord, updateForecast } from './saveForecast';

/** The name of the forecast an inline cell edit keeps for its account-month. */
const ADJUSTMENT_NAME = 'Adjustment';

type CellAdjustmentInput = {
  entityId: string;
  accountId: string;
  /** The cell's month, 'YYYY-MM'. */
  month: string;
  /** The change the edit makes to the cell, in units with cents, debit-positive on the account. */
  amount: number;
  reportId?: string | null;
};

/**
 * An inline edit of a future cell (spec §5 'Inline cell edit'): the account-month keeps one
 * one-month fixed forecast named 'Adjustment' (kind 'adjustment') holding the sum of its edits.
 * The edit adds its change to it; when the sum comes back to zero the adjustment is deleted, so
 * setting a cell and setting it back leaves nothing behind. Several adjustments of one cell (two
 * edits that raced, or the nameless forecasts older versions made, see migration 0013) are folded
 * into the oldest. Returns the adjustment, or null when there is none left.
 *
 * The adjustments are locked (their transactions, then the forecast rows) before their sum is read, so
 * two edits of one cell add up; the forecast saves lock the accounts as any forecast write does.
 */
export async function adjustForecastCell(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: CellAdjustmentInput,
): Promise<ForecastRecord | null> {
  return writeTransaction(db, async (tx) => {
    await assertReportOfEntity(tx, input.entityId, input.reportId);
    const account = await lockAccount(tx, input.entityId, input.accountId);
    const change = parseLedgerInput(entryCentsSchema, unitsToCents(input.amount));
    const ofCell = and(
      eq(forecasts.entityId, input.entityId),
      eq(forecasts.accountId, account.id),
      eq(forecasts.startMonth, input.month),
      eq(forecasts.kind, 'adjustment'),
    );
    const found = await tx
      .select({ transactionId: forecasts.transactionId })
      .from(forecasts)
      .where(ofCell)
      .orderBy(asc(forecasts.transactionId));
    for (const row of found) await lockTransaction(tx, row.transactionId);
    const adjustments = await tx
      .select()
      .from(forecasts)
      .where(ofCell)
      .orderBy(asc(forecasts.createdAt), asc(forecasts.id))
      .for('update');
    const total = adjustments.reduce((sum, row) => sum + row.amount, change);
    const [kept, ...folded] = adjustments;
    const now = clock.now();
    for (const row of folded) await deleteTransaction(tx, row.transactionId, userId, now);
    if (total === 0) {
      if (kept) await deleteTransaction(tx, kept.transactionId, userId, now);
      // Shares of the cell's line follow it (a save below refreshes them itself).
      await refreshPercentageForecasts(tx, input.entityId, userId, now);
      return null;
    }
    const amount = parseLedgerInput(entryCentsSchema, total) / 100;
    if (kept) {
      return updateForecast(tx, clock, userId, {
        forecastId: kept.id,
        amount,
        kind: 'adjustment',
        reportId: input.reportId,
      });
    }
    return createForecast(tx, clock, userId, {
      entityId: input.entityId,
      accountId: account.id,
      startMonth: input.month,
      amount,
      calculationType: 'fixed',
      recurring: 'none',
      name: ADJUSTMENT_NAME,
      kind: 'adjustment',
      reportId: input.reportId,
    });
  });
}
