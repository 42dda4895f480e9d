import { eq } from 'drizzle-orm';
import { bankTransfers } from '../../db/schema';
import { apiError, KeelError, requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import type { Context } from '../../graphql/context';
import { isUuid } from '../../graphql/context';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { AddressInputRef } from '../profile/profileTypes';
import { applyForAccount } from './applyForAccount';
import { bankingDepsOf } from './bankingContext';
import {
  ApplicationOutcomeRef,
  BankTransferRef,
  TransferApprovalPolicyRef,
  TransferReviewRef,
  VendorRef,
} from './bankingTypes';
import { listDepositAccounts } from './depositAccounts';
import { reviewTransfer } from './reviewTransfer';
import { sendTransfer, type TransferInput } from './sendTransfer';
import {
  approvalThresholdOf,
  approveTransfer,
  cancelTransfer,
  REJECT_REASON_MAX,
  rejectTransfer,
  setApprovalThreshold,
  TRANSFER_ACTION_MESSAGES,
} from './transferApproval';
import { createVendor } from './vendors';

const ApplicationPersonInputRef = builder.inputType('ApplicationPersonInput', {
  description:
    "The applicant of /apply (spec §5 'Application form'): every field is checked by the domain's form, with its messages.",
  fields: (t) => ({
    firstName: t.string(),
    lastName: t.string(),
    email: t.string(),
    phoneNumber: t.string(),
    dateOfBirth: t.string({ description: "'YYYY-MM-DD'." }),
    citizen: t.boolean({ description: 'A US citizen or resident: must be true.' }),
    tin: t.string({ description: 'The SSN: 9 digits. Stored sealed; never served back.' }),
    ein: t.string({
      description:
        "The business's Employer Identification Number: 9 digits ('123456789' or '12-3456789'). Stored sealed; only its last 4 are served back.",
    }),
  }),
});

const WireAddressInputRef = builder.inputType('WireRecipientAddressInput', {
  fields: (t) => ({
    line1: t.string(),
    line2: t.string(),
    city: t.string(),
    state: t.string(),
    postalCode: t.string(),
  }),
});

const WireBankInputRef = builder.inputType('WireBankInput', {
  fields: (t) => ({
    name: t.string(),
    address: t.string(),
    city: t.string(),
    state: t.string(),
    postalCode: t.string(),
  }),
});

/** Null arguments left out, so the domain's defaults and messages apply. */
function present(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value != null));
}

type ArgBuilder = Parameters<Parameters<typeof builder.queryFields>[0]>[0]['arg'];

/** The form's arguments of createAchTransfer / createWireTransfer (and their review queries, less the key). */
const transferFormArgs = (arg: ArgBuilder) => ({
  entityId: arg.id({ required: true }),
  accountId: arg.id({ description: 'The Keel deposit account the money leaves.' }),
  vendorId: arg.id(),
  recipientName: arg.string(),
  routingNumber: arg.string({ ...textLimit(32) }),
  accountNumber: arg.string({ ...textLimit(32) }),
  amount: arg({ type: 'Cents', description: 'In cents: $1 to $5,000.' }),
  date: arg.string({
    ...textLimit(32),
    description: "The day it is sent, 'YYYY-MM-DD': the company's today to 90 days ahead.",
  }),
  memo: arg.string({ ...textLimit(255) }),
});
const achArgs = (arg: ArgBuilder) => ({
  recipientAccountType: arg.string({
    ...textLimit(16),
    description: 'checking (default) or savings.',
  }),
});
const wireArgs = (arg: ArgBuilder) => ({
  recipientAddress: arg({ type: WireAddressInputRef }),
  bank: arg({ type: WireBankInputRef }),
});

const transferInput = (
  entityId: string,
  userId: string,
  rail: TransferInput['rail'],
  args: Record<string, unknown>,
): TransferInput => {
  const { entityId: _e, idempotencyKey, accountId, recipientAddress, bank, ...form } = args;
  return {
    entityId,
    userId,
    rail,
    idempotencyKey,
    accountId,
    form: {
      ...present(form),
      ...(recipientAddress ? { recipientAddress: present({ ...(recipientAddress as object) }) } : {}),
      ...(bank ? { bank: present({ ...(bank as object) }) } : {}),
    },
  };
};

