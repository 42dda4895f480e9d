import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { PaymentsProvider } from '../../providers/payments';

/** What the billing services work with: the database, the app's clock and the payments provider. */
export type BillingDeps = { db: Db | Tx; clock: Clock; payments: PaymentsProvider };
