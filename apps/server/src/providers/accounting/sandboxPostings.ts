import type { Cents } from '@keel/domain';
import type { QuickbooksLine, QuickbooksTransactionType } from './index';
import {
  HISTORY_DAYS,
  LATE_CORRECTION_DAY,
  LATE_DELETION_DAY,
  type SandboxAccountKey,
  sandboxAccountIdOf,
} from './sandboxCompanies';
import { addDays, daysBetween, monthOf, previousMonth } from './sandboxDays';

/**
 * The documents a sandbox company file posts, each a balanced set of lines (a debit positive) in
 * integer cents, and what they leave to later days (a bill's payment, a customer's payment, the
 * week's deposit, the card's and the payroll taxes' monthly payments). sandboxActivity.ts decides what
 * happens on which day; these say how each thing is booked.
 */

export type SandboxVersion = { lines: QuickbooksLine[]; privateNote: string | null };

export type SandboxTransaction = {
  /** Its place in the file's history (the order of ids). */
  index: number;
  id: string;
  entityType: QuickbooksTransactionType;
  date: string;
  docNumber: string | null;
  name: string;
  original: SandboxVersion;
  /** The correction and the day it was made. */
  edit: (SandboxVersion & { day: string }) | null;
  /** The day it was deleted. */
  deletedOn: string | null;
};

type Draft = Omit<SandboxTransaction, 'index' | 'id' | 'edit' | 'deletedOn'> &
  Partial<Pick<SandboxTransaction, 'edit' | 'deletedOn'>>;

/** The file as it is written, day after day. */
export type SandboxFile = {
  historyStart: string;
  transactions: SandboxTransaction[];
  scheduled: Map<string, (() => void)[]>;
  undeposited: Cents;
  cardByMonth: Map<string, Cents>;
  payrollByMonth: Map<string, Cents>;
  loanBalance: Cents;
  invoiceNumber: number;
  /** Card purchases of the week before the first authorization given a late fate so far. */
  lateFates: number;
};

/** One day of the file: its date, its own random draws, and amounts scaled to the company's size. */
export type SandboxDay = {
  file: SandboxFile;
  day: string;
  random: () => number;
  /** Dollars in the company's scale, as cents. */
  scaled(dollars: number): Cents;
  /** A random amount between two dollar figures, scaled. */
  between(min: number, max: number): Cents;
};

/** Corrections and deletions: a card purchase is corrected with this chance, or deleted with the next. */
const CORRECTED = 0.05;
const DELETED = 0.02;

export function newSandboxFile(historyStart: string): SandboxFile {
  return {
    historyStart,
    transactions: [],
    scheduled: new Map(),
    undeposited: 0,
    cardByMonth: new Map(),
    payrollByMonth: new Map(),
    loanBalance: 0,
    invoiceNumber: 1001,
    lateFates: 0,
  };
}

export const line = (
  key: SandboxAccountKey,
  amount: Cents,
  description: string | null = null,
): QuickbooksLine => ({
  accountId: sandboxAccountIdOf(key),
  amount,
  description,
});

/** Adds a transaction; its id follows the file's order. */
function emit(file: SandboxFile, draft: Draft) {
  const index = file.transactions.length;
  file.transactions.push({ edit: null, deletedOn: null, ...draft, index, id: String(150 + index) });
}

function schedule(file: SandboxFile, day: string, event: () => void) {
  const list = file.scheduled.get(day) ?? [];
  list.push(event);
  file.scheduled.set(day, list);
}

/** What earlier days left for this one (payments falling due), in the order they were left. */
export function runScheduled(file: SandboxFile, day: string) {
  for (const event of file.scheduled.get(day) ?? []) event();
  file.scheduled.delete(day);
}

/** A single-line expense against another account (cash, card). */
export function post(
  { file, day }: SandboxDay,
  entityType: QuickbooksTransactionType,
  name: string,
  debit: SandboxAccountKey,
  credit: SandboxAccountKey,
  amount: Cents,
  privateNote: string | null = null,
) {
  emit(file, {
    entityType,
    date: day,
    docNumber: null,
    name,
    original: { lines: [line(debit, amount), line(credit, -amount)], privateNote },
  });
}

