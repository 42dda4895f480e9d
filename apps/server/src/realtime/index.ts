/**
 * Realtime: publish/subscribe across the server processes of one database, through
 * PostgreSQL's LISTEN/NOTIFY (or the embedded database's). See realtime.ts for the contract.
 */
export type { JsonValue } from './realtime';
