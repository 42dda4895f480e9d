import {
  formatCents,
  formatMonthLong,
  type MonthKey,
  PRODUCT_NAME,
  RUNWAY_METHOD_LABELS,
  RUNWAY_METHODS,
} from '@keel/domain';
import type {
  BurnData,
  CashData,
  HiringCostsData,
  IncomeVsExpenseData,
  RunwayData,
  SearchTransactionsData,
  SpendByCategoryData,
} from '../../../modules/assistant/tools/toolTypes';

/** '$94,250' for whole dollars, '$1,234.56' with cents, '-$5,750' below zero: exact, never rounded. */
export function formatMoney(cents: number): string {
  const text = formatCents(cents);
  return cents % 100 === 0 ? text.replace(/\.00$/, '') : text;
}

const month = (key: MonthKey) => formatMonthLong(key);

/**
 * A runway answer names its method as the Runway card does, since the card's choice is kept in the
 * person's browser (issue 32); when the question named none, it says how to ask for the others.
 */
export function writeRunwayAnswer(data: RunwayData, methodAsked: boolean): string {
  const by = `by ${data.methodLabel}`;
  const working = `The working, as the Runway card shows it for ${data.methodLabel}: ${data.working.calculation}.`;
  const otherLabels = RUNWAY_METHODS.filter((m) => m !== data.method).map(
    (m) => `'${RUNWAY_METHOD_LABELS[m]}'`,
  );
  const others = methodAsked
    ? ''
    : ` The card's other methods give other figures: ask for ${otherLabels.slice(0, -1).join(', ')} or ${otherLabels.at(-1)}.`;
  if (data.months === null) {
    return `Your runway ${by} is Unlimited: your cash doesn't run out. ${working}${others}`;
  }
  const months =
    data.method === 'runway'
      ? `${data.months} ${data.months === 1 ? 'month' : 'months'}`
      : `${data.months.toFixed(1)} months`;
  const cashOut = data.cashOutMonth ? ` Cash runs out in ${month(data.cashOutMonth)}.` : '';
  return `Your runway ${by} is ${months}, counted from ${month(data.countedFrom)}.${cashOut} ${working}${others}`;
}

export function writeBurnAnswer(data: BurnData): string {
  const first = data.lastThreeMonths[0]?.month ?? data.month;
  const average = `Over ${month(first)} to ${month(data.month)} net burn averaged ${formatMoney(data.averageNetBurnCents)} a month.`;
  if (data.incomeCents === 0 && data.expenseCents === 0) {
    return `Nothing was booked to income or expense in ${month(data.month)} (the last complete month), so it burned no cash. ${average}`;
  }
  if (data.netBurnCents <= 0) {
    return `You weren't burning cash in ${month(data.month)} (the last complete month): income of ${formatMoney(data.incomeCents)} covered expenses of ${formatMoney(data.expenseCents)}, a net gain of ${formatMoney(-data.netBurnCents)}. ${average}`;
  }
  return `Net burn in ${month(data.month)} (the last complete month) is ${formatMoney(data.netBurnCents)}: expenses of ${formatMoney(data.expenseCents)} less income of ${formatMoney(data.incomeCents)}. ${average}`;
}

export function writeCashAnswer(data: CashData): string {
  const accounts =
    data.accounts.length > 0
      ? ` By account: ${data.accounts.map((account) => `${account.name} ${formatMoney(account.balanceCents)}`).join(', ')}.`
      : '';
  return `Cash at the end of ${month(data.month)} (the last actual month) is ${formatMoney(data.cashCents)}.${accounts}`;
}

export function writeSpendAnswer(data: SpendByCategoryData): string {
  const period = data.from === data.to ? month(data.from) : `${month(data.from)} to ${month(data.to)}`;
  if (data.categories.length === 0) {
    return `There was no spending by category in ${period}. Total expenses: ${formatMoney(data.totalExpenseCents)}.`;
  }
  const list = data.categories
    .map((category, index) => `${index + 1}. ${category.name}: ${formatMoney(category.amountCents)}`)
    .join('\n');
  return `Top spending in ${period}:\n${list}\nTotal expenses: ${formatMoney(data.totalExpenseCents)}.`;
}

export function writeIncomeVsExpenseAnswer(data: IncomeVsExpenseData): string {
  const net =
    data.netCents >= 0
      ? `a net income of ${formatMoney(data.netCents)}`
      : `a net loss of ${formatMoney(-data.netCents)}`;
  return `In ${month(data.month)} (${data.scenario}) income was ${formatMoney(data.incomeCents)} and expenses were ${formatMoney(data.expenseCents)}: ${net}.`;
}

export function writeSearchAnswer(data: SearchTransactionsData): string {
  if (data.count === 0) return `No transactions match "${data.text}".`;
  const shown = data.transactions.length;
  const heading =
    data.count > shown
      ? `${data.count} transactions match "${data.text}"; the newest ${shown}:`
      : `${data.count} ${data.count === 1 ? 'transaction matches' : 'transactions match'} "${data.text}":`;
  const lines = data.transactions.map((transaction) => {
    const where = [transaction.accountName, transaction.categoryName].filter(Boolean).join(' → ');
    return `${transaction.date} ${transaction.name || '(no name)'}: ${formatMoney(transaction.amountCents)}${where ? ` (${where})` : ''}`;
  });
  return `${heading}\n${lines.join('\n')}`;
}

export function writeHiringAnswer(data: HiringCostsData): string {
  const first = data.months[0];
  const last = data.months.at(-1);
  if (!first || !last || data.totalCents === 0) {
    return 'The hiring plan costs nothing in the coming months: it has no paid positions then.';
  }
  return `The hiring plan costs ${formatMoney(first.totalCents)} in ${month(first.month)} (salaries ${formatMoney(first.salariesCents)}, contractors ${formatMoney(first.contractorsCents)}, employer taxes ${formatMoney(first.employerTaxesCents)}, benefits ${formatMoney(first.benefitsCents)}), and ${formatMoney(data.totalCents)} from ${month(first.month)} to ${month(last.month)}.`;
}

/** What the offline assistant says when it did not understand. */
export const OFFLINE_HELP = `I'm ${PRODUCT_NAME}'s built-in assistant and I answer from your books and plan. Ask me about: your runway ("What is our runway?"), burn ("What's our burn?"), cash ("How much cash do we have?"), your biggest expenses ("Top spending last month", "Biggest expenses in October"), a month's income vs expense ("Income vs expense in 2026-10"), or find transactions ("Find transactions AWS").`;
