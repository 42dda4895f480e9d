import { refuseAsyncCall, refuseCall } from '../featureUnavailable';
import type { AccountingProvider } from './index';

/**
 * The accounting connection of a server that does not offer QuickBooks (DISABLED_FEATURES): every call
 * refused, and no sandbox controls, so its simulated consent page does not exist either.
 */
export function createOffAccounting(): AccountingProvider {
  const refuse = refuseCall('quickbooks');
  const reject = refuseAsyncCall('quickbooks');
  return {
    get kind() {
      return refuse();
    },
    authorizeUrl: refuse,
    exchangeCode: reject,
    refreshTokens: reject,
    listAccounts: reject,
    listTransactions: reject,
    revoke: reject,
  };
}
