import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import {
  type JsonValue,
  NOTIFY_PAYLOAD_MAX_BYTES,
  REALTIME_CHANNEL,
  RealtimePayloadTooLarge,
  TOPIC_PATTERN,
} from './realtime';

/**
 * Publishes a realtime message through `executor`: inside a transaction it is delivered when the
 * transaction commits, and never if it rolls back (PostgreSQL's NOTIFY, PGlite's alike); on the
 * database handle itself, at once. Every process of the database hears it (Realtime.subscribe).
 * Refuses a message of NOTIFY_PAYLOAD_MAX_BYTES or more before anything is sent.
 */
export async function publishInTx(executor: Db | Tx, topic: string, payload: JsonValue): Promise<void> {
  const text = encodeRealtimeMessage(topic, payload);
  await executor.execute(sql`SELECT pg_notify(${REALTIME_CHANNEL}, ${text})`);
}

type Envelope = { topic: string; payload: JsonValue };

/** The NOTIFY payload: the topic and the message as one JSON text, checked against the size limit. */
function encodeRealtimeMessage(topic: string, payload: JsonValue): string {
  if (!TOPIC_PATTERN.test(topic)) throw new Error(`Not a realtime topic: ${JSON.stringify(topic)}`);
  const text = JSON.stringify({ topic, payload } satisfies Envelope);
  const bytes = Buffer.byteLength(text, 'utf8');
  if (bytes > NOTIFY_PAYLOAD_MAX_BYTES) throw new RealtimePayloadTooLarge(topic, bytes);
  return text;
}

/** The topic and message of a NOTIFY payload, or null for anything else heard on the channel. */
export function decodeRealtimeMessage(text: string): Envelope | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || !('topic' in parsed) || !('payload' in parsed)) return null;
  const { topic, payload } = parsed as { topic: unknown; payload: JsonValue };
  return typeof topic === 'string' && TOPIC_PATTERN.test(topic) ? { topic, payload } : null;
}
