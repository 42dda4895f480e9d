import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { bankLinks } from '../../db/schema';
import type { AggregatorError } from '../../providers/aggregators';
import { publishEntityUpdate } from '../../realtime/entityEvents';

const TEXT_MAX = 1_000;
const cut = (value: string | null) => (value === null ? null : value.slice(0, TEXT_MAX));

/**
 * Records a provider's refusal on the link (spec §3: A's error{error_type, error_code, error_message,
 * display_message}, B's state 'error' and errorCode), so the Linked Accounts page shows it and offers
 * Reconnect when it is a login that expired (spec §4). A successful sync or a reconnect clears it.
 */
export async function recordLinkError(db: Db | Tx, clock: Clock, linkId: string, error: AggregatorError) {
  const [row] = await db
    .update(bankLinks)
    .set({
      state: 'error',
      errorType: cut(error.errorType),
      errorCode: cut(error.errorCode),
      errorMessage: cut(error.message),
      displayMessage: cut(error.displayMessage),
      updatedAt: clock.now(),
    })
    .where(eq(bankLinks.id, linkId))
    .returning({ entityId: bankLinks.entityId });
  if (row) await publishEntityUpdate(db, row.entityId, 'linkedAccounts');
}
