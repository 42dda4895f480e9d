import {
  addMonths,
  type Cents,
  type MonthKey,
  monthBounds,
  monthKeyOfDate,
  monthsBetween,
} from '@keel/domain';
import { seededRandom } from '../seededRandom';
import {
  SANDBOX_EPOCH,
  type SandboxAccountRole,
  type SandboxAccountSpec,
  type SandboxInstitution,
} from './sandboxInstitutions';
import { CARD_SUBSCRIPTIONS, dollars, pickCardMerchant } from './sandboxMerchants';

/**
 * The simulated institutions' activity: a deterministic function of (institution, account, day), the
 * same on every server and every run, so a company that links the same institution again sees the same
 * transactions (under new ids: sandboxFeed.ts). Amounts in integer cents, money into the account
 * positive. Every transaction is pending for its first PENDING_DAYS days; a restaurant's posts with
 * the tip added. Balances follow from the activity since SANDBOX_EPOCH, so they always agree with it.
 */

export type SandboxActivity = {
  accountKey: string;
  date: string;
  /** Its place among the account's transactions of that day. */
  seq: number;
  name: string;
  merchantName: string | null;
  category: string;
  pendingAmount: Cents;
  postedAmount: Cents;
};

/** A transaction dated d is pending while the day is before d + PENDING_DAYS. */
export const PENDING_DAYS = 2;
/** The loan's monthly instalment. */
const LOAN_INSTALMENT = 2_450_00;
const BROKERAGE_CONTRIBUTION = 1_000_00;

const DAY_MS = 86_400_000;
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

type Draft = Omit<SandboxActivity, 'seq' | 'accountKey' | 'postedAmount'> & {
  account: SandboxAccountSpec;
  postedAmount?: Cents;
};

const dateIn = (month: MonthKey, day: number) => {
  const last = Number(monthBounds(month).lastDay.slice(8));
  return `${month}-${String(Math.min(day, last)).padStart(2, '0')}`;
};

/** A card's purchases in a month: a few a day, drawn from the day's own seed, and its subscriptions. */
function cardPurchases(institution: SandboxInstitution, card: SandboxAccountSpec, month: MonthKey): Draft[] {
  if (month < monthKeyOfDate(SANDBOX_EPOCH)) return [];
  const drafts: Draft[] = [];
  const last = Number(monthBounds(month).lastDay.slice(8));
  for (let day = 1; day <= last; day++) {
    const date = dateIn(month, day);
    const random = seededRandom(`${institution.id}:${card.key}:${date}`);
    const draw = random();
    const count = draw < 0.35 ? 0 : draw < 0.8 ? 1 : 2;
    for (let n = 0; n < count; n++) {
      const merchant = pickCardMerchant(random);
      const amount = -dollars(random, merchant.min, merchant.max);
      drafts.push({
        account: card,
        date,
        name: merchant.name,
        merchantName: merchant.name,
        category: merchant.category,
        pendingAmount: amount,
        postedAmount: merchant.tip ? Math.round(amount * merchant.tip) : amount,
      });
    }
    for (const [subscriptionDay, name, cents] of CARD_SUBSCRIPTIONS) {
      if (subscriptionDay !== day) continue;
      drafts.push({
        account: card,
        date,
        name,
        merchantName: name,
        category: 'Software',
        pendingAmount: -cents,
      });
    }
  }
  return drafts;
}

const roleOf = (institution: SandboxInstitution, role: SandboxAccountRole) =>
  institution.accounts.find((account) => account.role === role);

const posted = (draft: Draft) => draft.postedAmount ?? draft.pendingAmount;

/** Money moved between two of the institution's accounts: the leg out and the leg in a day later. */
function transfer(
  drafts: Draft[],
  from: SandboxAccountSpec,
  to: SandboxAccountSpec,
  date: string,
  amount: Cents,
  names: [string, string],
) {
  if (amount <= 0) return;
  drafts.push({
    account: from,
    date,
    name: names[0],
    merchantName: null,
    category: 'Transfer',
    pendingAmount: -amount,
  });
  drafts.push({
    account: to,
    date: addDays(date, 1),
    name: names[1],
    merchantName: null,
    category: 'Transfer',
    pendingAmount: amount,
  });
}

