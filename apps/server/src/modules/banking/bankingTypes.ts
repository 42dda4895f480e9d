import { BANK_TIME_ZONE, dayIn, maskAccountNumber, roleCan, TRANSFER_FEES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { builder } from '../../graphql/builder';
import type { Context } from '../../graphql/context';
import { PROVIDER_ACCOUNT_TYPE } from '../entities/service';
import type { BankApplicationRow } from './applyForAccount';
import type { DepositAccountView } from './depositAccounts';
import { isCancellable } from './transferApproval';
import { transferReceiptPath } from './transferReceipt';
import type { BankTransferRow } from './transferRows';
import type { VendorRow } from './vendors';

const AccountYieldRef = builder
  .objectRef<{ apyBasisPoints: number; amount: number }>('AccountYield')
  .implement({
    description: "A deposit account's yield (spec §3 accountYield): its APY and the interest it has earned.",
    fields: (t) => ({
      apy: t.float({
        description: 'The APY in percent (2 = 2.00%; the page shows 2 decimals).',
        resolve: (y) => y.apyBasisPoints / 100,
      }),
      apyBasisPoints: t.exposeInt('apyBasisPoints'),
      amount: t.field({
        type: 'Cents',
        description: 'Money Earned: the interest credited to date.',
        resolve: (y) => y.amount,
      }),
    }),
  });

export const ProviderBankAccountRef = builder.objectRef<DepositAccountView>('ProviderBankAccount').implement({
  description:
    "One of Keel's own deposit accounts (spec §3 'Provider bank account'), with balances from the bank's ledger.",
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    accountNumber: t.string({
      description: 'Masked except from the ninth character on (spec §9).',
      resolve: (a) => maskAccountNumber(a.accountNumber),
    }),
    routingNumber: t.exposeString('routingNumber'),
    status: t.exposeString('status', { description: 'open or closed.' }),
    currentBalance: t.field({
      type: 'Cents',
      description: "The posted balance: the sum of the account's legs in the bank's ledger.",
      resolve: (a) => a.currentBalance,
    }),
    availableBalance: t.field({
      type: 'Cents',
      description: 'The current balance less the pending transfers out: what can be sent now.',
      resolve: (a) => a.availableBalance,
    }),
    accountType: t.string({
      description: "'TPrime::Account': the account type of its bookkeeping account (/keel-transactions).",
      resolve: () => PROVIDER_ACCOUNT_TYPE,
    }),
    ledgerAccountId: t.exposeID('ledgerAccountId', {
      description: 'The bookkeeping account (under Banks) its activity is booked on.',
    }),
    accountYield: t.field({
      type: AccountYieldRef,
      resolve: (a) => ({ apyBasisPoints: a.apyBasisPoints, amount: a.interestEarned }),
    }),
    openedOn: t.field({ type: 'Date', resolve: (a) => a.openedOn }),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
  }),
});

export const BankApplicationRef = builder.objectRef<BankApplicationRow>('BankApplication').implement({
  description: 'An application to open a Keel account (/apply). The SSN is never served: its last 4 only.',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    status: t.exposeString('status', { description: 'approved or declined.' }),
    declineReason: t.exposeString('declineReason', { nullable: true }),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    tinLast4: t.exposeString('tinLast4'),
    createdAt: t.field({ type: 'DateTime', resolve: (a) => a.createdAt }),
  }),
});

export const ApplicationOutcomeRef = builder
  .objectRef<{ application: BankApplicationRow; account: DepositAccountView | null }>(
    'CreateTprimeApplicationPayload',
  )
  .implement({
    fields: (t) => ({
      application: t.field({ type: BankApplicationRef, resolve: (o) => o.application }),
      account: t.field({
        type: ProviderBankAccountRef,
        nullable: true,
        description: 'The checking account an approval opened.',
        resolve: (o) => o.account,
      }),
    }),
  });

export const VendorRef = builder.objectRef<VendorRow>('Vendor').implement({
  description: 'A payee (spec §3 Vendor).',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    name: t.exposeString('name'),
    email: t.exposeString('email', { nullable: true }),
    companyName: t.exposeString('companyName', { nullable: true }),
    notes: t.exposeString('notes', { nullable: true }),
    vendorType: t.exposeString('vendorType', { description: 'business or individual.' }),
    createdAt: t.field({ type: 'DateTime', resolve: (v) => v.createdAt }),
  }),
});

