/**
 * Entries: user transactions, edits, deletes and bulk moves of entries, and the lists that show them
 * (spec §3 Entry, §4 drag and drop, §5, §7). Importing it registers the entry GraphQL types, queries
 * and mutations on the builder (graphql/schema.ts).
 */
import './entryMutations';
import './entryQueries';

export { deleteTransaction } from '../shared/deleteTransaction';
/**
 * The row-by-row entry write that keeps rollups and Entry History exact, for documents that post
 * entries (imports; the test kit's imported transactions).
 */
/**
 * The edits and deletes of the same writer, for importers that keep their documents in step with the
 * source (a bank link's pending transaction posting, a removed one, a matched transfer).
 */
export { editEntries, insertEntries } from '../shared/entryWrites';
export type { EntryRow } from '../shared/ledgerRows';
export { createUserTransaction } from './createUserTransaction';
export { deleteEntry } from './deleteEntry';
export { decodeCursor, encodeCursor } from './listReportEntries';
export { updateEntries } from './updateEntries';
export { updateEntry } from './updateEntry';
