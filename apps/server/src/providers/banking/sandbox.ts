import { createHash } from 'node:crypto';
import {
  abaCheckDigit,
  accrueMonthlyInterest,
  addMonths,
  BANK_TIME_ZONE,
  type Cents,
  dayIn,
  settlementTime as domainSettlementTime,
  instantIn,
  type MonthKey,
  monthBounds,
  nextBankBusinessDay,
  type TransferRail,
} from '@keel/domain';
import { and, asc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { bankTransfers, depositAccounts } from '../../db/schema';
import { bookBankPosting } from './bookBankPosting';
import { DEFAULT_DAILY_LIMITS } from './defaultDailyLimits';
import type { BankingProvider, BankPostingMade, TransferSchedule } from './index';

/**
 * The banking sandbox (the default): a bank partner simulated in our database. Its rules:
 *
 * - Routing number SANDBOX_ROUTING_NUMBER (a valid ABA number); account numbers of 12 digits derived
 *   from the company's id (the same company gets the same numbers), unique at the bank.
 * - Applications: every valid application is approved, except the SSN DECLINED_SSN ('000000000').
 * - APY SANDBOX_APY_BASIS_POINTS (2.00%), interest accrued daily on end-of-day balances and credited on
 *   the last day of each month (the domain's accrueMonthlyInterest, its carry kept on the account),
 *   once the month is over.
 * - Business days are Monday to Friday in the bank's time (New York), except the Federal Reserve's
 *   holidays (the domain's isBankBusinessDay). A transfer settles when Keel expected it to when it was
 *   sent (the domain's settlementTime, transferSchedule.ts: an ACH at 00:00 New York of the business
 *   day after its processing day, a wire when it is handed over), and only once Keel has handed it
 *   over (`handed_over_at`; a transfer still in Keel's outbox, awaiting approval or canceled never
 *   settles). Posting dates are the bank's days.
 * - Returns: a transfer to the recipient account number RETURNED_ACCOUNT_NUMBER ('9999999990') comes
 *   back: a wire at settlement (it never posts: 'Beneficiary account not found'), an ACH one business
 *   day after it posted (R03, the money credited back).
 * - Daily limits per account: the bank's defaults (DEFAULT_DAILY_LIMITS).
 * - Ledger: every posting has two legs that sum to zero, the deposit account's and one of the bank's
 *   own accounts (ach_clearing, wire_clearing, incoming_clearing, interest_expense); migration 0021
 *   checks the sum when the transaction commits.
 */

export const SANDBOX_ROUTING_NUMBER = `10100001${abaCheckDigit('10100001')}`;
export const SANDBOX_APY_BASIS_POINTS = 200;
export const DECLINED_SSN = '000000000';
export const RETURNED_ACCOUNT_NUMBER = '9999999990';
export const ACH_RETURN_REASON = 'R03 No account/unable to locate account';
export const WIRE_RETURN_REASON = 'Beneficiary account not found';

/** The bank's day ('YYYY-MM-DD', New York) of an instant: posting dates. */
const dayOf = (at: Date) => dayIn(BANK_TIME_ZONE, at);
const startOfDay = (day: string) => instantIn(BANK_TIME_ZONE, day, '00:00');

/**
 * When a transfer sent at `now` for `sendOn` settles: the domain's settlementTime (bank time). Kept
 * with the sandbox's argument order for its callers.
 */
export function settlementTime(rail: TransferRail, now: Date, sendOn: string): Date {
  return domainSettlementTime(rail, sendOn, now);
}

const clearingOf = (rail: TransferRail) => (rail === 'ach' ? 'ach_clearing' : 'wire_clearing');

/** The account's end-of-day ledger balances for each day of `month`. */
async function endOfDayBalances(tx: Tx, depositAccountId: string, month: MonthKey): Promise<Cents[]> {
  const { firstDay, lastDay } = monthBounds(month);
  const rows = await queryRows<{ day: string; amount: string }>(
    tx,
    sql`SELECT CASE WHEN p.date < ${firstDay}::date THEN '' ELSE to_char(p.date, 'YYYY-MM-DD') END AS day,
               sum(l.amount)::text AS amount
        FROM bank_ledger_entries l JOIN bank_postings p ON p.id = l.posting_id
        WHERE l.deposit_account_id = ${depositAccountId}::uuid AND p.date <= ${lastDay}::date
        GROUP BY 1`,
  );
  const byDay = new Map(rows.map((row) => [row.day, Number(row.amount)]));
  let balance = byDay.get('') ?? 0;
  const days = Number(lastDay.slice(8));
  const balances: Cents[] = [];
  for (let day = 1; day <= days; day += 1) {
    balance += byDay.get(`${month}-${String(day).padStart(2, '0')}`) ?? 0;
    balances.push(balance);
  }
  return balances;
}

/**
 * The sandbox's decision on a transfer when it is handed over: it settles when Keel expected
 * (`expectedSettleAt`, else the schedule from `now`), and whether it comes back.
 */
export function scheduleTransfer(
  rail: TransferRail,
  now: Date,
  sendOn: string,
  recipientAccountNumber: string,
  expectedSettleAt?: Date,
): TransferSchedule {
  const settleAt = expectedSettleAt ?? settlementTime(rail, now, sendOn);
  const willReturn = recipientAccountNumber === RETURNED_ACCOUNT_NUMBER;
  if (!willReturn) return { settleAt, willReturn, returnAt: null, returnReason: null };
  if (rail === 'wire') return { settleAt, willReturn, returnAt: settleAt, returnReason: WIRE_RETURN_REASON };
  const returnAt = startOfDay(nextBankBusinessDay(dayOf(settleAt)));
  return { settleAt, willReturn, returnAt, returnReason: ACH_RETURN_REASON };
}

export function createSandboxBanking(): BankingProvider {
  return {
    kind: 'sandbox',

    async reviewApplication(applicant) {
      if (applicant.tin === DECLINED_SSN) {
        return { approved: false, reason: 'We could not verify your identity. Contact support to continue.' };
      }
      return { approved: true, providerEntityId: null };
    },

    async numberAccount(tx, { entityId }) {
      for (let attempt = 0; ; attempt += 1) {
        const digest = createHash('sha256').update(`${entityId}:${attempt}`).digest();
        const accountNumber = `8${(digest.readBigUInt64BE(0) % 10n ** 11n).toString().padStart(11, '0')}`;
        const [taken] = await tx
          .select({ id: depositAccounts.id })
          .from(depositAccounts)
          .where(
            and(
              eq(depositAccounts.routingNumber, SANDBOX_ROUTING_NUMBER),
              eq(depositAccounts.accountNumber, accountNumber),
            ),
          );
        if (!taken) {
          return {
            accountNumber,
            routingNumber: SANDBOX_ROUTING_NUMBER,
            apyBasisPoints: SANDBOX_APY_BASIS_POINTS,
            providerAccountId: null,
            providerAccountNumberId: null,
          };
        }
      }
    },

    dailyLimits: () => ({ ...DEFAULT_DAILY_LIMITS }),

    async submitTransfer({ rail, now, sendOn, recipient, expectedSettleAt }) {
      return {
        ...scheduleTransfer(rail, now, sendOn, recipient.accountNumber, expectedSettleAt),
        providerTransferId: null,
      };
    },

    /** The sandbox's bank is our database: nothing to ask outside the transaction. */
    async fetchDue() {
      return null;
    },

    async settleDue(tx, entityId, now) {
      const accountsOfEntity = await tx
        .select()
        .from(depositAccounts)
        .where(eq(depositAccounts.entityId, entityId))
        .orderBy(asc(depositAccounts.id))
        .for('update');
      if (accountsOfEntity.length === 0) return [];
      const made: BankPostingMade[] = [];
      const due = await tx
        .select()
        .from(bankTransfers)
        .where(
          and(
            eq(bankTransfers.entityId, entityId),
            eq(bankTransfers.status, 'pending'),
            isNotNull(bankTransfers.handedOverAt),
            lte(bankTransfers.settleAt, now),
          ),
        )
        .orderBy(asc(bankTransfers.settleAt), asc(bankTransfers.createdAt), asc(bankTransfers.id));
      for (const transfer of due) {
        const day = dayOf(transfer.settleAt);
        if (transfer.willReturn && transfer.rail === 'wire') {
          await tx
            .update(bankTransfers)
            .set({ status: 'returned', returnedAt: transfer.settleAt, updatedAt: now })
            .where(eq(bankTransfers.id, transfer.id));
          continue;
        }
        made.push(
          await bookBankPosting(
            tx,
            {
              entityId,
              depositAccountId: transfer.depositAccountId,
              kind: 'transfer',
              date: day,
              description: `${transfer.rail === 'ach' ? 'ACH' : 'Wire'} to ${transfer.recipientName}`,
              amount: -transfer.amount,
              transferId: transfer.id,
            },
            clearingOf(transfer.rail),
          ),
        );
        await tx
          .update(bankTransfers)
          .set({ status: 'posted', postedAt: transfer.settleAt, updatedAt: now })
          .where(eq(bankTransfers.id, transfer.id));
      }
      const returning = await tx
        .select()
        .from(bankTransfers)
        .where(
          and(
            eq(bankTransfers.entityId, entityId),
            eq(bankTransfers.status, 'posted'),
            eq(bankTransfers.willReturn, true),
            lte(bankTransfers.returnAt, now),
          ),
        )
        .orderBy(asc(bankTransfers.returnAt), asc(bankTransfers.id));
      for (const transfer of returning) {
        const returnAt = transfer.returnAt ?? now;
        made.push(
          await bookBankPosting(
            tx,
            {
              entityId,
              depositAccountId: transfer.depositAccountId,
              kind: 'transfer_return',
              date: dayOf(returnAt),
              description: `Returned: ACH to ${transfer.recipientName} (${transfer.returnReason ?? 'returned'})`,
              amount: transfer.amount,
              transferId: transfer.id,
            },
            clearingOf(transfer.rail),
          ),
        );
        await tx
          .update(bankTransfers)
          .set({ status: 'returned', returnedAt: returnAt, updatedAt: now })
          .where(eq(bankTransfers.id, transfer.id));
      }
      const lastCompleteMonth = addMonths(now.toISOString().slice(0, 7), -1);
      for (const account of accountsOfEntity) {
        if (account.status !== 'open') continue;
        let month = account.interestThrough
          ? addMonths(account.interestThrough, 1)
          : account.openedOn.slice(0, 7);
        let carry = account.interestCarry;
        let through = account.interestThrough;
        while (month <= lastCompleteMonth) {
          const interest = accrueMonthlyInterest({
            month,
            apyBasisPoints: account.apyBasisPoints,
            endOfDayBalances: await endOfDayBalances(tx, account.id, month),
            carry,
          });
          if (interest.interestCents > 0) {
            made.push(
              await bookBankPosting(
                tx,
                {
                  entityId,
                  depositAccountId: account.id,
                  kind: 'interest',
                  date: monthBounds(month).lastDay,
                  description: 'Interest paid',
                  amount: interest.interestCents,
                  transferId: null,
                },
                'interest_expense',
              ),
            );
          }
          carry = interest.carry;
          through = month;
          month = addMonths(month, 1);
        }
        if (through !== account.interestThrough) {
          await tx
            .update(depositAccounts)
            .set({ interestCarry: carry, interestThrough: through, updatedAt: now })
            .where(eq(depositAccounts.id, account.id));
        }
      }
      return made;
    },

    async hasDue(db, entityId, now) {
      const lastCompleteMonth = addMonths(now.toISOString().slice(0, 7), -1);
      const [row] = await queryRows<{ due: boolean }>(
        db,
        sql`SELECT EXISTS (
              SELECT 1 FROM bank_transfers
              WHERE entity_id = ${entityId}::uuid AND status = 'pending' AND handed_over_at IS NOT NULL
                AND settle_at <= ${now.toISOString()}::timestamptz
            ) OR EXISTS (
              SELECT 1 FROM bank_transfers
              WHERE entity_id = ${entityId}::uuid AND status = 'posted' AND will_return
                AND return_at <= ${now.toISOString()}::timestamptz
            ) OR EXISTS (
              SELECT 1 FROM deposit_accounts
              WHERE entity_id = ${entityId}::uuid AND status = 'open'
                AND coalesce(interest_through, to_char(opened_on - interval '1 month', 'YYYY-MM')) < ${lastCompleteMonth}
            ) AS due`,
      );
      return row?.due === true;
    },

    async receiveDeposit(tx, deposit) {
      const [account] = await tx
        .select({ entityId: depositAccounts.entityId })
        .from(depositAccounts)
        .where(eq(depositAccounts.id, deposit.depositAccountId));
      if (!account) throw new Error(`No deposit account ${deposit.depositAccountId}`);
      if (!Number.isSafeInteger(deposit.amount) || deposit.amount <= 0) {
        throw new RangeError(`Not a deposit: ${deposit.amount}`);
      }
      return bookBankPosting(
        tx,
        {
          entityId: account.entityId,
          depositAccountId: deposit.depositAccountId,
          kind: 'deposit',
          date: deposit.date,
          description: deposit.description,
          amount: deposit.amount,
          transferId: null,
        },
        'incoming_clearing',
      );
    },
  };
}