/**
 * The main account's bills (an operating account's only) and its transfers to the institution's other
 * accounts. A reserve account takes a third of the savings transfers back, so it lasts.
 */
function operatingOutflows(
  institution: SandboxInstitution,
  operating: SandboxAccountSpec,
  month: MonthKey,
  random: () => number,
): Draft[] {
  const drafts: Draft[] = [];
  const reserve = operating.role === 'reserve';
  const bill = (day: number, name: string, category: string, cents: Cents) =>
    drafts.push({
      account: operating,
      date: dateIn(month, day),
      name,
      merchantName: name,
      category,
      pendingAmount: -cents,
    });
  if (!reserve) {
    bill(1, 'WeWork', 'Rent', 6_500_00);
    bill(3, 'Amazon Web Services', 'Software', dollars(random, 1_800, 3_400));
    bill(8, 'Google Workspace', 'Software', 14_40 * (12 + Math.floor(random() * 8)));
    bill(12, 'Comcast Business', 'Utilities', 189_95);
    bill(15, 'Gusto Payroll', 'Payroll', dollars(random, 16_000, 22_000));
    bill(18, 'PG&E', 'Utilities', dollars(random, 240, 620));
    bill(31, 'Gusto Payroll', 'Payroll', dollars(random, 16_000, 22_000));
  }
  const tag = (account: SandboxAccountSpec) => `${account.name} ••${account.mask}`;
  const savings = roleOf(institution, 'savings');
  if (savings) {
    const amount = 100_00 * (5 + Math.floor(random() * 26));
    if (reserve && Number(month.slice(5)) % 3 === 0) {
      transfer(drafts, savings, operating, dateIn(month, 5), amount, [
        `Transfer to ${tag(operating)}`,
        `Transfer from ${tag(savings)}`,
      ]);
    } else {
      transfer(drafts, operating, savings, dateIn(month, 5), amount, [
        `Transfer to ${tag(savings)}`,
        `Transfer from ${tag(operating)}`,
      ]);
    }
  }
  const card = roleOf(institution, 'card');
  if (card) {
    const owed = -cardPurchases(institution, card, addMonths(month, -1)).reduce(
      (sum, d) => sum + posted(d),
      0,
    );
    transfer(drafts, operating, card, dateIn(month, 25), owed, [
      `${card.name} Payment`,
      'Payment - Thank You',
    ]);
  }
  const loan = roleOf(institution, 'loan');
  if (loan) {
    const owedBefore = loan.opening - monthsBetween(monthKeyOfDate(SANDBOX_EPOCH), month) * LOAN_INSTALMENT;
    const amount = Math.min(LOAN_INSTALMENT, Math.max(0, owedBefore));
    transfer(drafts, operating, loan, dateIn(month, 10), amount, [
      `${loan.name} Payment`,
      'Loan Payment Received',
    ]);
  }
  const brokerage = roleOf(institution, 'investment');
  if (brokerage) {
    transfer(drafts, operating, brokerage, dateIn(month, 20), BROKERAGE_CONTRIBUTION, [
      `Transfer to ${tag(brokerage)}`,
      'Contribution',
    ]);
  }
  return drafts;
}

/**
 * Stripe payouts into the operating account on the 2nd, 9th, 16th, 23rd and 30th: together the month's
 * outflows plus a drift of -$2,500 to +$4,000, so the balance wanders but never runs away.
 */
function payouts(
  operating: SandboxAccountSpec,
  month: MonthKey,
  outflow: Cents,
  random: () => number,
): Draft[] {
  const last = Number(monthBounds(month).lastDay.slice(8));
  const days = [2, 9, 16, 23, 30].filter((day) => day <= last);
  const total = outflow + dollars(random, -2_500, 4_000);
  const weights = days.map(() => 0.8 + random() * 0.4);
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  let left = total;
  return days.map((day, index) => {
    const amount = index === days.length - 1 ? left : Math.round((total * (weights[index] ?? 1)) / weightSum);
    left -= amount;
    return {
      account: operating,
      date: dateIn(month, day),
      name: 'Stripe Payout',
      merchantName: 'Stripe',
      category: 'Income',
      pendingAmount: amount,
    };
  });
}

