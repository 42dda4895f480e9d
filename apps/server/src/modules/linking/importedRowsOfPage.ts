import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { importedTransactions } from '../../db/schema';
import type { BankLinkRow, ImportedRow } from './bankLinkRows';

/** A transaction of the page as the lookups know it: its account, its provider id, its fingerprint. */
type RowKeys = { linkedAccountId: string; providerTransactionId: string; fingerprint: string };

/** An account's provider id or fingerprint, as one key of the maps and sets below. */
const keyOf = (accountId: string, value: string) => `${accountId}\u0000${value}`;

/** The rows of these accounts with any of these provider ids, locked. */
function rowsWithIds(tx: Tx, accountIds: string[], providerTransactionIds: string[]) {
  return tx
    .select()
    .from(importedTransactions)
    .where(
      and(
        inArray(importedTransactions.linkedAccountId, accountIds),
        inArray(importedTransactions.providerTransactionId, providerTransactionIds),
      ),
    )
    .orderBy(asc(importedTransactions.id))
    .for('update');
}

/**
 * The standing rows of these accounts with any of these fingerprints that a link other than `link`
 * imported, earliest first, locked.
 */
function earlierCopies(tx: Tx, link: BankLinkRow, accountIds: string[], fingerprints: string[]) {
  return tx
    .select()
    .from(importedTransactions)
    .where(
      and(
        inArray(importedTransactions.linkedAccountId, accountIds),
        inArray(importedTransactions.fingerprint, fingerprints),
        isNull(importedTransactions.removedAt),
        sql`coalesce(${importedTransactions.details}->>'link', '') <> ${link.id}`,
      ),
    )
    .orderBy(asc(importedTransactions.date), asc(importedTransactions.id))
    .for('update');
}

/**
 * The imported rows one page of a feed may touch, read (and locked) in two statements when the page
 * starts, instead of one to three lookups for each of its transactions: the rows of its accounts
 * bearing any provider id the page names (as itself, as the pending transaction it posts, as removed),
 * and the rows of its accounts that an earlier link imported with any fingerprint the page has (what a
 * re-link adopts).
 *
 * The page then writes rows, and a row read at the start is no longer what the database holds once
 * written. So every id and fingerprint a write touches (the row's before and after) is looked up in the
 * database from then on, as it was before this index: the second of two transactions with one provider
 * id in a page, a posted one taking a pending row written earlier in the page, or a second identical
 * purchase adopting the next of an earlier link's copies, all find what the first one wrote.
 */
export class ImportedRowsOfPage {
  private readonly byId = new Map<string, ImportedRow>();
  private readonly earlierByFingerprint = new Map<string, ImportedRow[]>();
  private readonly writtenIds = new Set<string>();
  private readonly writtenFingerprints = new Set<string>();
  /** What the start read covered: a lookup outside it goes to the database. */
  private readonly readAccounts = new Set<string>();
  private readonly readIds = new Set<string>();
  private readonly readFingerprints = new Set<string>();

  private constructor(
    private readonly tx: Tx,
    private readonly link: BankLinkRow,
  ) {}

  /** Reads and locks the rows of `accountIds` that the page's provider ids and fingerprints name. */
  static async read(
    tx: Tx,
    link: BankLinkRow,
    wanted: { accountIds: string[]; providerTransactionIds: string[]; fingerprints: string[] },
  ): Promise<ImportedRowsOfPage> {
    const index = new ImportedRowsOfPage(tx, link);
    const accountIds = [...new Set(wanted.accountIds)];
    if (accountIds.length === 0) return index;
    for (const id of accountIds) index.readAccounts.add(id);
    const ids = [...new Set(wanted.providerTransactionIds)];
    for (const id of ids) index.readIds.add(id);
    if (ids.length > 0) {
      for (const row of await rowsWithIds(tx, accountIds, ids))
        index.byId.set(keyOf(row.linkedAccountId, row.providerTransactionId), row);
    }
    const fingerprints = [...new Set(wanted.fingerprints)];
    for (const fingerprint of fingerprints) index.readFingerprints.add(fingerprint);
    if (fingerprints.length > 0) {
      for (const row of await earlierCopies(tx, link, accountIds, fingerprints)) {
        const key = keyOf(row.linkedAccountId, row.fingerprint);
        const list = index.earlierByFingerprint.get(key) ?? [];
        list.push(row);
        index.earlierByFingerprint.set(key, list);
      }
    }
    return index;
  }

  /** The account's row with this provider id (read at the start, or again once the page wrote it). */
  async withId(accountId: string, providerTransactionId: string): Promise<ImportedRow | undefined> {
    const key = keyOf(accountId, providerTransactionId);
    const read = this.readAccounts.has(accountId) && this.readIds.has(providerTransactionId);
    if (read && !this.writtenIds.has(key)) return this.byId.get(key);
    const [row] = await rowsWithIds(this.tx, [accountId], [providerTransactionId]);
    return row;
  }

  /** The account's earliest row with this fingerprint that another link imported and that stands. */
  async earlierCopy(accountId: string, fingerprint: string): Promise<ImportedRow | undefined> {
    const key = keyOf(accountId, fingerprint);
    const read = this.readAccounts.has(accountId) && this.readFingerprints.has(fingerprint);
    if (read && !this.writtenFingerprints.has(key)) return this.earlierByFingerprint.get(key)?.[0];
    const [row] = await earlierCopies(this.tx, this.link, [accountId], [fingerprint]).limit(1);
    return row;
  }

  /** A row the page wrote: `before` as read (none for a new row), `after` as it now stands. */
  written(before: RowKeys | undefined, after: RowKeys): void {
    for (const row of before ? [before, after] : [after]) {
      this.writtenIds.add(keyOf(row.linkedAccountId, row.providerTransactionId));
      this.writtenFingerprints.add(keyOf(row.linkedAccountId, row.fingerprint));
    }
  }
}
