/**
 * Realtime (issue 17): publish/subscribe across the server processes of one database, through
 * PostgreSQL's LISTEN/NOTIFY (or the embedded database's). See realtime.ts for the contract.
 */
export { openRealtime } from './openRealtime';
export { publishInTx } from './publishInTx';
export {
  type JsonValue,
  MAX_SUBSCRIBERS,
  NOTIFY_PAYLOAD_MAX_BYTES,
  type Realtime,
  RealtimeBusy,
  RealtimePayloadTooLarge,
  SUBSCRIBER_BUFFER_MAX,
} from './realtime';
