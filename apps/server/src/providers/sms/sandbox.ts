import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { SmsProvider } from '../index';

/** Keeps every text message in the outbox table instead of sending it. */
export function createSandboxSms(db: Db): SmsProvider {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({ channel: 'sms', recipient: message.to, body: message.body });
    },
  };
}
