import type { Db } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { EmailProvider } from '../index';

/** Keeps every email in the outbox table, where the developer (and the tests) read it. */
export function createSandboxEmail(db: Db): EmailProvider {
  return {
    async send(message) {
      await db.insert(outboxMessages).values({
        channel: 'email',
        recipient: message.to.toLowerCase(),
        subject: message.subject,
        body: message.text,
      });
    },
  };
}
