import type { QuickbooksClassification } from './index';

/**
 * The sandbox's company files (what Intuit's sandbox companies are for a developer): each a realm with
 * a name, a seed its simulated year of activity is drawn from (sandboxActivity.ts) and a scale for its
 * amounts, and all with the chart of accounts below, a small services-and-products business's. Each
 * file's history starts HISTORY_DAYS before the day it was first authorized (kept by the sandbox).
 */

export type SandboxCompany = { realmId: string; companyName: string; seed: string; scale: number };

export const SANDBOX_COMPANIES: readonly SandboxCompany[] = [
  {
    realmId: '9341455130122801',
    companyName: 'Keel Sandbox Company',
    seed: 'keel-sandbox-company',
    scale: 1,
  },
  {
    realmId: '9341455130187456',
    companyName: 'Keel Sandbox Company 2',
    seed: 'keel-sandbox-company-2',
    scale: 0.6,
  },
];

export const findSandboxCompany = (realmId: string) =>
  SANDBOX_COMPANIES.find((company) => company.realmId === realmId) ?? null;

/** How far before the day a company file is first authorized its history reaches. */
export const HISTORY_DAYS = 365;

/** Days after the history start (the first authorization) when the file changes its chart. */
export const SUBCONTRACTORS_FROM_DAY = HISTORY_DAYS + 4;
export const ADVERTISING_RENAMED_DAY = HISTORY_DAYS + 6;
/**
 * After the first authorization the bookkeeper tidies up: the first card purchase of the last week
 * before it is corrected on the first day below, the second deleted on the second.
 */
export const LATE_CORRECTION_DAY = HISTORY_DAYS + 2;
export const LATE_DELETION_DAY = HISTORY_DAYS + 3;

export type SandboxAccountKey =
  | 'checking'
  | 'savings'
  | 'receivable'
  | 'undeposited'
  | 'inventory'
  | 'prepaid'
  | 'equipment'
  | 'depreciationAccumulated'
  | 'payable'
  | 'mastercard'
  | 'payrollLiabilities'
  | 'loan'
  | 'openingEquity'
  | 'retainedEarnings'
  | 'services'
  | 'productSales'
  | 'interestEarned'
  | 'cogs'
  | 'advertising'
  | 'bankCharges'
  | 'insurance'
  | 'meals'
  | 'officeSupplies'
  | 'payroll'
  | 'wages'
  | 'payrollTaxes'
  | 'rent'
  | 'software'
  | 'travel'
  | 'utilities'
  | 'legal'
  | 'depreciation'
  | 'interestExpense'
  | 'subcontractors';

export type SandboxAccountSpec = {
  key: SandboxAccountKey;
  /** QuickBooks' Id of the account (the same in every sandbox company file). */
  id: string;
  name: string;
  accountType: string;
  accountSubType: string;
  classification: QuickbooksClassification;
  parent: SandboxAccountKey | null;
  /** The account exists from this many days after the history start (0: from the start). */
  fromDay?: number;
  /** Renamed this many days after the history start (its SyncToken goes to 1). */
  renamed?: { day: number; name: string };
};

const account = (
  key: SandboxAccountKey,
  id: string,
  name: string,
  accountType: string,
  accountSubType: string,
  classification: QuickbooksClassification,
  more: Partial<Pick<SandboxAccountSpec, 'parent' | 'fromDay' | 'renamed'>> = {},
): SandboxAccountSpec => ({
  key,
  id,
  name,
  accountType,
  accountSubType,
  classification,
  parent: more.parent ?? null,
  ...(more.fromDay ? { fromDay: more.fromDay } : {}),
  ...(more.renamed ? { renamed: more.renamed } : {}),
});

