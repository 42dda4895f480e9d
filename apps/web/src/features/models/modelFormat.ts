import {
  describeMonth,
  FORMULA_ERROR_TEXT,
  isMonthKey,
  type MonthKey,
  modelValueToCents,
  monthKeyOfSerial,
} from '@keel/domain';
import type { InputType } from './modelQueries';

/** A month of the model as headers and pickers show it: 'Mar 2026'. */
export function monthLabel(month: MonthKey): string {
  const { short, year } = describeMonth(month);
  return `${short} ${year}`;
}

/** One evaluated cell as the Model query returns it. */
export type CellView = { value: number | null; text: string | null; error: string | null };

const formatters = new Map<string, Intl.NumberFormat>();

function numberFormat(decimals: number, style: 'decimal' | 'currency'): Intl.NumberFormat {
  const key = `${style}:${decimals}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', {
      style,
      ...(style === 'currency' ? { currency: 'USD' } : {}),
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(key, format);
  }
  return format;
}

/**
 * A number as the data grid and the inputs show it, by the variable's type and decimal places (spec §5:
 * thousands separators): number and formula 1,234.5; currency $1,234.50; percent (held as a fraction)
 * 3.5%; month (held as its serial) Mar 2026.
 */
export function formatModelNumber(value: number, inputType: InputType, decimalPlaces: number): string {
  switch (inputType) {
    case 'percent':
      return `${numberFormat(decimalPlaces, 'decimal').format(value * 100)}%`;
    case 'currency':
      return numberFormat(decimalPlaces, 'currency').format(value);
    case 'month': {
      if (!Number.isInteger(value)) return numberFormat(decimalPlaces, 'decimal').format(value);
      const month = monthKeyOfSerial(value);
      return isMonthKey(month) ? monthLabel(month) : String(value);
    }
    default:
      return numberFormat(decimalPlaces, 'decimal').format(value);
  }
}

/** A grid cell's text: '#ERROR' for a failure, a formula's text or TRUE/FALSE as is, a number formatted. */
export function formatCellView(cell: CellView, inputType: InputType, decimalPlaces: number): string {
  if (cell.error !== null) return FORMULA_ERROR_TEXT;
  if (cell.text !== null) return cell.text;
  if (cell.value === null) return '';
  return formatModelNumber(cell.value, inputType, decimalPlaces);
}

/** What an output writes into the report for a cell: the value in dollars and cents, as the report shows it. */
export function formatOutputCell(cell: CellView): string {
  if (cell.error !== null) return FORMULA_ERROR_TEXT;
  if (cell.value === null) return '';
  return numberFormat(2, 'currency').format(modelValueToCents(cell.value) / 100);
}
