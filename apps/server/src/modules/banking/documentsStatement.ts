import { type MonthKey, monthBounds, statementFigures, statementMonths } from '@keel/domain';
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import type { DepositAccountRow } from './depositAccounts';
import type { DocumentHolder } from './documentsHolder';
import type { StatementPdfInput, StatementPdfPosting } from './pdf/statementPdf';

/** A line of a statement: a posting's leg on the account, with what the bank called it. */
type StatementLinePosting = StatementPdfPosting & { kind: string };

/**
 * The months the account has a statement for, newest first, as of `today` (the company's day): from the
 * month it opened in (its first, partial month) to last month.
 */
export function statementMonthsOf(account: Pick<DepositAccountRow, 'openedOn'>, today: string): MonthKey[] {
  return statementMonths(account.openedOn, today);
}

/**
 * One month's statement of a deposit account, from the bank's ledger (the legs on the account, dated by
 * their posting): the opening balance is every leg dated before the month, the lines are the month's
 * legs by date (the same day in the order they were booked), the closing balance is opening + lines,
 * which is the ledger's balance at the end of the month. Interest earned is the month's interest
 * credit. The caller settles the account first, so a month that just ended has its interest.
 */
export async function loadStatement(
  db: Db | Tx,
  account: DepositAccountRow,
  holder: DocumentHolder,
  month: MonthKey,
): Promise<StatementPdfInput<StatementLinePosting>> {
  const { firstDay, lastDay } = monthBounds(month);
  const [opening] = await queryRows<{ cents: string }>(
    db,
    sql`SELECT coalesce(sum(l.amount), 0)::text AS cents
        FROM bank_ledger_entries l JOIN bank_postings p ON p.id = l.posting_id
        WHERE l.entity_id = ${account.entityId}::uuid AND l.deposit_account_id = ${account.id}::uuid
          AND p.date < ${firstDay}::date`,
  );
  const lines = await queryRows<{ date: string; description: string; kind: string; amount: string }>(
    db,
    sql`SELECT to_char(p.date, 'YYYY-MM-DD') AS date, p.description, p.kind, l.amount::text AS amount
        FROM bank_ledger_entries l JOIN bank_postings p ON p.id = l.posting_id
        WHERE l.entity_id = ${account.entityId}::uuid AND l.deposit_account_id = ${account.id}::uuid
          AND p.date BETWEEN ${firstDay}::date AND ${lastDay}::date
        ORDER BY p.date, p.created_at, l.id`,
  );
  const postings = lines.map((line) => ({
    date: line.date,
    description: line.description,
    kind: line.kind,
    amount: Number(line.amount),
  }));
  return {
    company: { name: holder.name, addressLines: holder.addressLines },
    account: {
      name: account.name,
      accountNumber: account.accountNumber,
      routingNumber: account.routingNumber,
    },
    month,
    periodStart: firstDay,
    periodEnd: lastDay,
    figures: statementFigures(Number(opening?.cents ?? 0), postings),
    interestEarnedCents: postings
      .filter((posting) => posting.kind === 'interest')
      .reduce((sum, posting) => sum + posting.amount, 0),
    apyBasisPoints: account.apyBasisPoints,
  };
}