/** The chart of accounts, in QuickBooks' order (balance sheet, then income and expenses). */
export const SANDBOX_CHART: readonly SandboxAccountSpec[] = [
  account('checking', '35', 'Checking', 'Bank', 'Checking', 'Asset'),
  account('savings', '36', 'Savings', 'Bank', 'Savings', 'Asset'),
  account(
    'receivable',
    '84',
    'Accounts Receivable (A/R)',
    'Accounts Receivable',
    'AccountsReceivable',
    'Asset',
  ),
  account('undeposited', '4', 'Undeposited Funds', 'Other Current Asset', 'UndepositedFunds', 'Asset'),
  account('inventory', '81', 'Inventory Asset', 'Other Current Asset', 'Inventory', 'Asset'),
  account('prepaid', '3', 'Prepaid Expenses', 'Other Current Asset', 'PrepaidExpenses', 'Asset'),
  account('equipment', '37', 'Equipment', 'Fixed Asset', 'MachineryAndEquipment', 'Asset'),
  account(
    'depreciationAccumulated',
    '38',
    'Accumulated Depreciation',
    'Fixed Asset',
    'AccumulatedDepreciation',
    'Asset',
  ),
  account('payable', '33', 'Accounts Payable (A/P)', 'Accounts Payable', 'AccountsPayable', 'Liability'),
  account('mastercard', '41', 'Mastercard', 'Credit Card', 'CreditCard', 'Liability'),
  account(
    'payrollLiabilities',
    '42',
    'Payroll Liabilities',
    'Other Current Liability',
    'PayrollTaxPayable',
    'Liability',
  ),
  account('loan', '43', 'Loan Payable', 'Long Term Liability', 'NotesPayable', 'Liability'),
  account('openingEquity', '34', 'Opening Balance Equity', 'Equity', 'OpeningBalanceEquity', 'Equity'),
  account('retainedEarnings', '2', 'Retained Earnings', 'Equity', 'RetainedEarnings', 'Equity'),
  account('services', '1', 'Services', 'Income', 'ServiceFeeIncome', 'Revenue'),
  account('productSales', '79', 'Sales of Product Income', 'Income', 'SalesOfProductIncome', 'Revenue'),
  account('interestEarned', '25', 'Interest Earned', 'Other Income', 'InterestEarned', 'Revenue'),
  account('cogs', '80', 'Cost of Goods Sold', 'Cost of Goods Sold', 'SuppliesMaterialsCogs', 'Expense'),
  account('advertising', '7', 'Advertising', 'Expense', 'AdvertisingPromotional', 'Expense', {
    renamed: { day: ADVERTISING_RENAMED_DAY, name: 'Advertising & Marketing' },
  }),
  account('bankCharges', '8', 'Bank Charges', 'Expense', 'BankCharges', 'Expense'),
  account('insurance', '11', 'Insurance', 'Expense', 'Insurance', 'Expense'),
  account('meals', '13', 'Meals and Entertainment', 'Expense', 'EntertainmentMeals', 'Expense'),
  account(
    'officeSupplies',
    '15',
    'Office Supplies',
    'Expense',
    'OfficeGeneralAdministrativeExpenses',
    'Expense',
  ),
  account('payroll', '50', 'Payroll Expenses', 'Expense', 'PayrollExpenses', 'Expense'),
  account('wages', '51', 'Wages', 'Expense', 'PayrollExpenses', 'Expense', { parent: 'payroll' }),
  account('payrollTaxes', '52', 'Payroll Taxes', 'Expense', 'PayrollTaxExpenses', 'Expense', {
    parent: 'payroll',
  }),
  account('rent', '17', 'Rent or Lease', 'Expense', 'RentOrLeaseOfBuildings', 'Expense'),
  account(
    'software',
    '53',
    'Software & Subscriptions',
    'Expense',
    'OtherMiscellaneousServiceCost',
    'Expense',
  ),
  account('travel', '20', 'Travel', 'Expense', 'Travel', 'Expense'),
  account('utilities', '24', 'Utilities', 'Expense', 'Utilities', 'Expense'),
  account('legal', '12', 'Legal & Professional Fees', 'Expense', 'LegalProfessionalFees', 'Expense'),
  account('depreciation', '40', 'Depreciation', 'Other Expense', 'Depreciation', 'Expense'),
  account('interestExpense', '54', 'Interest Expense', 'Expense', 'InterestPaid', 'Expense'),
  account('subcontractors', '55', 'Subcontractors', 'Expense', 'CostOfLabor', 'Expense', {
    fromDay: SUBCONTRACTORS_FROM_DAY,
  }),
];

const BY_KEY = new Map(SANDBOX_CHART.map((spec) => [spec.key, spec]));

/** The Id of the chart's account `key`. */
export function sandboxAccountIdOf(key: SandboxAccountKey): string {
  const spec = BY_KEY.get(key);
  if (!spec) throw new Error(`No sandbox account ${key}`);
  return spec.id;
}
