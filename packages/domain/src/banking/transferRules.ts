import { z } from 'zod';
import { AMOUNT_TOO_LARGE, type Cents, formatCents, parseAmount } from '../money';
import { isCalendarDate } from '../months';
import { US_STATE_CODES } from '../validation/profile';
import { isAbaRoutingNumber } from './routingNumber';

/**
 * Form and API rules for sending money from a Keel deposit account by ACH or wire (spec §5 'Transfer',
 * §9 'Transfer amount 1 to 5000 dollars', 'routing number 9'). One definition, used by the transfer
 * forms and the server. Amounts are integer cents; the amount box is read by money.ts's parseAmount.
 */

export type TransferRail = 'ach' | 'wire';

export const TRANSFER_MIN_CENTS: Cents = 100;
export const TRANSFER_MAX_CENTS: Cents = 500_000;
/** US account numbers: NACHA's DFI account number field holds at most 17 characters. */
export const ACCOUNT_NUMBER_MIN_LENGTH = 4;
export const ACCOUNT_NUMBER_MAX_LENGTH = 17;
/** One ACH addenda record carries 80 characters of payment information; Fedwire's OBI 4 lines of 35. */
export const ACH_MEMO_MAX = 80;
export const WIRE_MEMO_MAX = 140;
export const RECIPIENT_NAME_MAX = 100;
/** How far ahead a transfer may be dated, in calendar days (ours: the spec is silent). */
export const TRANSFER_SCHEDULE_DAYS = 90;