/** A member's name (a transfer's creator or approver), null once the user is gone. */
/** Each request's user names by id: a list of transfers names the same few people again and again. */
const requestUserNames = new WeakMap<Context, Map<string, Promise<string | null>>>();

async function userNameOf(ctx: Context, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  let names = requestUserNames.get(ctx);
  if (!names) {
    names = new Map();
    requestUserNames.set(ctx, names);
  }
  let name = names.get(userId);
  if (!name) {
    name = ctx.db
      .select({ name: users.name })
      .from(users)
      .where(eq(users.id, userId))
      .then(([row]) => row?.name ?? null);
    names.set(userId, name);
  }
  return name;
}

/** Whether the viewer's role in the company may send money (a transfer's buttons). */
async function viewerMaySendMoney(ctx: Context, entityId: string): Promise<boolean> {
  try {
    const membership = await ctx.requireEntity(entityId, 'read');
    return roleCan(membership.role, 'sendMoney');
  } catch {
    return false;
  }
}

export const BankTransferRef = builder.objectRef<BankTransferRow>('BankTransfer').implement({
  description:
    'Money sent by ACH or wire from a deposit account: pending until the bank settles it, then posted or returned.',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    accountId: t.exposeID('depositAccountId'),
    rail: t.exposeString('rail', { description: 'ach or wire.' }),
    status: t.exposeString('status', {
      description: 'awaiting_approval, pending, posted, returned or canceled.',
    }),
    amount: t.field({ type: 'Cents', resolve: (r) => r.amount }),
    date: t.field({ type: 'Date', description: 'The day it is sent.', resolve: (r) => r.sendOn }),
    vendorId: t.exposeID('vendorId', { nullable: true }),
    recipientName: t.exposeString('recipientName'),
    routingNumber: t.exposeString('recipientRoutingNumber'),
    accountNumber: t.string({
      description: "The recipient's account number, masked: its last 4 digits only.",
      resolve: (r) => `****${r.recipientAccountLast4}`,
    }),
    memo: t.exposeString('memo'),
    idempotencyKey: t.exposeString('idempotencyKey'),
    settleAt: t.field({ type: 'DateTime', resolve: (r) => r.settleAt }),
    postedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.postedAt }),
    returnedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.returnedAt }),
    returnReason: t.string({
      nullable: true,
      description: 'Why it came back, once it has.',
      resolve: (r) => (r.status === 'returned' ? r.returnReason : null),
    }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    fee: t.field({
      type: 'Cents',
      description: "Keel's fee (TRANSFER_FEES).",
      resolve: (r) => TRANSFER_FEES[r.rail],
    }),
    handOverAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When Keel hands it to the bank; until then it can be canceled.',
      resolve: (r) => (r.status === 'awaiting_approval' ? null : r.handOverAt),
    }),
    handedOverAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When the bank took it (null while it is still in Keel’s outbox).',
      resolve: (r) => r.handedOverAt,
    }),
    expectedArrival: t.field({
      type: 'Date',
      nullable: true,
      description: "The day (the bank's) the money is expected to arrive.",
      resolve: (r) => (r.status === 'canceled' ? null : dayIn(BANK_TIME_ZONE, r.settleAt)),
    }),
    createdByName: t.string({ nullable: true, resolve: (r, _a, ctx) => userNameOf(ctx, r.createdBy) }),
    approvedByName: t.string({ nullable: true, resolve: (r, _a, ctx) => userNameOf(ctx, r.approvedBy) }),
    approvedAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.approvedAt }),
    canceledAt: t.field({ type: 'DateTime', nullable: true, resolve: (r) => r.canceledAt }),
    cancelReason: t.exposeString('cancelReason', { nullable: true }),
    cancellable: t.boolean({
      description:
        'The viewer may cancel it now: awaiting approval, or pending and not yet handed to the bank, and the viewer may send money.',
      resolve: async (r, _args, ctx) => isCancellable(r) && (await viewerMaySendMoney(ctx, r.entityId)),
    }),
    approvable: t.boolean({
      description:
        'The viewer may approve it: awaiting approval, the viewer may send money and did not create it.',
      resolve: async (r, _args, ctx) =>
        r.status === 'awaiting_approval' &&
        ctx.viewer?.userId !== r.createdBy &&
        (await viewerMaySendMoney(ctx, r.entityId)),
    }),
    receiptUrl: t.string({
      nullable: true,
      description:
        "The same-origin path of the transfer's receipt PDF; add `&token=` with a file token (GET /api/v1/file_tokens). Null while it awaits approval.",
      resolve: (r) => (r.status === 'awaiting_approval' ? null : transferReceiptPath(r.id)),
    }),
  }),
});