/** The balances the file starts from, against Opening Balance Equity. */
export function openBooks({ file, day, scaled }: SandboxDay) {
  const balances: [SandboxAccountKey, Cents][] = [
    ['checking', scaled(62_000)],
    ['savings', scaled(40_000)],
    ['equipment', scaled(36_000)],
    ['inventory', scaled(8_000)],
    ['prepaid', scaled(2_400)],
    ['loan', -scaled(48_000)],
    ['mastercard', -scaled(1_875.4)],
  ];
  file.loanBalance = scaled(48_000);
  const equity = -balances.reduce((sum, [, amount]) => sum + amount, 0);
  emit(file, {
    entityType: 'JournalEntry',
    date: day,
    docNumber: 'OB-1',
    name: 'Opening balances',
    original: {
      lines: [...balances.map(([key, amount]) => line(key, amount)), line('openingEquity', equity)],
      privateNote: 'Opening balances',
    },
  });
}

/** A vendor's bill (expense or stock against Accounts Payable), paid from Checking `payAfter` days later. */
export function bill(
  today: SandboxDay,
  vendor: string,
  key: SandboxAccountKey,
  amount: Cents,
  payAfter: number,
) {
  const { file, day } = today;
  emit(file, {
    entityType: 'Bill',
    date: day,
    docNumber: `${vendor.slice(0, 3).toUpperCase()}-${day.slice(2, 7).replace('-', '')}`,
    name: vendor,
    original: { lines: [line(key, amount), line('payable', -amount)], privateNote: null },
  });
  const paidOn = addDays(day, payAfter);
  schedule(file, paidOn, () =>
    post({ ...today, day: paidOn }, 'BillPayment', vendor, 'payable', 'checking', amount),
  );
}

/**
 * A purchase on the Mastercard. With `fate` (a random draw; only everyday purchases have one) it may be
 * corrected or deleted a few days later; the first two of the week before the first authorization are,
 * on fixed days after it, so a sync sees both happen.
 */
export function cardPurchase(
  today: SandboxDay,
  merchant: string,
  key: SandboxAccountKey,
  amount: Cents,
  fate?: number,
) {
  const { file, day, random } = today;
  const month = monthOf(day);
  file.cardByMonth.set(month, (file.cardByMonth.get(month) ?? 0) + amount);
  const lines = (cents: Cents) => [line(key, cents), line('mastercard', -cents)];
  const draft: Draft = {
    entityType: 'Purchase',
    date: day,
    docNumber: null,
    name: merchant,
    original: { lines: lines(amount), privateNote: null },
  };
  const age = daysBetween(file.historyStart, day);
  const late = fate !== undefined && age >= HISTORY_DAYS - 7 && age < HISTORY_DAYS && file.lateFates < 2;
  if (late) file.lateFates += 1;
  if (fate !== undefined && (late ? file.lateFates === 1 : fate < CORRECTED)) {
    const corrected = Math.max(1, Math.round(amount * (0.85 + random() * 0.3)));
    const on = late
      ? addDays(file.historyStart, LATE_CORRECTION_DAY)
      : addDays(day, 1 + Math.floor(random() * 6));
    draft.edit = { day: on, lines: lines(corrected), privateNote: 'Corrected to match the receipt' };
  } else if (fate !== undefined && (late || fate < CORRECTED + DELETED)) {
    draft.deletedOn = late
      ? addDays(file.historyStart, LATE_DELETION_DAY)
      : addDays(day, 1 + Math.floor(random() * 6));
  }
  emit(file, draft);
}

