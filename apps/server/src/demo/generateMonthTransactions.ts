import { CARD, CHECKING, SERVICES, STRIPE_FEES, SUBSCRIPTIONS, type VariableFlow } from './companyCatalog';
import type { GeneratedEntry, GeneratedTransaction } from './generatedTransaction';
import { buildImportedTransaction, formatDay, type MonthPlan } from './monthPlan';
import type { Random } from './random';
import { splitCents } from './splitCents';

/** Numbering that runs across months, such as invoice numbers. */
export type GeneratorCounters = { invoice: number };

/**
 * All transactions of one planned month, by date: its fixed transactions and its variable ones, whose
 * amounts (log-normally spread, so a few are large and many small) add up to each flow's budget exactly.
 */
export function generateMonthTransactions(
  month: MonthPlan,
  random: Random,
  counters: GeneratorCounters,
): GeneratedTransaction[] {
  const days = Array.from({ length: month.lastDay }, (_, i) => formatDay(month.month, i + 1));
  const out: GeneratedTransaction[] = [...month.fixed];
  for (const budget of month.variable) {
    if (budget.count === 0) continue;
    const weights = Array.from({ length: budget.count }, () => Math.exp(0.6 * random.normal()));
    const amounts = splitCents(budget.cents, weights);
    const fees = budget.flow.kind === 'stripePayout' ? splitCents(budget.feeCents, amounts) : null;
    amounts.forEach((amount, i) => {
      const date = days[random.int(0, days.length - 1)] ?? `${month.month}-01`;
      out.push(buildVariableTransaction(budget.flow, amount, fees?.[i] ?? 0, date, random, counters));
    });
  }
  out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return out;
}

function buildVariableTransaction(
  flow: VariableFlow,
  amount: number,
  fee: number,
  date: string,
  random: Random,
  counters: GeneratorCounters,
): GeneratedTransaction {
  const vendor = random.pick(flow.vendors);
  const memo = flow.memos.length > 0 && random.chance(flow.memoChance) ? random.pick(flow.memos) : '';
  let entries: GeneratedEntry[];
  if (flow.kind === 'stripePayout') {
    entries = [
      { account: CHECKING, amount: amount - fee, memo: 'Net payout' },
      { account: STRIPE_FEES, amount: fee, memo: 'Processing fees' },
      { account: SUBSCRIPTIONS, amount: -amount, memo: 'Gross charges' },
    ];
  } else if (flow.kind === 'invoice') {
    counters.invoice += 1;
    const invoiceMemo = `Invoice INV-${counters.invoice}${memo ? ` · ${memo}` : ''}`;
    return buildImportedTransaction(random, vendor, invoiceMemo, date, [
      { account: CHECKING, amount, memo: '' },
      { account: SERVICES, amount: -amount, memo: '' },
    ]);
  } else {
    entries = [
      { account: flow.account, amount, memo: '' },
      { account: flow.via === 'card' ? CARD : CHECKING, amount: -amount, memo: '' },
    ];
  }
  return buildImportedTransaction(random, vendor, memo, date, entries);
}