/** The transfer `transferId` of a company the viewer may send money from, or 'Transfer not found'. */
async function transferForAction(ctx: Context, transferId: string) {
  const [row] = isUuid(transferId)
    ? await ctx.db
        .select({ entityId: bankTransfers.entityId })
        .from(bankTransfers)
        .where(eq(bankTransfers.id, transferId))
    : [];
  if (!row) throw apiError('NOT_FOUND', TRANSFER_ACTION_MESSAGES.notFound);
  try {
    await ctx.requireEntity(row.entityId, 'sendMoney');
  } catch (error) {
    // Another company's transfer answers as an unknown one.
    if (error instanceof KeelError && error.code === 'NOT_FOUND') {
      throw apiError('NOT_FOUND', TRANSFER_ACTION_MESSAGES.notFound);
    }
    throw error;
  }
  requireFeature(ctx.config.FEATURES, 'banking');
  return { entityId: row.entityId, userId: ctx.requireViewer().userId };
}

builder.queryFields((t) => ({
  reviewAchTransfer: t.field({
    ...fieldPolicy({ access: 'sendMoney' }),
    type: TransferReviewRef,
    description:
      "The review step of an ACH: createAchTransfer's checks and coded errors, nothing written; the fee, hand-over time, expected arrival and whether a second approver is needed.",
    args: { ...transferFormArgs(t.arg), ...achArgs(t.arg) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'sendMoney');
      requireFeature(ctx.config.FEATURES, 'banking');
      const { userId: _u, idempotencyKey: _k, ...input } = transferInput(entityId, '', 'ach', args);
      return reviewTransfer(bankingDepsOf(ctx), input);
    },
  }),
  reviewWireTransfer: t.field({
    ...fieldPolicy({ access: 'sendMoney' }),
    type: TransferReviewRef,
    description:
      "The review step of a wire: createWireTransfer's checks and coded errors, nothing written; the bank's name is the form's.",
    args: { ...transferFormArgs(t.arg), ...wireArgs(t.arg) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'sendMoney');
      requireFeature(ctx.config.FEATURES, 'banking');
      const { userId: _u, idempotencyKey: _k, ...input } = transferInput(entityId, '', 'wire', args);
      return reviewTransfer(bankingDepsOf(ctx), input);
    },
  }),
  transferApprovalPolicy: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: TransferApprovalPolicyRef,
    description: "The company's approval amount: transfers above it need a second approver (null: none do).",
    args: { entityId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      const membership = await ctx.requireEntity(entityId, 'read');
      return {
        threshold: await approvalThresholdOf(ctx.db, entityId),
        canChange: membership.role === 'owner',
      };
    },
  }),
}));