/** A customer's invoice, paid 10 to 40 days later into Undeposited Funds. */
export function invoice(today: SandboxDay, customer: string, lines: QuickbooksLine[], amount: Cents) {
  const { file, day, random } = today;
  const docNumber = String(file.invoiceNumber++);
  emit(file, {
    entityType: 'Invoice',
    date: day,
    docNumber,
    name: customer,
    original: { lines, privateNote: null },
  });
  const paidOn = addDays(day, 10 + Math.floor(random() * 31));
  schedule(file, paidOn, () => {
    file.undeposited += amount;
    post(
      { ...today, day: paidOn },
      'Payment',
      customer,
      'undeposited',
      'receivable',
      amount,
      `Payment for invoice ${docNumber}`,
    );
  });
}

/** The week's customer payments banked into Checking. */
export function depositPayments(today: SandboxDay) {
  const amount = today.file.undeposited;
  if (amount <= 0) return;
  today.file.undeposited = 0;
  post(today, 'Deposit', 'Deposit', 'checking', 'undeposited', amount);
}

/** The loan's monthly instalment: 6.5% a year on what is owed, the rest repays it. */
export function payLoan(today: SandboxDay, instalment: Cents) {
  const { file, day } = today;
  if (file.loanBalance <= 0) return;
  const interest = Math.round((file.loanBalance * 0.065) / 12);
  const principal = Math.min(file.loanBalance, Math.max(0, instalment - interest));
  file.loanBalance -= principal;
  emit(file, {
    entityType: 'Purchase',
    date: day,
    docNumber: null,
    name: 'Summit Community Bank',
    original: {
      lines: [
        line('loan', principal),
        line('interestExpense', interest),
        line('checking', -(principal + interest)),
      ],
      privateNote: 'Loan instalment',
    },
  });
}

/** Payroll: wages and the employer's taxes; net pay from Checking, withholding and taxes owed. */
export function runPayroll({ file, day }: SandboxDay, gross: Cents) {
  const employerTax = Math.round(gross * 0.0765);
  const withholding = Math.round(gross * 0.22);
  const month = monthOf(day);
  file.payrollByMonth.set(month, (file.payrollByMonth.get(month) ?? 0) + withholding + employerTax);
  emit(file, {
    entityType: 'JournalEntry',
    date: day,
    docNumber: `PR-${day.replaceAll('-', '')}`,
    name: 'Payroll',
    original: {
      lines: [
        line('wages', gross),
        line('payrollTaxes', employerTax),
        line('checking', -(gross - withholding)),
        line('payrollLiabilities', -(withholding + employerTax)),
      ],
      privateNote: `Payroll for the period ending ${day}`,
    },
  });
}

/** Last month's payroll taxes paid. */
export function payPayrollTaxes(today: SandboxDay) {
  const amount = today.file.payrollByMonth.get(previousMonth(today.day)) ?? 0;
  if (amount > 0) post(today, 'Purchase', 'EFTPS', 'payrollLiabilities', 'checking', amount, 'Payroll taxes');
}

/** Last month's card purchases paid from Checking. */
export function payCard(today: SandboxDay) {
  const amount = today.file.cardByMonth.get(previousMonth(today.day)) ?? 0;
  if (amount > 0)
    post(today, 'Transfer', 'Mastercard payment', 'mastercard', 'checking', amount, 'Credit card payment');
}

/** The month's end: depreciation, the bank's fee and the savings' interest. */
export function closeMonth(today: SandboxDay) {
  const { file, day, scaled, between } = today;
  const depreciation = scaled(600);
  emit(file, {
    entityType: 'JournalEntry',
    date: day,
    docNumber: `DEP-${day.slice(0, 7).replace('-', '')}`,
    name: 'Depreciation',
    original: {
      lines: [line('depreciation', depreciation), line('depreciationAccumulated', -depreciation)],
      privateNote: `Depreciation for ${day.slice(0, 7)}`,
    },
  });
  post(today, 'Purchase', 'Summit Community Bank', 'bankCharges', 'checking', 25_00, 'Monthly service fee');
  post(today, 'Deposit', 'Summit Community Bank', 'savings', 'interestEarned', between(40, 75), 'Interest');
}