/** The last day a transfer sent on `today` ('YYYY-MM-DD') may be dated. */
export function latestTransferDate(today: string): string {
  return new Date(Date.parse(`${today}T00:00:00Z`) + TRANSFER_SCHEDULE_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
}

export const TRANSFER_ADDRESS_LINE_MAX = 100;
export const TRANSFER_CITY_MAX = 60;

/** Spec §5 'Transfer': its messages, and ours (marked) where it gives none. */
export const TRANSFER_MESSAGES = {
  amountMin: 'Minimum transfer amount is $1',
  amountMax: 'Maximum transfer amount is $5,000',
  accountRequired: 'Account is required',
  routingNumberDigits: 'Must be a 9-digit number',
  addressRequired: 'Address is required',
  // ours from here on
  amountRequired: 'Amount is required',
  amountWholeCents: 'Amount can have at most 2 decimals',
  dateRequired: 'Date is required',
  dateInvalid: 'Invalid date',
  routingNumberInvalid: 'Invalid routing number',
  accountNumberRequired: 'Account number is required',
  accountNumberInvalid: `Account number must be ${ACCOUNT_NUMBER_MIN_LENGTH} to ${ACCOUNT_NUMBER_MAX_LENGTH} digits`,
  accountTypeInvalid: 'Account type must be checking or savings',
  recipientRequired: 'Recipient name is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  stateInvalid: 'Invalid state',
  postalCodeRequired: 'Postal code is required',
  postalCodeInvalid: 'Postal code must be 5 digits',
  bankNameRequired: 'Bank name is required',
  bankAddressRequired: 'Bank address is required',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

const M = TRANSFER_MESSAGES;

function requiredText(message: string, label: string, max: number) {
  return z.string({ error: message }).trim().min(1, message).max(max, M.tooLong(label, max));
}

/** A transfer's amount in cents: whole cents, $1 to $5,000 (spec §5). */
export const transferCentsSchema = z
  .number({ error: M.amountRequired })
  .int(M.amountWholeCents)
  .min(TRANSFER_MIN_CENTS, M.amountMin)
  .max(TRANSFER_MAX_CENTS, M.amountMax);

/**
 * The amount box as typed ('1,250.50'): at most 23 characters (spec §9), read exactly to cents, then the
 * transfer range. An amount too large for any entry reads as over the transfer maximum.
 */
export const transferAmountInputSchema = z
  .string({ error: M.amountRequired })
  .transform((text, ctx) => {
    const parsed = parseAmount(text);
    if (parsed.ok) return parsed.cents;
    ctx.addIssue({ code: 'custom', message: parsed.error === AMOUNT_TOO_LARGE ? M.amountMax : parsed.error });
    return z.NEVER;
  })
  .pipe(transferCentsSchema);

/** The Keel deposit account the money leaves, as its picker holds it: id and name both required. */
export const transferAccountSchema = z.object(
  {
    id: z.string({ error: M.accountRequired }).trim().min(1, M.accountRequired),
    name: z.string({ error: M.accountRequired }).trim().min(1, M.accountRequired),
  },
  { error: M.accountRequired },
);

/** The day the transfer is sent: a real calendar day 'YYYY-MM-DD' (no 2026-02-30). */
export const transferDateSchema = z
  .string({ error: M.dateRequired })
  .trim()
  .min(1, { error: M.dateRequired, abort: true })
  .refine(isCalendarDate, M.dateInvalid);

/** 9 digits (spec's message), then the ABA checksum and Federal Reserve prefix (ours). */
export const routingNumberSchema = z
  .string({ error: M.routingNumberDigits })
  .trim()
  .regex(/^\d{9}$/, { error: M.routingNumberDigits, abort: true })
  .refine(isAbaRoutingNumber, M.routingNumberInvalid);

/** The recipient's account number: required, digits only, 4 to 17 of them. */
export const accountNumberSchema = z
  .string({ error: M.accountNumberRequired })
  .trim()
  .min(1, { error: M.accountNumberRequired, abort: true })
  .regex(/^\d{4,17}$/, M.accountNumberInvalid);

const memoSchema = (max: number) =>
  z.preprocess((value) => value ?? '', z.string().trim().max(max, M.tooLong('Memo', max)));

const stateSchema = z
  .string({ error: M.stateRequired })
  .trim()
  .min(1, { error: M.stateRequired, abort: true })
  .transform((state) => state.toUpperCase())
  .refine((state) => US_STATE_CODES.includes(state), M.stateInvalid);

const postalCodeSchema = z
  .string({ error: M.postalCodeRequired })
  .trim()
  .min(1, { error: M.postalCodeRequired, abort: true })
  .regex(/^\d{5}$/, M.postalCodeInvalid);

/** What every transfer carries, whatever the rail. */
const transferBase = {
  account: transferAccountSchema,
  /** The vendor the recipient was picked from, when one was. */
  vendorId: z.string().trim().min(1).max(255).nullish(),
  recipientName: requiredText(M.recipientRequired, 'Recipient name', RECIPIENT_NAME_MAX),
  routingNumber: routingNumberSchema,
  accountNumber: accountNumberSchema,
  amount: transferCentsSchema,
  date: transferDateSchema,
};

export const ACH_ACCOUNT_TYPES = ['checking', 'savings'] as const;
export type AchAccountType = (typeof ACH_ACCOUNT_TYPES)[number];

/** An ACH transfer (CreateAchTransfer): the recipient's account type picks the ACH transaction code. */
export const achTransferFormSchema = z.object({
  ...transferBase,
  recipientAccountType: z.enum(ACH_ACCOUNT_TYPES, { error: M.accountTypeInvalid }).default('checking'),
  memo: memoSchema(ACH_MEMO_MAX),
});
export type AchTransferForm = z.infer<typeof achTransferFormSchema>;

/** The recipient's address on a wire: two lines (the second optional), city, state, 5-digit postal code. */
export const wireRecipientAddressSchema = z.object(
  {
    line1: requiredText(M.addressRequired, 'Address', TRANSFER_ADDRESS_LINE_MAX),
    line2: z.preprocess(
      (value) => value ?? '',
      z.string().trim().max(TRANSFER_ADDRESS_LINE_MAX, M.tooLong('Address', TRANSFER_ADDRESS_LINE_MAX)),
    ),
    city: requiredText(M.cityRequired, 'City', TRANSFER_CITY_MAX),
    state: stateSchema,
    postalCode: postalCodeSchema,
  },
  { error: M.addressRequired },
);

/** The recipient's bank on a wire: name, address, city, state, postal code. */
export const wireBankSchema = z.object(
  {
    name: requiredText(M.bankNameRequired, 'Bank name', RECIPIENT_NAME_MAX),
    address: requiredText(M.bankAddressRequired, 'Bank address', TRANSFER_ADDRESS_LINE_MAX),
    city: requiredText(M.cityRequired, 'City', TRANSFER_CITY_MAX),
    state: stateSchema,
    postalCode: postalCodeSchema,
  },
  { error: M.bankNameRequired },
);

/** A wire transfer (CreateWireTransfer): the ACH fields plus the recipient's and the bank's address. */
export const wireTransferFormSchema = z.object({
  ...transferBase,
  recipientAddress: wireRecipientAddressSchema,
  bank: wireBankSchema,
  memo: memoSchema(WIRE_MEMO_MAX),
});
export type WireTransferForm = z.infer<typeof wireTransferFormSchema>;

/**
 * A client's key for one intended transfer: a retry with the same key returns the first transfer
 * instead of sending the money twice. Visible ASCII, 8 to 255 characters (a UUID fits).
 */
export const transferIdempotencyKeySchema = z
  .string({ error: 'Idempotency key is required' })
  .regex(/^[\x21-\x7E]{8,255}$/, 'Idempotency key must be 8 to 255 visible characters');

/** A deposit account's daily sending limit on one rail (tprimeTransferLimits), in cents. */
export type DailyTransferLimit = { dailyLimitCents: Cents };

export type DailyLimitCheck =
  | { ok: true; remainingCents: Cents }
  | { ok: false; remainingCents: Cents; error: string };

/**
 * Whether a transfer fits today's limit. `sentTodayCents` is what already counts today on the same rail
 * (see countsTowardDailyLimit); which day is 'today' is the caller's (the server's clock, UTC).
 */
export function checkDailyLimit(
  limits: DailyTransferLimit,
  sentTodayCents: Cents,
  amountCents: Cents,
): DailyLimitCheck {
  for (const value of [limits.dailyLimitCents, sentTodayCents, amountCents]) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`Not a cents amount: ${value}`);
  }
  const remainingCents = Math.max(0, limits.dailyLimitCents - sentTodayCents);
  if (amountCents <= remainingCents) return { ok: true, remainingCents };
  const limit = formatCents(limits.dailyLimitCents);
  const error =
    remainingCents === 0
      ? `You have reached your daily transfer limit of ${limit}. Try again tomorrow.`
      : `This transfer is over your daily transfer limit of ${limit}. You can send up to ${formatCents(remainingCents)} more today.`;
  return { ok: false, remainingCents, error };
}

