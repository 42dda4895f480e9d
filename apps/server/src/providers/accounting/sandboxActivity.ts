import { seededRandom } from '../seededRandom';
import type { SandboxAccountKey, SandboxCompany } from './sandboxCompanies';
import { SUBCONTRACTORS_FROM_DAY } from './sandboxCompanies';
import { addDays, daysBetween, lastDayOfMonth, weekdayOf } from './sandboxDays';
import {
  bill,
  cardPurchase,
  closeMonth,
  depositPayments,
  invoice,
  line,
  newSandboxFile,
  openBooks,
  payCard,
  payLoan,
  payPayrollTaxes,
  post,
  runPayroll,
  runScheduled,
  type SandboxDay,
  type SandboxTransaction,
} from './sandboxPostings';

export type { SandboxTransaction, SandboxVersion } from './sandboxPostings';

/**
 * A sandbox company file's activity: a deterministic function of (company, history start, day), so
 * every call, on every server, returns the same file. Day by day from the history start: opening
 * balances, customers' invoices and their payments weeks later (into Undeposited Funds, banked each
 * Friday), bills and their payments, payroll twice a month and its taxes, card purchases and the card's
 * monthly payment, the loan's instalments, depreciation, bank fees and interest (sandboxPostings.ts
 * books each). Ids are handed out in that order, so a later day never changes an earlier transaction.
 * A few card purchases are corrected (SyncToken 1) or deleted some days after their date: what a sync
 * sees change.
 */

const SERVICE_CUSTOMERS = [
  'Ridgeway Dental',
  'Bluebird Bakery',
  'Harper & Stone Architects',
  'Cedar Grove HOA',
  'Alder Street Clinic',
  'Summit Outfitters',
  'Maple Leaf Preschool',
  'Northgate Properties',
];
const PRODUCT_CUSTOMERS = ['Garden Supply Depot', 'Greenleaf Nursery', 'Stonebridge Homes'];

type Merchant = { name: string; account: SandboxAccountKey; min: number; max: number };
const CARD_MERCHANTS: readonly Merchant[] = [
  { name: 'Blue Bottle Coffee', account: 'meals', min: 6, max: 32 },
  { name: 'Chipotle', account: 'meals', min: 12, max: 64 },
  { name: 'Sweetgreen', account: 'meals', min: 14, max: 52 },
  { name: 'Uber', account: 'travel', min: 12, max: 68 },
  { name: 'United Airlines', account: 'travel', min: 180, max: 640 },
  { name: 'Hilton Hotels', account: 'travel', min: 160, max: 420 },
  { name: 'Staples', account: 'officeSupplies', min: 18, max: 180 },
  { name: 'Amazon', account: 'officeSupplies', min: 15, max: 240 },
];

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('Nothing to pick from');
  return item;
}

/** The file's transactions dated from `historyStart` to `through`, in the order of their ids. */
export function generateSandboxActivity(
  company: SandboxCompany,
  historyStart: string,
  through: string,
): readonly SandboxTransaction[] {
  const file = newSandboxFile(historyStart);
  for (let day = historyStart; day <= through; day = addDays(day, 1)) {
    const random = seededRandom(`${company.seed}:${day}`);
    const scaled = (dollars: number) => Math.round(dollars * 100 * company.scale);
    const today: SandboxDay = {
      file,
      day,
      random,
      scaled,
      between: (min, max) => scaled(min + random() * (max - min)),
    };
    if (day === historyStart) openBooks(today);
    runScheduled(file, day);
    followCalendar(today);
    const weekday = weekdayOf(day);
    if (weekday >= 1 && weekday <= 5) runWeekday(today, company);
    // Fridays the week's customer payments are banked.
    if (weekday === 5) depositPayments(today);
    if (Number(day.slice(8)) === lastDayOfMonth(day)) closeMonth(today);
  }
  return file.transactions;
}

/** The month's fixed calendar: rent, subscriptions, the loan, bills, payroll, the card's payment, savings. */
function followCalendar(today: SandboxDay) {
  const { day, scaled, between } = today;
  const dayOfMonth = Number(day.slice(8));
  const month = Number(day.slice(5, 7));
  if (dayOfMonth === 1) bill(today, 'Brightwater Properties', 'rent', scaled(4_200), 4);
  if (dayOfMonth === 2) {
    cardPurchase(today, 'Adobe', 'software', 59_99);
    cardPurchase(today, 'Google Workspace', 'software', 72_00);
    cardPurchase(today, 'Slack', 'software', 43_75);
  }
  if (dayOfMonth === 3) payLoan(today, scaled(1_150));
  if (dayOfMonth === 5) bill(today, 'Evergreen Mutual Insurance', 'insurance', scaled(640), 10);
  if (dayOfMonth === 6) cardPurchase(today, 'Google Ads', 'advertising', between(300, 800));
  if (dayOfMonth === 8) bill(today, 'City Power & Light', 'utilities', between(280, 460), 14);
  if (dayOfMonth === 9) bill(today, 'Comcast Business', 'utilities', 189_00, 12);
  if (dayOfMonth === 10) bill(today, 'Pacific Stone Supply', 'inventory', between(2_000, 3_500), 25);
  if (dayOfMonth === 12) payPayrollTaxes(today);
  if (dayOfMonth === 15 || dayOfMonth === lastDayOfMonth(day)) runPayroll(today, scaled(7_200));
  if (dayOfMonth === 18) cardPurchase(today, 'Intuit QuickBooks', 'software', 90_00);
  if (dayOfMonth === 20 && month % 2 === 0)
    bill(today, 'Lowell & Price LLP', 'legal', between(900, 2_400), 20);
  if (dayOfMonth === 25) payCard(today);
  if (dayOfMonth === 28 && month % 3 === 0) {
    post(today, 'Transfer', 'Transfer to Savings', 'savings', 'checking', scaled(5_000), 'Quarterly savings');
  }
}

/** A working day: customers' invoices, card spend and, once hired, the subcontractors on Wednesdays. */
function runWeekday(today: SandboxDay, company: SandboxCompany) {
  const { file, day, random, between } = today;
  if (random() < 0.32) {
    const amount = Math.round(25_00 * Math.round(48 + random() * 212) * company.scale);
    invoice(
      today,
      pick(SERVICE_CUSTOMERS, random),
      [line('receivable', amount), line('services', -amount)],
      amount,
    );
  }
  if (random() < 0.08) {
    const customer = pick(PRODUCT_CUSTOMERS, random);
    const amount = between(800, 2_800);
    const cost = Math.round(amount * 0.55);
    invoice(
      today,
      customer,
      [
        line('receivable', amount),
        line('productSales', -amount),
        line('cogs', cost),
        line('inventory', -cost),
      ],
      amount,
    );
  }
  const draw = random();
  const count = draw < 0.45 ? 0 : draw < 0.85 ? 1 : 2;
  for (let n = 0; n < count; n++) {
    const merchant = pick(CARD_MERCHANTS, random);
    const amount = Math.round((merchant.min + random() * (merchant.max - merchant.min)) * 100);
    cardPurchase(today, merchant.name, merchant.account, amount, random());
  }
  if (
    weekdayOf(day) === 3 &&
    daysBetween(file.historyStart, day) >= SUBCONTRACTORS_FROM_DAY &&
    random() < 0.6
  ) {
    post(today, 'Purchase', 'Rivera Landscaping Crew', 'subcontractors', 'checking', between(600, 1_800));
  }
}
