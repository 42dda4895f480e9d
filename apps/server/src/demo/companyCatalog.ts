/**
 * What the generated company spends and earns, at demo scale (dollars a month at the start and at
 * the end of its history; the generator interpolates between them and multiplies by its scale).
 * Accounts are named by path under the default roots, e.g. 'Expense/Operating Expenses/Travel/Airfare'.
 */

export const CHECKING = 'Banks/Mercury Checking';
export const SAVINGS = 'Banks/Savings';
export const CARD = 'Credit Cards/Amex Corporate';
export const TREASURY_BILLS = 'Investments/Treasury Bills';
export const SBA_LOAN = 'Loans/SBA Loan';
export const PAID_IN_CAPITAL = 'Other/Paid-in Capital';
export const SUBSCRIPTIONS = 'Income/Revenue/Subscriptions';
export const SERVICES = 'Income/Revenue/Services';
export const INTEREST_INCOME = 'Income/Other Income/Interest Income';
export const STRIPE_FEES = 'Expense/Cost of Revenue/Payment Processing/Stripe Fees';
export const SUPPORT_CONTRACTORS = 'Expense/Cost of Revenue/Customer Support/Support Contractors';
export const SALARIES = 'Expense/Operating Expenses/Payroll/Salaries';
export const PAYROLL_TAXES = 'Expense/Operating Expenses/Payroll/Payroll Taxes';
export const BENEFITS = 'Expense/Operating Expenses/Payroll/Benefits';
export const GROUND_TRANSPORT = 'Expense/Operating Expenses/Travel/Ground Transportation';
export const SAAS = 'Expense/Operating Expenses/Software/SaaS Subscriptions';
export const CLOUD = 'Expense/Operating Expenses/Software/Cloud Hosting';
export const RENT = 'Expense/Operating Expenses/Facilities/Rent';
export const MEALS = 'Expense/Operating Expenses/Travel/Meals';
export const EVENTS = 'Expense/Operating Expenses/Marketing/Events';
export const LOAN_INTEREST = 'Expense/Other Expenses/Interest/Loan Interest';

/** The chart below the default roots, in display order. Parents come before their children. */
export const BASE_CHART: readonly string[] = [
  'Income/Revenue',
  SUBSCRIPTIONS,
  SERVICES,
  'Income/Other Income',
  INTEREST_INCOME,
  'Expense/Cost of Revenue',
  'Expense/Cost of Revenue/Payment Processing',
  STRIPE_FEES,
  'Expense/Cost of Revenue/Customer Support',
  SUPPORT_CONTRACTORS,
  'Expense/Operating Expenses',
  'Expense/Operating Expenses/Payroll',
  SALARIES,
  PAYROLL_TAXES,
  BENEFITS,
  'Expense/Operating Expenses/Software',
  CLOUD,
  SAAS,
  'Expense/Operating Expenses/Facilities',
  RENT,
  'Expense/Operating Expenses/Facilities/Internet & Phone',
  'Expense/Operating Expenses/Marketing',
  'Expense/Operating Expenses/Marketing/Advertising',
  EVENTS,
  'Expense/Operating Expenses/Travel',
  'Expense/Operating Expenses/Travel/Airfare',
  'Expense/Operating Expenses/Travel/Lodging',
  'Expense/Operating Expenses/Travel/Ground Transportation',
  MEALS,
  'Expense/Operating Expenses/Office',
  'Expense/Operating Expenses/Office/Office Supplies',
  'Expense/Operating Expenses/Office/Equipment',
  'Expense/Operating Expenses/Professional Services',
  'Expense/Operating Expenses/Professional Services/Legal',
  'Expense/Operating Expenses/Professional Services/Accounting',
  'Expense/Operating Expenses/Insurance',
  'Expense/Operating Expenses/Insurance/Business Insurance',
  'Expense/Other Expenses',
  'Expense/Other Expenses/Interest',
  LOAN_INTEREST,
  'Expense/Other Expenses/Bank Charges',
  'Expense/Other Expenses/Bank Charges/Bank Fees',
  CHECKING,
  SAVINGS,
  CARD,
  TREASURY_BILLS,
  SBA_LOAN,
  PAID_IN_CAPITAL,
];

