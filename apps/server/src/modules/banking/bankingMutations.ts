import { builder } from '../../graphql/builder';
import { requireFeature } from '../../graphql/errors';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { AddressInputRef } from '../profile/profileTypes';
import { applyForAccount } from './applyForAccount';
import { bankingDepsOf } from './bankingContext';
import { ApplicationOutcomeRef, BankTransferRef, VendorRef } from './bankingTypes';
import { listDepositAccounts } from './depositAccounts';
import { sendTransfer, type TransferInput } from './sendTransfer';
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

builder.mutationFields((t) => {
  const transferArgs = {
    entityId: t.arg.id({ required: true }),
    idempotencyKey: t.arg.string({
      required: true,
      description:
        "The client's key for this one transfer: sent again with the same request, the first transfer comes back and no money moves twice; with a different request, refused.",
    }),
    accountId: t.arg.id({ description: 'The Keel deposit account the money leaves.' }),
    vendorId: t.arg.id(),
    recipientName: t.arg.string(),
    routingNumber: t.arg.string({ ...textLimit(32) }),
    accountNumber: t.arg.string({ ...textLimit(32) }),
    amount: t.arg({ type: 'Cents', description: 'In cents: $1 to $5,000.' }),
    date: t.arg.string({
      ...textLimit(32),
      description: "The day it is sent, 'YYYY-MM-DD': today to 90 days ahead.",
    }),
    memo: t.arg.string({ ...textLimit(255) }),
  };
  const transferInput = (
    entityId: string,
    userId: string,
    rail: TransferInput['rail'],
    args: Record<string, unknown>,
  ): TransferInput => {
    const { entityId: _e, idempotencyKey, accountId, ...form } = args;
    return { entityId, userId, rail, idempotencyKey, accountId, form: present(form) };
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
        const deps = bankingDepsOf(ctx);
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
      args: {
        ...transferArgs,
        recipientAccountType: t.arg.string({
          ...textLimit(16),
          description: 'checking (default) or savings.',
        }),
      },
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
      args: {
        ...transferArgs,
        recipientAddress: t.arg({ type: WireAddressInputRef }),
        bank: t.arg({ type: WireBankInputRef }),
      },
      resolve: async (_root, args, ctx) => {
        const entityId = String(args.entityId);
        await ctx.requireEntity(entityId, 'sendMoney');
        requireFeature(ctx.config.FEATURES, 'banking');
        const viewer = ctx.requireViewer();
        const input = transferInput(entityId, viewer.userId, 'wire', args);
        input.form = {
          ...input.form,
          ...(args.recipientAddress ? { recipientAddress: present({ ...args.recipientAddress }) } : {}),
          ...(args.bank ? { bank: present({ ...args.bank }) } : {}),
        };
        return sendTransfer(bankingDepsOf(ctx), input);
      },
    }),
  };
});