export const TRANSFER_STATUSES = ['pending', 'posted', 'returned'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

/** Pending and posted transfers use up the day's limit; a returned one gave the money back. */
export function countsTowardDailyLimit(status: TransferStatus): boolean {
  return status !== 'returned';
}

/**
 * The moves a transfer's status can make: a pending transfer posts or is returned; a posted ACH can still
 * come back (an ACH return, such as R01 insufficient funds, arrives days after settlement); a posted wire
 * is final; a returned transfer is final.
 */
export function canChangeTransferStatus(
  rail: TransferRail,
  from: TransferStatus,
  to: TransferStatus,
): boolean {
  if (from === 'pending') return to === 'posted' || to === 'returned';
  if (from === 'posted') return rail === 'ach' && to === 'returned';
  return false;
}

/** The kinds of payee a vendor can be: an ACH to an individual goes as PPD, to a business as CCD. */
export const VENDOR_TYPES = ['business', 'individual'] as const;
export type VendorType = (typeof VENDOR_TYPES)[number];
export const VENDOR_NOTES_MAX = 1000;

const optionalText = (label: string, max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z.string().trim().max(max, M.tooLong(label, max)).nullish(),
  );

/** A payee (CreateVendor, spec §3 Vendor): name required; email, company name and notes optional. */
export const vendorFormSchema = z.object({
  name: requiredText('Name is required', 'Name', RECIPIENT_NAME_MAX),
  email: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
    z
      .string()
      .trim()
      .max(254, M.tooLong('Email', 254))
      .pipe(z.email({ error: 'Invalid email' }))
      .nullish(),
  ),
  companyName: optionalText('Company name', RECIPIENT_NAME_MAX),
  notes: optionalText('Notes', VENDOR_NOTES_MAX),
  vendorType: z
    .enum(VENDOR_TYPES, { error: 'Vendor type must be business or individual' })
    .default('business'),
});
export type VendorForm = z.infer<typeof vendorFormSchema>;
