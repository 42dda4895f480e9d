import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '../db/client';
import { decodeRealtimeMessage, publishInTx } from './publishInTx';
import { REALTIME_CHANNEL, type Realtime } from './realtime';
import { createTopicHub, type TopicHubLimits } from './topicHub';

type PgliteRealtimeOptions = TopicHubLimits & { pglite: PGlite; db: Db };

/**
 * Realtime on the embedded database (one process): PGlite's own LISTEN/NOTIFY, so `publishInTx` means
 * the same as on a server (delivered on commit, dropped on rollback) and the code above it does not
 * know which database it runs on. Several apps on one PGlite instance (tests) each hear every message.
 */
export async function createPgliteRealtime(options: PgliteRealtimeOptions): Promise<Realtime> {
  const hub = createTopicHub(options);
  const unlisten = await options.pglite.listen(REALTIME_CHANNEL, (text) => {
    const envelope = decodeRealtimeMessage(text);
    if (envelope) hub.deliver(envelope.topic, envelope.payload);
  });
  let closed = false;
  return {
    publish: (topic, payload) => publishInTx(options.db, topic, payload),
    subscribe: (topic, signal) => hub.subscribe(topic, signal),
    async close() {
      if (closed) return;
      closed = true;
      hub.close();
      // The database may be closed already (it is closed after the app).
      if (!options.pglite.closed) await unlisten().catch(() => undefined);
    },
    get subscriberCount() {
      return hub.size;
    },
  };
}
