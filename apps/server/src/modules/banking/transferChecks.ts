import {
  achTransferFormSchema,
  type Cents,
  checkDailyLimit,
  expectedArrivalDay,
  handOverTime,
  latestTransferDate,
  processingDay,
  settlementTime,
  TRANSFER_FEES,
  TRANSFER_MESSAGES,
  type TransferRail,
  wireTransferFormSchema,
} from '@keel/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { entities, vendors } from '../../db/schema';
import { isUuid } from '../../graphql/context';
import { parseArgs } from '../../graphql/parseInput';
import { entityToday } from '../entities/timeZone';
import type { BankingDeps } from './bankingDeps';
import { BANKING_MESSAGES, bankingRefusal, depositAccountNotFound } from './bankingErrors';
import { type DepositAccountRow, listDepositAccounts } from './depositAccounts';

const achFormSchema = achTransferFormSchema.omit({ account: true });
const wireFormSchema = wireTransferFormSchema.omit({ account: true });
/** What a company sent (or has pending or awaiting approval) on one day, rail and account, returned and canceled transfers aside. */
export async function sentOn(
  tx: Db | Tx,
  accountId: string,
  rail: TransferRail,
  day: string,
): Promise<Cents> {
  const [row] = await queryRows<{ total: string }>(
    tx,
    sql`SELECT coalesce(sum(amount), 0)::text AS total FROM bank_transfers
        WHERE deposit_account_id = ${accountId}::uuid AND rail = ${rail} AND send_on = ${day}::date
          AND status NOT IN ('returned', 'canceled')`,
  );
  return Number(row?.total ?? 0);
}

type TransferForm = z.infer<typeof achFormSchema> | z.infer<typeof wireFormSchema>;

/** The account id and the form of a transfer request, checked by the domain's schemas (coded errors naming the field). */
export function parseTransferRequest(input: {
  rail: TransferRail;
  accountId: unknown;
  form: Record<string, unknown>;
}): { accountId: string; form: TransferForm } {
  const accountId = typeof input.accountId === 'string' ? input.accountId.trim() : '';
  if (!accountId) throw bankingRefusal(TRANSFER_MESSAGES.accountRequired, 'accountId');
  // The form's account is the picked account: its id is checked here, its name is the bank's.
  const form: TransferForm =
    input.rail === 'ach' ? parseArgs(achFormSchema, input.form) : parseArgs(wireFormSchema, input.form);
  return { accountId, form };
}

/** When the transfer reaches the bank and arrives (the domain's transferSchedule, in the bank's time). */
type TransferTiming = {
  processingDay: string;
  handOverAt: Date;
  settleAt: Date;
  expectedArrival: string;
};

export function transferTiming(rail: TransferRail, sendOn: string, now: Date): TransferTiming {
  return {
    processingDay: processingDay(rail, sendOn, now),
    handOverAt: handOverTime(rail, sendOn, now),
    settleAt: settlementTime(rail, sendOn, now),
    expectedArrival: expectedArrivalDay(rail, sendOn, now),
  };
}

type CheckedTransfer = {
  now: Date;
  account: DepositAccountRow;
  /** The account's available balance before this transfer. */
  availableBefore: Cents;
  fee: Cents;
  schedule: TransferTiming;
  approvalThreshold: Cents | null;
  needsApproval: boolean;
};

/**
 * The rules a transfer must pass once its form is valid, shared by the create mutations (inside their
 * transaction, the account locked) and the review step (reviewAchTransfer / reviewWireTransfer, which
 * writes nothing), so the review refuses exactly what sending would. In order: the date, today up to 90
 * days ahead, 'today' being the company's (its time zone, entityToday); the account, the company's and
 * open; the vendor, the company's; the amount plus the fee within the available balance (current −
 * transfers pending or awaiting approval) and within the rail's daily limit for the send date. Answers
 * the schedule and whether the company's threshold asks for a second approver.
 */
export async function checkTransfer(
  tx: Db | Tx,
  deps: Pick<BankingDeps, 'clock' | 'banking'>,
  input: { entityId: string; rail: TransferRail; accountId: string; form: TransferForm },
): Promise<CheckedTransfer> {
  const { entityId, rail, form } = input;
  const { now, today } = await entityToday(tx, deps.clock, entityId);
  if (form.date < today) throw bankingRefusal(BANKING_MESSAGES.datePast, 'date');
  if (form.date > latestTransferDate(today)) throw bankingRefusal(BANKING_MESSAGES.dateTooFar, 'date');
  const [view] = isUuid(input.accountId)
    ? (await listDepositAccounts(tx, entityId)).filter((row) => row.id === input.accountId)
    : [];
  if (!view) throw depositAccountNotFound();
  if (view.status !== 'open') throw bankingRefusal(BANKING_MESSAGES.accountClosed, 'accountId');
  if (form.vendorId) {
    const [vendor] = isUuid(form.vendorId)
      ? await tx
          .select({ id: vendors.id })
          .from(vendors)
          .where(and(eq(vendors.entityId, entityId), eq(vendors.id, form.vendorId)))
      : [];
    if (!vendor) throw bankingRefusal(BANKING_MESSAGES.vendorNotFound, 'vendorId');
  }
  const fee = TRANSFER_FEES[rail];
  if (form.amount + fee > view.availableBalance) {
    throw bankingRefusal(BANKING_MESSAGES.insufficientFunds, 'amount');
  }
  const limit = checkDailyLimit(
    { dailyLimitCents: deps.banking.dailyLimits()[rail] },
    await sentOn(tx, view.id, rail, form.date),
    form.amount,
  );
  if (!limit.ok) throw bankingRefusal(limit.error, 'amount');
  const [company] = await tx
    .select({ threshold: entities.transferApprovalThreshold })
    .from(entities)
    .where(eq(entities.id, entityId));
  const approvalThreshold = company?.threshold ?? null;
  const { currentBalance: _c, availableBalance, interestEarned: _i, ...account } = view;
  return {
    now,
    account,
    availableBefore: availableBalance,
    fee,
    schedule: transferTiming(rail, form.date, now),
    approvalThreshold,
    needsApproval: approvalThreshold !== null && form.amount > approvalThreshold,
  };
}
