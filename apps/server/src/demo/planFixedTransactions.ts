import { MONTH_SHORT_NAMES, parseMonthKey } from '@keel/domain';
import {
  CHECKING,
  EVENTS,
  INTEREST_INCOME,
  LOAN_INTEREST,
  MEALS,
  PAYROLL_TAXES,
  SALARIES,
  SAVINGS,
  SBA_LOAN,
  TREASURY_BILLS,
} from './companyCatalog';
import {
  buildImportedTransaction,
  buildUserTransaction,
  type CalendarMonth,
  countSeats,
  formatDay,
  type MonthPlan,
} from './monthPlan';
import type { Random } from './random';

const MONTHLY_SALARY_DOLLARS = 12_500;
/** Employer payroll taxes as a share of gross wages (the demo's hiring plan uses the same rate). */
export const EMPLOYER_TAX_RATE = 0.0765;
const LOAN_DOLLARS = 600_000;
const LOAN_ANNUAL_RATE = 0.09;
const LOAN_TERM_MONTHS = 120;
const SAVINGS_DOLLARS = 400_000;
const SAVINGS_ANNUAL_RATE = 0.045;
const TREASURY_DOLLARS = 500_000;
const TREASURY_ANNUAL_RATE = 0.05;

/** A month's gross wages in cents: the head count at $12,500 a month each, with 3% raises a year. */
export function computeMonthlyPayrollCents(month: Pick<CalendarMonth, 'index' | 'progress'>, scale: number) {
  const raise = 1.03 ** (month.index / 12);
  return Math.round(countSeats(month, scale) * MONTHLY_SALARY_DOLLARS * raise * 100);
}

/** Gusto runs payroll on the 15th and the last day: gross wages and employer taxes out of checking. */
export function addPayroll(months: MonthPlan[], scale: number, random: Random): void {
  for (const month of months) {
    const monthlyCents = computeMonthlyPayrollCents(month, scale);
    const short = MONTH_SHORT_NAMES[parseMonthKey(month.month).month - 1] ?? '';
    const periods = [
      { day: 15, memo: `Pay period ${short} 1–15` },
      { day: month.daysInMonth, memo: `Pay period ${short} 16–${month.daysInMonth}` },
    ];
    for (const period of periods) {
      if (period.day > month.lastDay) continue;
      const gross = Math.round(monthlyCents / 2);
      const taxes = Math.round(gross * EMPLOYER_TAX_RATE);
      month.fixed.push(
        buildImportedTransaction(random, 'Gusto Payroll', period.memo, formatDay(month.month, period.day), [
          { account: SALARIES, amount: gross, memo: 'Gross wages' },
          { account: PAYROLL_TAXES, amount: taxes, memo: 'Employer taxes' },
          { account: CHECKING, amount: -(gross + taxes), memo: '' },
        ]),
      );
    }
  }
}

/**
 * The SBA loan (drawn in the third month, repaid monthly), a savings account and Treasury bills bought
 * in the second month, and the interest they earn at each month end.
 */
export function addBankingActivity(months: MonthPlan[], scale: number, random: Random): void {
  const loanMonth = Math.min(2, months.length - 1);
  const cashMonth = Math.min(1, months.length - 1);
  const loanCents = Math.round(LOAN_DOLLARS * scale * 100);
  const rate = LOAN_ANNUAL_RATE / 12;
  const payment = Math.round((loanCents * rate) / (1 - (1 + rate) ** -LOAN_TERM_MONTHS));
  let loanBalance = 0;
  let savingsBalance = 0;
  let treasuryBalance = 0;
  for (const month of months) {
    const on = (day: number) => (day <= month.lastDay ? formatDay(month.month, day) : null);
    const monthEnd = on(month.daysInMonth);
    if (loanBalance > 0 && on(28)) {
      const interest = Math.round(loanBalance * rate);
      const principal = Math.min(loanBalance, payment - interest);
      loanBalance -= principal;
      month.fixed.push(
        buildImportedTransaction(
          random,
          'SBA Loan Payment',
          'Monthly installment',
          formatDay(month.month, 28),
          [
            { account: SBA_LOAN, amount: principal, memo: 'Principal' },
            { account: LOAN_INTEREST, amount: interest, memo: 'Interest' },
            { account: CHECKING, amount: -(principal + interest), memo: '' },
          ],
        ),
      );
    }
    if (month.index === loanMonth && on(10)) {
      loanBalance = loanCents;
      month.fixed.push(
        buildUserTransaction(
          'SBA Loan Disbursement',
          'SBA 7(a) loan, 10 years at 9%',
          formatDay(month.month, 10),
          [
            { account: CHECKING, amount: loanCents, memo: '' },
            { account: SBA_LOAN, amount: -loanCents, memo: '' },
          ],
        ),
      );
    }
    if (month.index === cashMonth && on(3) && on(6)) {
      savingsBalance = Math.round(SAVINGS_DOLLARS * scale * 100);
      treasuryBalance = Math.round(TREASURY_DOLLARS * scale * 100);
      month.fixed.push(
        buildImportedTransaction(random, 'Transfer to Savings', 'Reserve', formatDay(month.month, 3), [
          { account: SAVINGS, amount: savingsBalance, memo: '' },
          { account: CHECKING, amount: -savingsBalance, memo: '' },
        ]),
        buildImportedTransaction(
          random,
          'TreasuryDirect',
          '26-week Treasury bills',
          formatDay(month.month, 6),
          [
            { account: TREASURY_BILLS, amount: treasuryBalance, memo: '' },
            { account: CHECKING, amount: -treasuryBalance, memo: '' },
          ],
        ),
      );
      continue;
    }
    if (monthEnd && savingsBalance > 0) {
      const interest = Math.round((savingsBalance * SAVINGS_ANNUAL_RATE) / 12);
      savingsBalance += interest;
      month.fixed.push(
        buildImportedTransaction(random, 'Mercury Savings Interest', '', monthEnd, [
          { account: SAVINGS, amount: interest, memo: '' },
          { account: INTEREST_INCOME, amount: -interest, memo: '' },
        ]),
      );
    }
    if (monthEnd && treasuryBalance > 0) {
      const interest = Math.round((treasuryBalance * TREASURY_ANNUAL_RATE) / 12);
      month.fixed.push(
        buildImportedTransaction(random, 'US Treasury Interest', 'Treasury bill yield', monthEnd, [
          { account: CHECKING, amount: interest, memo: '' },
          { account: INTEREST_INCOME, amount: -interest, memo: '' },
        ]),
      );
    }
  }
}

/** Each quarter the bookkeeper moves offsite meals to Events: a journal entry with no cash. */
export function addReclasses(months: MonthPlan[]): void {
  for (const month of months) {
    if (month.index % 3 !== 2) continue;
    const meals = month.variable.find((budget) => budget.flow.account === MEALS);
    const cents = Math.round((meals?.cents ?? 0) * 0.15);
    if (cents <= 0) continue;
    month.fixed.push(
      buildUserTransaction(
        'Reclassify offsite meals',
        'Quarterly offsite catering belongs to Events',
        formatDay(month.month, Math.min(28, month.lastDay)),
        [
          { account: EVENTS, amount: cents, memo: '' },
          { account: MEALS, amount: -cents, memo: '' },
        ],
      ),
    );
  }
}
