import { AMOUNT_INPUT_MAX_LENGTH, formatCentsPlain, parseAmount } from '@keel/domain';

/**
 * What the amount input holds (spec §5): `text` is what the box shows, digits with thousands
 * separators and at most 2 decimals ('1,234.5'); the sign lives apart in `negative` because typing
 * '-' flips it (shown as an icon) instead of inserting a character.
 */
export type AmountInputValue = { text: string; negative: boolean };

export const EMPTY_AMOUNT_INPUT: AmountInputValue = { text: '', negative: false };

/** Thousands separators for a run of digits: '1234567' -> '1,234,567'. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * The value after the user changed the box's text to `raw`, or null when the change is refused:
 * anything but digits, one '.', separators and '-', a third decimal, or more than 23 characters
 * shown. Every '-' in `raw` flips the sign and is dropped; separators are recomputed; leading zeros
 * go ('007' -> '7', '.5' -> '0.5').
 */
export function readAmountInput(raw: string, previous: AmountInputValue): AmountInputValue | null {
  const minusCount = raw.split('-').length - 1;
  const negative = minusCount % 2 === 1 ? !previous.negative : previous.negative;
  const body = raw.replaceAll('-', '').replaceAll(',', '');
  const match = /^(\d*)(\.(\d*))?$/.exec(body);
  if (!match) return null;
  const [, rawWhole = '', dot, fraction = ''] = match;
  if (fraction.length > 2) return null;
  let whole = rawWhole.replace(/^0+(?=\d)/, '');
  if (dot && whole === '') whole = '0';
  const text = `${groupThousands(whole)}${dot ? `.${fraction}` : ''}`;
  if (text.length > AMOUNT_INPUT_MAX_LENGTH) return null;
  return { text, negative };
}

/** Signed cents of the value; null while the box is empty. */
export function amountInputCents(value: AmountInputValue): number | null {
  if (value.text === '') return null;
  const parsed = parseAmount(value.text);
  if (!parsed.ok) return null;
  return value.negative && parsed.cents !== 0 ? -parsed.cents : parsed.cents;
}

/** The value showing signed cents: 123456 -> '1,234.56', 10000 -> '100', -50 -> '0.50' negative. */
export function amountInputFromCents(cents: number): AmountInputValue {
  const [whole = '0', fraction] = formatCentsPlain(Math.abs(cents)).split('.');
  const text = fraction === undefined ? groupThousands(whole) : `${groupThousands(whole)}.${fraction}`;
  return { text, negative: cents < 0 };
}

/**
 * Where the caret goes once `raw` (caret at `caret`) is shown as `text`: after the same number of
 * digits and decimal points, so separators appearing or a dropped '-' do not move it.
 */
export function caretAfterFormat(raw: string, caret: number, text: string): number {
  const significant = raw.slice(0, caret).replace(/[^\d.]/g, '').length;
  if (significant === 0) return 0;
  let seen = 0;
  for (let index = 0; index < text.length; index += 1) {
    if (/[\d.]/.test(text.charAt(index))) seen += 1;
    if (seen === significant) return index + 1;
  }
  return text.length;
}
