import type { QuickbooksAccount } from '../../providers/accounting';

/**
 * Where a QuickBooks account sits in Keel's books: under the root (spec §9 groups: Banks shown as Cash,
 * Credit Cards, Investments, Loans, Other; and Income, Expense) its AccountType and Classification say,
 * as the bank-linking module files a linked account by its type:
 * - Bank: Banks; Credit Card: Credit Cards;
 * - Long Term Liability, and current liabilities that are loans or lines of credit: Loans;
 * - current assets that are investments (QuickBooks' Investment_* sub-types): Investments;
 * - Revenue: Income; Expense (cost of goods sold and other expenses included): Expense;
 * - everything else on the balance sheet (receivables, other current and fixed assets, payables,
 *   other liabilities, equity): Other.
 */

const QUICKBOOKS_ROOTS = [
  'Banks',
  'Credit Cards',
  'Investments',
  'Loans',
  'Other',
  'Income',
  'Expense',
] as const;
type QuickbooksRoot = (typeof QUICKBOOKS_ROOTS)[number];

const LOAN_SUB_TYPES = new Set(['LoanPayable', 'NotesPayable', 'LineOfCredit', 'OtherLongTermLiabilities']);

export function quickbooksRootOf(account: {
  accountType: QuickbooksAccount['accountType'];
  accountSubType: string | null;
  classification: string;
}): QuickbooksRoot {
  if (account.accountType === 'Bank') return 'Banks';
  if (account.accountType === 'Credit Card') return 'Credit Cards';
  if (account.accountType === 'Long Term Liability') return 'Loans';
  if (account.classification === 'Liability' && LOAN_SUB_TYPES.has(account.accountSubType ?? ''))
    return 'Loans';
  if (account.classification === 'Asset' && (account.accountSubType ?? '').startsWith('Investment')) {
    return 'Investments';
  }
  if (account.classification === 'Revenue') return 'Income';
  if (account.classification === 'Expense') return 'Expense';
  return 'Other';
}

/**
 * Whether an account's balance is a debit in the books (assets, expenses) or a credit (liabilities,
 * equity, income): QuickBooks states each as a positive balance, the books keep credits negative.
 */
export const isDebitNormal = (classification: string) =>
  classification === 'Asset' || classification === 'Expense';
