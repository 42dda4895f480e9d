/**
 * The account type of Keel's own deposit accounts (spec §3 'Provider bank account'): the ref_type of
 * the bookkeeping account that mirrors each one, the filter of /keel-transactions, and the mark the
 * ledger uses to keep those accounts' actual entries the bank's alone.
 */
export const PROVIDER_ACCOUNT_TYPE = 'TPrime::Account';

/** Why an entry cannot be booked on, moved off or changed on a deposit account (the ledger refuses it). */
export const DEPOSIT_ACCOUNT_ENTRIES_LOCKED =
  'Entries on a Keel account come from the bank: they cannot be moved or changed, and nothing else can be booked there. Move the other side of the transaction instead.';
