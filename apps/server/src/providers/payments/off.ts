import { refuseAsyncCall, refuseCall } from '../featureUnavailable';
import type { PaymentsProvider } from './index';

/** The payments of a server that does not offer them (DISABLED_FEATURES): every call refused. */
export function createOffPayments(): PaymentsProvider {
  const refuse = refuseCall('payments');
  const reject = refuseAsyncCall('payments');
  return {
    get kind() {
      return refuse();
    },
    get publishableKey() {
      return refuse();
    },
    createCustomer: reject,
    createSubscription: reject,
    retrieveSubscription: reject,
    cancelSubscription: reject,
    confirmCardPayment: reject,
  };
}