export type Payment = 'checking' | 'card';
/** Dollars a month at the first and at the last month of the history. */
export type MonthlyRange = readonly [start: number, end: number];

/**
 * Many small transactions a month whose total follows `monthly`: card swipes, payouts, invoices.
 * `share` is the flow's part of the month's count of such transactions.
 */
export type VariableFlow = {
  key: string;
  account: string;
  kind: 'spend' | 'stripePayout' | 'invoice';
  via: Payment;
  vendors: readonly string[];
  memos: readonly string[];
  memoChance: number;
  monthly: MonthlyRange;
  share: number;
  /** An optional flow has no spending in a month that its share gives no transaction. */
  optional?: boolean;
};

/**
 * A bill of the same vendor once a month. `perSeat` bills cost `monthly` per head; `step` bills jump
 * from the start price to the end price half way (a move to a bigger office); others drift with usage.
 */
type RecurringBill = {
  vendor: string;
  account: string;
  via: Payment;
  day: number;
  monthly: MonthlyRange;
  perSeat?: boolean;
  step?: boolean;
  memo: string;
};

export const VARIABLE_FLOWS: readonly VariableFlow[] = [
  {
    key: 'stripe',
    account: SUBSCRIPTIONS,
    kind: 'stripePayout',
    via: 'checking',
    vendors: ['Stripe Payout'],
    memos: [],
    memoChance: 0,
    monthly: [30_000, 220_000],
    share: 0.2,
  },
  {
    key: 'services',
    account: SERVICES,
    kind: 'invoice',
    via: 'checking',
    vendors: [
      'Globex Corporation',
      'Initech',
      'Umbrella Corp',
      'Hooli',
      'Stark Industries',
      'Wayne Enterprises',
      'Cyberdyne Systems',
      'Wonka Industries',
    ],
    memos: ['Integration services', 'Robot fleet onboarding', 'Custom gripper design', 'Support retainer'],
    memoChance: 0.7,
    monthly: [8_000, 30_000],
    share: 0.03,
  },
  {
    key: 'meals',
    account: MEALS,
    kind: 'spend',
    via: 'card',
    vendors: [
      'DoorDash',
      'Sweetgreen',
      'Blue Bottle Coffee',
      'Uber Eats',
      'Chipotle',
      'Starbucks',
      'Tartine',
    ],
    memos: ['Team lunch', 'Client dinner', 'Offsite catering', 'Candidate lunch'],
    memoChance: 0.35,
    monthly: [1_200, 3_500],
    share: 0.2,
  },
  {
    key: 'airfare',
    account: 'Expense/Operating Expenses/Travel/Airfare',
    kind: 'spend',
    via: 'card',
    vendors: ['Delta Air Lines', 'United Airlines', 'Alaska Airlines', 'American Airlines', 'JetBlue'],
    memos: ['Customer visit', 'Sales kickoff', 'Trade show', 'Factory visit'],
    memoChance: 0.5,
    monthly: [2_000, 7_000],
    share: 0.05,
  },
  {
    key: 'lodging',
    account: 'Expense/Operating Expenses/Travel/Lodging',
    kind: 'spend',
    via: 'card',
    vendors: ['Marriott', 'Hilton', 'Hyatt', 'Airbnb', 'Ace Hotel'],
    memos: ['Customer visit', 'Trade show', 'Offsite'],
    memoChance: 0.3,
    monthly: [1_200, 4_500],
    share: 0.05,
  },
  {
    key: 'ground',
    account: GROUND_TRANSPORT,
    kind: 'spend',
    via: 'card',
    vendors: ['Uber', 'Lyft', 'Hertz', 'Caltrain'],
    memos: [],
    memoChance: 0,
    monthly: [400, 1_500],
    share: 0.12,
  },
  {
    key: 'supplies',
    account: 'Expense/Operating Expenses/Office/Office Supplies',
    kind: 'spend',
    via: 'card',
    vendors: ['Amazon', 'Staples', 'Office Depot', 'Costco'],
    memos: ['Kitchen restock', 'Printer paper', ''],
    memoChance: 0.2,
    monthly: [600, 1_500],
    share: 0.08,
  },
  {
    key: 'equipment',
    account: 'Expense/Operating Expenses/Office/Equipment',
    kind: 'spend',
    via: 'card',
    vendors: ['Apple Store', 'Dell Technologies', 'B&H Photo', 'Best Buy'],
    memos: ['New hire laptop', 'Monitors', 'Test bench'],
    memoChance: 0.5,
    monthly: [1_500, 4_000],
    share: 0.03,
  },
  {
    key: 'advertising',
    account: 'Expense/Operating Expenses/Marketing/Advertising',
    kind: 'spend',
    via: 'card',
    vendors: ['Google Ads', 'LinkedIn Ads', 'Meta Ads', 'Reddit Ads'],
    memos: [],
    memoChance: 0,
    monthly: [5_000, 22_000],
    share: 0.08,
  },
  {
    key: 'events',
    account: EVENTS,
    kind: 'spend',
    via: 'card',
    vendors: ['Eventbrite', 'Automate Show', 'RoboBusiness', 'Meetup'],
    memos: ['Booth deposit', 'Tickets', 'Sponsorship'],
    memoChance: 0.6,
    monthly: [1_000, 4_000],
    share: 0.02,
  },
  {
    key: 'tools',
    account: SAAS,
    kind: 'spend',
    via: 'card',
    vendors: ['Loom', 'Calendly', 'Canva', 'Zapier', 'Miro', 'DocuSign'],
    memos: [],
    memoChance: 0,
    monthly: [300, 900],
    share: 0.04,
  },
  {
    key: 'support',
    account: SUPPORT_CONTRACTORS,
    kind: 'spend',
    via: 'checking',
    vendors: ['Upwork', 'Deel'],
    memos: ['Weekly support contractors', 'Onsite technician'],
    memoChance: 0.5,
    monthly: [2_000, 8_000],
    share: 0.03,
  },
  {
    key: 'legal',
    account: 'Expense/Operating Expenses/Professional Services/Legal',
    kind: 'spend',
    via: 'checking',
    vendors: ['Cooley LLP', 'Wilson Sonsini', 'Clerky'],
    memos: ['Customer contract review', 'Patent filing', 'Board matters'],
    memoChance: 0.7,
    monthly: [2_500, 4_000],
    share: 0.01,
  },
  {
    key: 'bankFees',
    account: 'Expense/Other Expenses/Bank Charges/Bank Fees',
    kind: 'spend',
    via: 'checking',
    vendors: ['Mercury Wire Fee', 'International Wire Fee'],
    memos: [],
    memoChance: 0,
    monthly: [40, 150],
    share: 0.03,
  },
];

