import { formatCentsPlain, type MonthKey, parseAmount } from '@keel/domain';
import type { ReportColumnView, ReportLineItemView } from '../reportQuery';

/**
 * Whether a cell can be edited in place (spec §5 'Inline cell edit'): a month cell after the actuals
 * cutoff, on an account row that takes forecasts (not financial, not a section or expression).
 */
export function isForecastCellEditable(
  row: Pick<ReportLineItemView, 'accountId' | 'isFinancial' | 'itemType'>,
  column: Pick<ReportColumnView, 'period' | 'key'>,
  actualsEndMonth: MonthKey,
): boolean {
  if (!row.accountId || row.isFinancial) return false;
  if (row.itemType !== 'Account' && row.itemType !== 'AccountTree') return false;
  return column.period === 'month' && column.key > actualsEndMonth;
}

/**
 * What the inline editor starts with: the cell's exact figure, cents included when it has any
 * ('2046.85', '1200'), so committing it unchanged changes nothing and no cent is lost.
 */
export function forecastEditText(cents: number): string {
  return formatCentsPlain(cents);
}

type ForecastEditOutcome =
  | { kind: 'unchanged' }
  | { kind: 'invalid'; error: string }
  /** `amount`: the change in units (2 decimals at most), debit-positive, as adjustForecastCell takes it. */
  | { kind: 'forecast'; amount: number };

/**
 * Committing an inline edit makes the cell show what was typed: the difference goes to the cell's
 * Adjustment forecast. Figures are shown as raw cents times the row's sign (±1), so the raw amount is
 * the shown difference times the sign. Text left as it started changes nothing.
 */
export function forecastEditOutcome(
  text: string,
  initialText: string,
  currentCents: number,
  sign: number,
): ForecastEditOutcome {
  if (text.trim() === initialText.trim()) return { kind: 'unchanged' };
  const parsed = parseAmount(text);
  if (!parsed.ok) return { kind: 'invalid', error: parsed.error };
  const shownDelta = parsed.cents - currentCents;
  if (shownDelta === 0) return { kind: 'unchanged' };
  return { kind: 'forecast', amount: (shownDelta * (sign < 0 ? -1 : 1)) / 100 };
}
