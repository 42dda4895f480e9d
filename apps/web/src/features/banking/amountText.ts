import { AMOUNT_INPUT_MAX_LENGTH } from '@keel/domain';

/**
 * The text of a money box that takes a positive amount (spec §5 'Amount input'): digits and
 * one decimal point, at most 2 decimals, at most 23 characters. `raw` is what the box would hold after
 * a keystroke or a paste; the answer is what it holds instead, or null when the change is refused (the
 * box then keeps its text): a letter, a minus, a second '.', a third decimal. Thousands separators,
 * spaces and a '$' are how amounts are written elsewhere, so a pasted '$1,234.50' reads '1234.50'.
 */
export function readAmountText(raw: string): string | null {
  const text = raw.replace(/[,\s$]/g, '');
  if (!/^\d*(\.\d{0,2})?$/.test(text)) return null;
  return text.length > AMOUNT_INPUT_MAX_LENGTH ? null : text;
}
