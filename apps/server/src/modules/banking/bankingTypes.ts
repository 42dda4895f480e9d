import { maskAccountNumber } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { PROVIDER_ACCOUNT_TYPE } from '../entities/service';
import type { BankApplicationRow } from './applyForAccount';
import type { DepositAccountView } from './depositAccounts';
import type { BankTransferRow } from './sendTransfer';
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

export const BankTransferRef = builder.objectRef<BankTransferRow>('BankTransfer').implement({
  description:
    'Money sent by ACH or wire from a deposit account: pending until the bank settles it, then posted or returned.',
  fields: (t) => ({
    id: t.exposeID('id'),
    entityId: t.exposeID('entityId'),
    accountId: t.exposeID('depositAccountId'),
    rail: t.exposeString('rail', { description: 'ach or wire.' }),
    status: t.exposeString('status', { description: 'pending, posted or returned.' }),
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
      "A deposit account's daily transfer limits (tprimeTransferLimits), per rail, for today (UTC).",
    fields: (t) => ({
      accountId: t.exposeID('accountId'),
      date: t.field({ type: 'Date', resolve: (l) => l.date }),
      ach: t.field({ type: RailLimitRef, resolve: (l) => l.ach as RailLimit }),
      wire: t.field({ type: RailLimitRef, resolve: (l) => l.wire as RailLimit }),
    }),
  });
