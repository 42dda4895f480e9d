import { refuseAsyncCall, refuseCall } from '../featureUnavailable';
import type { BankingProvider, CardIssuer } from './index';

/**
 * The bank of a server that does not offer banking (DISABLED_FEATURES): every call, and its kind,
 * refused with FeatureUnavailable, so no account, transfer or posting is ever made up.
 */
export function createOffBanking(): BankingProvider {
  const refuse = refuseCall('banking');
  const reject = refuseAsyncCall('banking');
  return {
    get kind() {
      return refuse();
    },
    reviewApplication: reject,
    numberAccount: reject,
    dailyLimits: refuse,
    submitTransfer: reject,
    fetchDue: reject,
    settleDue: reject,
    hasDue: reject,
    receiveDeposit: reject,
  };
}

/** The card issuer of a server that does not offer banking: every call refused. */
export function createOffCardIssuer(): CardIssuer {
  const refuse = refuseCall('banking');
  const reject = refuseAsyncCall('banking');
  return {
    get kind() {
      return refuse();
    },
    issueCard: reject,
    setCardStatus: reject,
  };
}