export const RECURRING_BILLS: readonly RecurringBill[] = [
  {
    vendor: 'WeWork Rent',
    account: RENT,
    via: 'checking',
    day: 1,
    monthly: [14_000, 22_000],
    step: true,
    memo: 'Office rent',
  },
  {
    vendor: 'Aetna Health',
    account: BENEFITS,
    via: 'checking',
    day: 1,
    monthly: [650, 700],
    perSeat: true,
    memo: 'Medical premiums',
  },
  { vendor: 'AWS', account: CLOUD, via: 'card', day: 2, monthly: [3_500, 16_000], memo: '' },
  { vendor: 'Datadog', account: CLOUD, via: 'card', day: 3, monthly: [800, 3_000], memo: '' },
  {
    vendor: 'Slack',
    account: SAAS,
    via: 'card',
    day: 4,
    monthly: [12.5, 12.5],
    perSeat: true,
    memo: 'Pro plan',
  },
  {
    vendor: 'Google Workspace',
    account: SAAS,
    via: 'card',
    day: 5,
    monthly: [14.4, 14.4],
    perSeat: true,
    memo: 'Business Standard',
  },
  {
    vendor: 'GitHub',
    account: SAAS,
    via: 'card',
    day: 6,
    monthly: [21, 21],
    perSeat: true,
    memo: 'Team plan',
  },
  { vendor: 'Notion', account: SAAS, via: 'card', day: 7, monthly: [10, 10], perSeat: true, memo: '' },
  { vendor: 'Figma', account: SAAS, via: 'card', day: 9, monthly: [90, 225], memo: '' },
  {
    vendor: 'Comcast Business',
    account: 'Expense/Operating Expenses/Facilities/Internet & Phone',
    via: 'card',
    day: 8,
    monthly: [349, 499],
    memo: '',
  },
  {
    vendor: 'Vouch Insurance',
    account: 'Expense/Operating Expenses/Insurance/Business Insurance',
    via: 'checking',
    day: 10,
    monthly: [1_150, 2_400],
    memo: 'Monthly premium',
  },
  {
    vendor: 'Pilot',
    account: 'Expense/Operating Expenses/Professional Services/Accounting',
    via: 'checking',
    day: 20,
    monthly: [1_500, 2_500],
    memo: 'Bookkeeping and tax',
  },
];

