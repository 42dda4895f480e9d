/**
 * Entry History (spec §3): the change records every entry write leaves (create, update, move,
 * destroy), the timeline read back from them, and its GraphQL type.
 */
export { EntryChangeRef } from './entryChangeTypes';
export { listEntryHistory } from './listEntryHistory';
export {
  creationChange,
  destructionChange,
  type EntryChange,
  editChange,
  recordEntryChanges,
} from './recordEntryChanges';
