import { eq } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { depositAccounts } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import type { BankPostingMade } from '../../providers/banking';
import type { BankingDeps } from './bankingDeps';
import { settleDueInTransaction } from './bookBankPostings';
import { sendSettlementEmails } from './transferEmails';
import { handOverDueTransfers } from './transferHandOver';

/**
 * Brings the company's deposit accounts up to the clock's now (the bank's settleDue: transfers due
 * post or come back, months that ended earn their interest) and books what posted, at once. The
 * BankMirror job (bankMirrorJob.ts) does this on a schedule, and the banking pages read what it stored;
 * this direct call is for the development routes (rest/devBanking.ts), which move one company's bank
 * ahead. A real bank is asked first with no transaction open (the provider's fetchDue), then one
 * transaction writes. Does nothing, and locks nothing, for a company without a deposit account or with
 * nothing due (the provider's lock-free hasDue).
 */
export async function settleDueBanking(deps: BankingDeps, entityId: string): Promise<BankPostingMade[]> {
  const [any] = await deps.db
    .select({ id: depositAccounts.id })
    .from(depositAccounts)
    .where(eq(depositAccounts.entityId, entityId))
    .limit(1);
  if (!any) return [];
  // Transfers whose hand-over time has passed and that their job has not handed over yet go to the
  // bank first, each in its own short transactions with the bank called outside them (transferHandOver.ts).
  await handOverDueTransfers(deps, entityId);
  // Nothing due (the common case): no write transaction, no lock, so concurrent reads never queue.
  if (!(await deps.banking.hasDue(deps.db, entityId, deps.clock.now()))) return [];
  const fetched =
    deps.db instanceof PgTransaction
      ? undefined
      : await deps.banking.fetchDue(deps.db, entityId, deps.clock.now());
  const made = await writeTransaction(deps.db, async (tx) =>
    settleDueInTransaction(tx, deps, entityId, fetched),
  );
  // After the commit: the posted and returned transfers' emails.
  await sendSettlementEmails(deps, made);
  return made;
}