/** Extra expense groups for charts larger than the base one (benchmarks): group → leaves and vendors. */
export const EXTRA_EXPENSE_GROUPS: readonly {
  group: string;
  leaves: readonly string[];
  vendors: readonly string[];
}[] = [
  {
    group: 'Research & Development',
    leaves: ['Prototyping', 'Lab Supplies', 'Testing Services', 'Patents'],
    vendors: ['McMaster-Carr', 'Digi-Key', 'Protolabs', 'Mouser Electronics'],
  },
  {
    group: 'Recruiting',
    leaves: ['Job Boards', 'Recruiter Fees', 'Background Checks', 'Candidate Travel'],
    vendors: ['LinkedIn Recruiter', 'Greenhouse', 'Checkr', 'Hired'],
  },
  {
    group: 'Training',
    leaves: ['Courses', 'Conferences', 'Books', 'Certifications'],
    vendors: ['Udemy', "O'Reilly", 'Coursera', 'Amazon'],
  },
  {
    group: 'Shipping',
    leaves: ['Postage', 'Freight', 'Packaging'],
    vendors: ['FedEx', 'UPS', 'USPS', 'Uline'],
  },
  {
    group: 'Taxes & Licenses',
    leaves: ['Business Licenses', 'Franchise Tax', 'Permits'],
    vendors: ['Delaware Secretary of State', 'City of San Francisco', 'CA Franchise Tax Board'],
  },
  {
    group: 'Hardware',
    leaves: ['Components', 'Sensors', 'Actuators', 'Tooling'],
    vendors: ['Digi-Key', 'Adafruit', 'SparkFun', 'Misumi'],
  },
];

/** Code names of projects, the groups of a benchmark chart once the named groups run out. */
export const PROJECT_CODE_NAMES: readonly string[] = [
  'Atlas',
  'Borealis',
  'Cobalt',
  'Dynamo',
  'Ember',
  'Falcon',
  'Granite',
  'Helix',
  'Ion',
  'Juniper',
  'Kestrel',
  'Lumen',
  'Meridian',
  'Nimbus',
  'Orion',
  'Pulsar',
  'Quartz',
  'Raven',
  'Sierra',
  'Titan',
  'Umbra',
  'Vector',
  'Willow',
  'Xenon',
  'Yonder',
  'Zephyr',
];

export const PROJECT_LEAVES: readonly string[] = ['Contractors', 'Materials', 'Software', 'Travel'];
export const PROJECT_VENDORS: readonly string[] = ['Upwork', 'McMaster-Carr', 'Amazon', 'Home Depot', 'Uber'];
