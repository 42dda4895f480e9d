import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { EmailProvider } from '../../providers';
import type { PaymentsProvider } from '../../providers/payments';

/**
 * What the billing services work with: the database, the app's clock, the payments provider, and the
 * email provider the Pro Plan receipts go through (none: no receipt is sent).
 */
export type BillingDeps = { db: Db | Tx; clock: Clock; payments: PaymentsProvider; email?: EmailProvider };
