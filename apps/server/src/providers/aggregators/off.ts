import type { LinkProvider } from '../../db/schema';
import { refuseAsyncCall, refuseCall } from '../featureUnavailable';
import type { AggregatorProvider } from './index';

/**
 * A bank aggregator this server does not offer (DISABLED_FEATURES names plaid or moneykit): every call
 * refused, and no sandbox controls, so its simulated Link/Connect screens do not exist either.
 */
export function createOffAggregator(provider: LinkProvider): AggregatorProvider {
  const refuse = refuseCall(provider);
  const reject = refuseAsyncCall(provider);
  return {
    provider,
    get kind() {
      return refuse();
    },
    createLinkToken: reject,
    previewToken: reject,
    exchangeToken: reject,
    describeLink: reject,
    isLinkOf: reject,
    getAccounts: reject,
    syncTransactions: reject,
    refresh: reject,
    removeLink: reject,
  };
}
