import { orderPercentageForecasts } from '@keel/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { accounts, forecasts } from '../../../db/schema';
import { badInput } from '../../../errors';
import { isUuid } from '../../../graphql/context';
import type { AccountRow } from '../shared/ledgerRows';

/** The refusal of a source line that is not one of the company's (the same for unknown and foreign ids). */
const SOURCE_LINE_NOT_FOUND = "Source line must be a line of this company's report";

/**
 * The source line of a percentage forecast on `account`, checked: an account of the
 * same company (BAD_USER_INPUT on `sourceAccountId` otherwise, the same answer for an unknown id and
 * another company's), and not one whose figure includes this forecast, directly (its own account, or
 * a line containing it) or through other percentage forecasts (a loop): every percentage forecast of the
 * company, with this one as it would be saved, must be computable in some order
 * (orderPercentageForecasts).
 */
export async function checkPercentageSource(
  tx: Db | Tx,
  input: { entityId: string; forecastId: string | null; account: AccountRow; sourceAccountId: string },
): Promise<AccountRow> {
  const chart = await tx.select().from(accounts).where(eq(accounts.entityId, input.entityId));
  const source = isUuid(input.sourceAccountId)
    ? chart.find((row) => row.id === input.sourceAccountId)
    : undefined;
  if (!source) throw badInput(SOURCE_LINE_NOT_FOUND, 'sourceAccountId');
  const others = await tx
    .select({
      id: forecasts.id,
      accountId: forecasts.accountId,
      sourceAccountId: forecasts.sourceAccountId,
    })
    .from(forecasts)
    .where(
      and(
        eq(forecasts.entityId, input.entityId),
        eq(forecasts.calculationType, 'percentage'),
        // A budgetId that is no forecast id at all is no forecast of the company's: nothing to leave out
        // (and never a malformed uuid in the query, which PostgreSQL refuses).
        input.forecastId && isUuid(input.forecastId) ? ne(forecasts.id, input.forecastId) : undefined,
      ),
    );
  const candidate = {
    id: input.forecastId ?? 'new',
    accountId: input.account.id,
    sourceAccountId: source.id,
  };
  const alone = orderPercentageForecasts([candidate], chart);
  if (alone.looped.length > 0) {
    throw badInput(
      `A percentage forecast cannot be a share of its own line: ${source.name} includes ${input.account.name}`,
      'sourceAccountId',
    );
  }
  const links = others.flatMap((row) =>
    row.sourceAccountId ? [{ ...row, sourceAccountId: row.sourceAccountId }] : [],
  );
  const { looped } = orderPercentageForecasts([...links, candidate], chart);
  if (looped.includes(candidate.id)) {
    throw badInput(
      `${source.name} depends on ${input.account.name} through another percentage forecast: that would loop`,
      'sourceAccountId',
    );
  }
  return source;
}