type RailLimit = { rail: string; dailyLimit: number; usedToday: number; remainingToday: number };

const RailLimitRef = builder.objectRef<RailLimit>('TransferRailLimit').implement({
  fields: (t) => ({
    dailyLimit: t.field({ type: 'Cents', resolve: (l) => l.dailyLimit }),
    usedToday: t.field({
      type: 'Cents',
      description: 'Pending and posted transfers dated today (returned ones give their share back).',
      resolve: (l) => l.usedToday,
    }),
    remainingToday: t.field({ type: 'Cents', resolve: (l) => l.remainingToday }),
  }),
});

export const TransferLimitsRef = builder
  .objectRef<{ accountId: string; date: string; ach: RailLimit | undefined; wire: RailLimit | undefined }>(
    'TprimeTransferLimits',
  )
  .implement({
    description:
      "A deposit account's daily transfer limits (tprimeTransferLimits), per rail, for today in the company's time zone.",
    fields: (t) => ({
      accountId: t.exposeID('accountId'),
      date: t.field({ type: 'Date', resolve: (l) => l.date }),
      ach: t.field({ type: RailLimitRef, resolve: (l) => l.ach as RailLimit }),
      wire: t.field({ type: RailLimitRef, resolve: (l) => l.wire as RailLimit }),
    }),
  });

/** The review step's answer (reviewAchTransfer / reviewWireTransfer): what sending would do, nothing written. */
export type TransferReviewView = {
  rail: string;
  accountId: string;
  accountName: string;
  amount: number;
  fee: number;
  total: number;
  recipientName: string;
  recipientAccountLast4: string;
  routingNumber: string;
  bankName: string | null;
  date: string;
  processingDay: string;
  handOverAt: Date;
  expectedArrival: string;
  needsApproval: boolean;
  approvalThreshold: number | null;
  availableAfter: number;
};

export const TransferReviewRef = builder.objectRef<TransferReviewView>('TransferReview').implement({
  description:
    "The review step before sending: the create mutation's checks passed (its coded errors otherwise), nothing written.",
  fields: (t) => ({
    rail: t.exposeString('rail'),
    accountId: t.exposeID('accountId'),
    accountName: t.exposeString('accountName'),
    amount: t.field({ type: 'Cents', resolve: (r) => r.amount }),
    fee: t.field({ type: 'Cents', resolve: (r) => r.fee }),
    total: t.field({ type: 'Cents', description: 'Amount plus fee.', resolve: (r) => r.total }),
    recipientName: t.exposeString('recipientName'),
    recipientAccountLast4: t.exposeString('recipientAccountLast4'),
    routingNumber: t.exposeString('routingNumber'),
    bankName: t.exposeString('bankName', {
      nullable: true,
      description: "The recipient's bank: the wire form's bank name; null for an ACH (no routing directory).",
    }),
    date: t.field({ type: 'Date', resolve: (r) => r.date }),
    processingDay: t.field({
      type: 'Date',
      description: "The bank's business day it is processed (after the rail's cut-off, the next one).",
      resolve: (r) => r.processingDay,
    }),
    handOverAt: t.field({
      type: 'DateTime',
      description: 'When Keel hands it to the bank: until then it can be canceled.',
      resolve: (r) => r.handOverAt,
    }),
    expectedArrival: t.field({ type: 'Date', resolve: (r) => r.expectedArrival }),
    needsApproval: t.exposeBoolean('needsApproval', {
      description: "Above the company's approval amount: a second member must approve it.",
    }),
    approvalThreshold: t.field({ type: 'Cents', nullable: true, resolve: (r) => r.approvalThreshold }),
    availableAfter: t.field({
      type: 'Cents',
      description: 'The available balance once it is sent.',
      resolve: (r) => r.availableAfter,
    }),
  }),
});

export const TransferApprovalPolicyRef = builder
  .objectRef<{ threshold: number | null; canChange: boolean }>('TransferApprovalPolicy')
  .implement({
    description: 'Transfers above `threshold` need a second approver (null: none do).',
    fields: (t) => ({
      threshold: t.field({ type: 'Cents', nullable: true, resolve: (p) => p.threshold }),
      canChange: t.exposeBoolean('canChange', { description: 'The viewer is an owner.' }),
    }),
  });
