import {
  type AchAccountType,
  type AchTransferForm,
  achTransferFormSchema,
  type TransferRail,
  transferAmountInputSchema,
  type WireTransferForm,
  wireTransferFormSchema,
} from '@keel/domain';
import type { UseFormReturn } from 'react-hook-form';
import type {
  CreateAchTransferVariables,
  CreateWireTransferVariables,
  ReviewAchTransferVariables,
  ReviewWireTransferVariables,
} from '../bankingQueries';

/**
 * The Send money form as typed: one shape for both rails (each tab keeps its own copy), validated by the
 * domain's ACH or wire schema, so the form and the server give the same messages (spec §5 'Transfer').
 * The amount is the text of the box ('1,250.50'), read to cents by the domain's amount rule.
 */
export type TransferFormValues = {
  account: { id: string; name: string };
  vendorId: string | null;
  recipientName: string;
  routingNumber: string;
  accountNumber: string;
  amount: string;
  date: string;
  memo: string;
  recipientAccountType: AchAccountType;
  recipientAddress: { line1: string; line2: string; city: string; state: string; postalCode: string };
  bank: { name: string; address: string; city: string; state: string; postalCode: string };
};

/** The ACH form with the amount box read from text. */
export const achTransferInputSchema = achTransferFormSchema.extend({ amount: transferAmountInputSchema });
/** The wire form with the amount box read from text. */
export const wireTransferInputSchema = wireTransferFormSchema.extend({ amount: transferAmountInputSchema });

export const transferInputSchemaOf = (rail: TransferRail) =>
  rail === 'ach' ? achTransferInputSchema : wireTransferInputSchema;

/** What a valid form holds: the ACH or the wire form of the domain, by the form's rail. */
export type TransferFormOutput = AchTransferForm | WireTransferForm;

/** The form as its parts receive it. */
export type TransferFormApi = UseFormReturn<TransferFormValues, unknown, TransferFormOutput>;

/** A fresh form: sent today (the company's day) from the first account, to a checking account. */
export function emptyTransferForm(today: string, account: { id: string; name: string } | null) {
  return {
    account: account ?? { id: '', name: '' },
    vendorId: null,
    recipientName: '',
    routingNumber: '',
    accountNumber: '',
    amount: '',
    date: today,
    memo: '',
    recipientAccountType: 'checking',
    recipientAddress: { line1: '', line2: '', city: '', state: '', postalCode: '' },
    bank: { name: '', address: '', city: '', state: '', postalCode: '' },
  } satisfies TransferFormValues;
}

/** The arguments both rails' review queries and create mutations share (the key aside). */
function commonVariables(entityId: string, form: AchTransferForm | WireTransferForm) {
  return {
    entityId,
    accountId: form.account.id,
    vendorId: form.vendorId ?? null,
    recipientName: form.recipientName,
    routingNumber: form.routingNumber,
    accountNumber: form.accountNumber,
    amount: form.amount,
    date: form.date,
    memo: form.memo,
  };
}

/** reviewAchTransfer's arguments: CreateAchTransfer's without the idempotency key. */
export function achReviewVariables(entityId: string, form: AchTransferForm): ReviewAchTransferVariables {
  return { ...commonVariables(entityId, form), recipientAccountType: form.recipientAccountType };
}

/** reviewWireTransfer's arguments: CreateWireTransfer's without the idempotency key. */
export function wireReviewVariables(entityId: string, form: WireTransferForm): ReviewWireTransferVariables {
  return {
    ...commonVariables(entityId, form),
    recipientAddress: { ...form.recipientAddress },
    bank: { ...form.bank },
  };
}

export function achVariables(
  entityId: string,
  idempotencyKey: string,
  form: AchTransferForm,
): CreateAchTransferVariables {
  return { ...achReviewVariables(entityId, form), idempotencyKey };
}

export function wireVariables(
  entityId: string,
  idempotencyKey: string,
  form: WireTransferForm,
): CreateWireTransferVariables {
  return { ...wireReviewVariables(entityId, form), idempotencyKey };
}

/** The form's fields a server refusal may name, by the argument path the server uses. */
const FORM_FIELDS = new Set([
  'recipientName',
  'routingNumber',
  'accountNumber',
  'amount',
  'date',
  'memo',
  'recipientAccountType',
  'recipientAddress.line1',
  'recipientAddress.line2',
  'recipientAddress.city',
  'recipientAddress.state',
  'recipientAddress.postalCode',
  'bank.name',
  'bank.address',
  'bank.city',
  'bank.state',
  'bank.postalCode',
]);

/**
 * The form field of a server refusal's `extensions.field`: the deposit account is the From account;
 * a vendor refusal shows under the recipient; an address or bank as a whole under its first line or
 * name. Null for the idempotency key and anything the form does not show (an alert then).
 */
export function transferFieldOf(serverField: string): string | null {
  if (serverField === 'accountId' || serverField.startsWith('account.')) return 'account';
  if (serverField === 'vendorId') return 'recipientName';
  if (serverField === 'recipientAddress') return 'recipientAddress.line1';
  if (serverField === 'bank') return 'bank.name';
  return FORM_FIELDS.has(serverField) ? serverField : null;
}