builder.mutationFields((t) => {
  const transferArgs = {
    ...transferFormArgs(t.arg),
    idempotencyKey: t.arg.string({
      required: true,
      description:
        "The client's key for this one transfer: sent again with the same request, the first transfer comes back and no money moves twice; with a different request, refused.",
    }),
  };
  return {
    createTprimeApplication: t.field({
      ...fieldPolicy({ access: 'manageEntity' }),
      type: ApplicationOutcomeRef,
      description:
        "/apply: applies for a Keel account for the company. The spec's rules and messages (BAD_USER_INPUT naming the field, nothing stored); an approved application opens the first checking account at once. Sandbox: every valid application is approved except SSN 000000000.",
      args: {
        entityId: t.arg.id({ required: true }),
        person: t.arg({ type: ApplicationPersonInputRef, required: true }),
        address: t.arg({ type: AddressInputRef, required: true }),
        acknowledgedAgreements: t.arg.boolean({
          description: 'The agreements and disclosures (/legal/disclosures) acknowledged: must be true.',
        }),
      },
      resolve: async (_root, args, ctx) => {
        const entityId = String(args.entityId);
        await ctx.requireEntity(entityId, 'manageEntity');
        requireFeature(ctx.config.FEATURES, 'banking');
        const viewer = ctx.requireViewer();
        const deps = { ...bankingDepsOf(ctx), appUrl: ctx.config.APP_URL };
        const outcome = await applyForAccount(deps, {
          entityId,
          userId: viewer.userId,
          acknowledgedAgreements: args.acknowledgedAgreements ?? undefined,
          person: present({ ...args.person }),
          address: present({ ...args.address }),
        });
        const account = outcome.account
          ? ((await listDepositAccounts(ctx.db, entityId)).find((row) => row.id === outcome.account?.id) ??
            null)
          : null;
        return { application: outcome.application, account };
      },
    }),
    createVendor: t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: VendorRef,
      description:
        'CreateVendor (spec §7): a payee of the company. Name required; vendorType business (default) or individual.',
      args: {
        entityId: t.arg.id({ required: true }),
        name: t.arg.string(),
        email: t.arg.string(),
        companyName: t.arg.string(),
        notes: t.arg.string({ ...textLimit(1000) }),
        vendorType: t.arg.string({ ...textLimit(32) }),
      },
      resolve: async (_root, args, ctx) => {
        const entityId = String(args.entityId);
        await ctx.requireEntity(entityId, 'sendMoney');
        requireFeature(ctx.config.FEATURES, 'banking');
        const viewer = ctx.requireViewer();
        const { entityId: _e, ...form } = args;
        return createVendor(ctx.db, ctx.clock, { entityId, userId: viewer.userId, form: present(form) });
      },
    }),
    createAchTransfer: t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: BankTransferRef,
      description:
        "CreateAchTransfer: sends money by ACH (pending; posts the next business day). The spec's rules and messages; the available balance and the day's ACH limit; refusals change nothing. Sandbox: recipient account 9999999990 comes back (R03) a business day after it posts.",
      args: { ...transferArgs, ...achArgs(t.arg) },
      resolve: async (_root, args, ctx) => {
        const entityId = String(args.entityId);
        await ctx.requireEntity(entityId, 'sendMoney');
        requireFeature(ctx.config.FEATURES, 'banking');
        const viewer = ctx.requireViewer();
        return sendTransfer(bankingDepsOf(ctx), transferInput(entityId, viewer.userId, 'ach', args));
      },
    }),
    createWireTransfer: t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: BankTransferRef,
      description:
        "CreateWireTransfer: sends money by wire (posts the same business day). The ACH rules plus the recipient's address and bank. Sandbox: recipient account 9999999990 is returned at settlement.",
      args: { ...transferArgs, ...wireArgs(t.arg) },
      resolve: async (_root, args, ctx) => {
        const entityId = String(args.entityId);
        await ctx.requireEntity(entityId, 'sendMoney');
        requireFeature(ctx.config.FEATURES, 'banking');
        const viewer = ctx.requireViewer();
        return sendTransfer(bankingDepsOf(ctx), transferInput(entityId, viewer.userId, 'wire', args));
      },
    }),
    cancelTransfer: t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: BankTransferRef,
      description:
        "Cancels a transfer awaiting approval, or pending and not yet handed to the bank (then refused, naming transferId): its amount is available again and leaves the day's limit.",
      args: { transferId: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => {
        const actor = await transferForAction(ctx, String(args.transferId));
        return cancelTransfer(ctx, actor, String(args.transferId));
      },
    }),
    approveTransfer: t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: BankTransferRef,
      description:
        'Approves a transfer awaiting approval: a member who may send money and did not create it (its creator is refused, FORBIDDEN). It becomes pending and is handed to the bank at its time.',
      args: { transferId: t.arg.id({ required: true }) },
      resolve: async (_root, args, ctx) => {
        const actor = await transferForAction(ctx, String(args.transferId));
        return approveTransfer(ctx, actor, String(args.transferId));
      },
    }),
    rejectTransfer: t.field({
      ...fieldPolicy({ access: 'sendMoney' }),
      type: BankTransferRef,
      description: `Rejects a transfer awaiting approval: it is canceled, with the reason (at most ${REJECT_REASON_MAX} characters).`,
      args: {
        transferId: t.arg.id({ required: true }),
        reason: t.arg.string({ ...textLimit(REJECT_REASON_MAX + 50) }),
      },
      resolve: async (_root, args, ctx) => {
        const actor = await transferForAction(ctx, String(args.transferId));
        return rejectTransfer(ctx, actor, String(args.transferId), args.reason);
      },
    }),
    setTransferApprovalThreshold: t.field({
      ...fieldPolicy({ access: 'manageEntity' }),
      type: TransferApprovalPolicyRef,
      description:
        'Owner only: transfers above `threshold` cents ($1 to $1,000,000) need a second approver; null turns it off. Recorded as an audit event.',
      args: { entityId: t.arg.id({ required: true }), threshold: t.arg({ type: 'Cents' }) },
      resolve: async (_root, args, ctx) => {
        const entityId = String(args.entityId);
        const membership = await ctx.requireEntity(entityId, 'manageEntity');
        requireFeature(ctx.config.FEATURES, 'banking');
        const viewer = ctx.requireViewer();
        return setApprovalThreshold(
          ctx,
          { entityId, userId: viewer.userId, role: membership.role, client: ctx.client },
          args.threshold ?? null,
        );
      },
    }),
  };
});
