import { refuseAsyncCall } from '../featureUnavailable';
import type { SmsProvider } from '../index';

/** Text messages on a server that does not offer them (DISABLED_FEATURES): nothing is sent or kept. */
export function createOffSms(): SmsProvider {
  return { send: refuseAsyncCall('sms') };
}
