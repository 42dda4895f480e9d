import { CHECKING, PAID_IN_CAPITAL, SAVINGS, SBA_LOAN, TREASURY_BILLS } from './companyCatalog';
import type { GeneratedTransaction } from './generatedTransaction';
import { buildUserTransaction, formatDay, type MonthPlan, sumCashFlow } from './monthPlan';
import type { Random } from './random';

/** The financing round after the seed comes a little past the middle of the history. */
const SERIES_A_AT = 0.55;

/**
 * Sizes and books the financing: a seed round on the first day of the history and, for histories of four
 * months or more, a Series A on the 12th of a month past the middle. Rounds are sized so that checking
 * keeps a cushion of a month's outflows even if all of a month's payments left on its first day, and so
 * that checking plus savings at the end cover 14–18 months of the recent net burn.
 */
export function addFinancing(months: MonthPlan[], scale: number, random: Random): void {
  const first = months[0];
  if (!first) return;
  const checking = months.map((month) => sumCashFlow(month, CHECKING));
  const savingsEnd = months.reduce((sum, month) => sum + sumCashFlow(month, SAVINGS).net, 0);
  const cushion = Math.round(checking.reduce((sum, flow) => sum + flow.out, 0) / months.length);
  const seriesAIndex = months.length >= 4 ? Math.floor(months.length * SERIES_A_AT) : -1;

  // need[i]: what the rounds received before month i must hold for checking to stay above the cushion.
  const need: number[] = [];
  let balance = 0;
  for (const flow of checking) {
    need.push(cushion - balance + flow.out);
    balance += flow.net;
  }
  const endCashBeforeRounds = balance + savingsEnd;
  const targetCash = Math.round(random.int(14, 18) * estimateMonthlyBurn(months));
  const seedNeed = Math.max(...need.slice(0, seriesAIndex < 0 ? need.length : seriesAIndex + 1), 0);

  if (seriesAIndex < 0) {
    const seed = roundUpToNiceCents(
      Math.max(seedNeed, targetCash - endCashBeforeRounds, 100_000 * scale * 100),
    );
    first.fixed.push(
      buildRound('Series Seed Financing', 'Wire from Foundry Ventures', formatDay(first.month, 1), seed),
    );
    return;
  }
  const seed = roundUpToNiceCents(Math.max(seedNeed, 500_000 * scale * 100));
  first.fixed.push(
    buildRound('Series Seed Financing', 'Wire from Foundry Ventures', formatDay(first.month, 1), seed),
  );
  const seriesANeed = Math.max(...need.slice(seriesAIndex + 1), 0) - seed;
  const seriesA = roundUpToNiceCents(Math.max(seriesANeed, targetCash - endCashBeforeRounds - seed, 0));
  const month = months[seriesAIndex];
  if (month && seriesA > 0) {
    month.fixed.push(
      buildRound(
        'Series A Financing',
        'Wire from Lightspeed Robotics Fund',
        formatDay(month.month, 12),
        seriesA,
      ),
    );
  }
}

/**
 * Average monthly net burn (cash out less cash in, checking and savings) over the last three complete
 * months, leaving out investing and financing (Treasury purchases, the loan drawn, equity); a profitable
 * company gets its average monthly outflow instead, so the target stays positive.
 */
function estimateMonthlyBurn(months: MonthPlan[]): number {
  const complete = months.filter((month) => month.lastDay === month.daysInMonth);
  const recent = (complete.length > 0 ? complete : months).slice(-3);
  let burn = 0;
  let out = 0;
  for (const month of recent) {
    const checking = sumCashFlow(month, CHECKING, isOperating);
    burn -= checking.net + sumCashFlow(month, SAVINGS, isOperating).net;
    out += checking.out;
  }
  return burn > 0 ? burn / recent.length : out / recent.length;
}

function isOperating(transaction: GeneratedTransaction): boolean {
  return !transaction.entries.some(
    (entry) =>
      entry.account === TREASURY_BILLS ||
      entry.account === PAID_IN_CAPITAL ||
      (entry.account === SBA_LOAN && entry.amount < 0),
  );
}

/** Rounds money up to two significant digits of dollars: 3,412,007.12 → 3,500,000.00. */
function roundUpToNiceCents(cents: number): number {
  if (cents <= 0) return 0;
  const dollars = cents / 100;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(dollars)) - 1);
  return Math.ceil(dollars / step) * step * 100;
}

function buildRound(name: string, memo: string, date: string, cents: number) {
  return buildUserTransaction(name, memo, date, [
    { account: CHECKING, amount: cents, memo: 'Preferred stock' },
    { account: PAID_IN_CAPITAL, amount: -cents, memo: '' },
  ]);
}