/** Interest and dividends credited at the month's end. */
function earnings(institution: SandboxInstitution, month: MonthKey, random: () => number): Draft[] {
  const drafts: Draft[] = [];
  const lastDay = monthBounds(month).lastDay;
  const savings = roleOf(institution, 'savings');
  if (savings) {
    drafts.push({
      account: savings,
      date: lastDay,
      name: 'Interest Payment',
      merchantName: null,
      category: 'Interest',
      pendingAmount: Math.round(savings.opening / 12_000) + Math.floor(random() * 300),
    });
  }
  const brokerage = roleOf(institution, 'investment');
  if (brokerage && Number(month.slice(5)) % 3 === 0) {
    drafts.push({
      account: brokerage,
      date: dateIn(month, 28),
      name: 'Dividend - VTI',
      merchantName: 'Vanguard',
      category: 'Dividend',
      pendingAmount: dollars(random, 300, 900),
    });
  }
  return drafts;
}

const cache = new Map<string, SandboxActivity[]>();
const CACHE_MAX = 512;

/**
 * Everything the institution's accounts did in a month (nothing before SANDBOX_EPOCH), ordered by
 * date, then the institution's account order, then seq. Cached: it never changes.
 */
export function activityOfMonth(institution: SandboxInstitution, month: MonthKey): SandboxActivity[] {
  const key = `${institution.id}:${month}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const operating = roleOf(institution, 'operating') ?? roleOf(institution, 'reserve');
  let drafts: Draft[] = [];
  if (operating && month >= monthKeyOfDate(SANDBOX_EPOCH)) {
    const random = seededRandom(key);
    drafts = operatingOutflows(institution, operating, month, random);
    const outflow = -drafts.filter((d) => d.account === operating).reduce((sum, d) => sum + posted(d), 0);
    const card = roleOf(institution, 'card');
    drafts.push(
      ...(operating.role === 'operating' ? payouts(operating, month, outflow, random) : []),
      ...earnings(institution, month, random),
      ...(card ? cardPurchases(institution, card, month) : []),
    );
  }
  const order = (account: SandboxAccountSpec) => institution.accounts.indexOf(account);
  const sorted = drafts
    .filter((draft) => draft.date.startsWith(month))
    .map((draft, index) => ({ draft, index }))
    .sort(
      (a, b) =>
        a.draft.date.localeCompare(b.draft.date) ||
        order(a.draft.account) - order(b.draft.account) ||
        a.index - b.index,
    );
  const seqs = new Map<string, number>();
  const activity = sorted.map(({ draft }) => {
    const seqKey = `${draft.account.key}:${draft.date}`;
    const seq = seqs.get(seqKey) ?? 0;
    seqs.set(seqKey, seq + 1);
    return {
      accountKey: draft.account.key,
      date: draft.date,
      seq,
      name: draft.name,
      merchantName: draft.merchantName,
      category: draft.category,
      pendingAmount: draft.pendingAmount,
      postedAmount: posted(draft),
    };
  });
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value as string);
  cache.set(key, activity);
  return activity;
}

/** Whether a transaction dated `date` is pending on `day`. */
export const isPendingOn = (date: string, day: string) => day < addDays(date, PENDING_DAYS);

/** The activity of the days from..to (inclusive), in feed order. */
export function activityBetween(
  institution: SandboxInstitution,
  from: string,
  to: string,
): SandboxActivity[] {
  if (from > to) return [];
  const months: MonthKey[] = [];
  for (let month = monthKeyOfDate(from); month <= monthKeyOfDate(to); month = addMonths(month, 1)) {
    months.push(month);
  }
  return months.flatMap((month) =>
    activityOfMonth(institution, month).filter((row) => row.date >= from && row.date <= to),
  );
}

/**
 * An account's balance at the end of `day`, money in positive (a card's or loan's is negative: owed),
 * counting pending transactions at their pending amount.
 */
export function sandboxBalanceOn(
  institution: SandboxInstitution,
  account: SandboxAccountSpec,
  day: string,
): Cents {
  const owed = account.type === 'credit' || account.type === 'loan';
  let balance = owed ? -account.opening : account.opening;
  for (const row of activityBetween(institution, SANDBOX_EPOCH, day)) {
    if (row.accountKey !== account.key) continue;
    balance += isPendingOn(row.date, day) ? row.pendingAmount : row.postedAmount;
  }
  return balance;
}
