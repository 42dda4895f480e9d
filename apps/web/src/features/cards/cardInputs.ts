import { CARD_PIN_LENGTH, type CardLimitField, cardLimitsSchema, parseAmount } from '@keel/domain';

/**
 * What the cards page's boxes let a person type (the PIN takes digits only; spec §5:
 * amounts take digits and one decimal point only). Anything else typed or pasted is dropped as it
 * arrives, so the box never holds a character the form would refuse for its kind.
 */

/** A card PIN as typed: digits only, at most CARD_PIN_LENGTH of them. */
export function pinCharacters(typed: string): string {
  return typed.replace(/\D/g, '').slice(0, CARD_PIN_LENGTH);
}

/** The longest a limit box gets: '1000000.00'. */
export const LIMIT_INPUT_MAX_LENGTH = 10;

/** An amount as typed into a limit box: digits and one decimal point, at most 2 decimals. */
export function amountCharacters(typed: string): string {
  const kept = typed.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  const text =
    point === -1
      ? kept
      : `${kept.slice(0, point)}.${kept
          .slice(point + 1)
          .replace(/\./g, '')
          .slice(0, 2)}`;
  return text.slice(0, LIMIT_INPUT_MAX_LENGTH);
}

export type LimitsForm = Record<CardLimitField, string>;

type ParsedLimits =
  | { ok: true; limits: { dailyLimit: number | null; monthlyLimit: number | null } }
  | { ok: false; errors: Partial<Record<CardLimitField, string>> };

/** The limit boxes read to cents (empty: no limit), checked by the domain's rules as the server checks them. */
export function parseLimitsForm(form: LimitsForm): ParsedLimits {
  const errors: Partial<Record<CardLimitField, string>> = {};
  const cents: Record<CardLimitField, number | null> = { dailyLimit: null, monthlyLimit: null };
  for (const field of ['dailyLimit', 'monthlyLimit'] as const) {
    const text = form[field].trim();
    if (text === '') continue;
    const parsed = parseAmount(text);
    if (parsed.ok) cents[field] = parsed.cents;
    else errors[field] = parsed.error;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const checked = cardLimitsSchema.safeParse(cents);
  if (checked.success) return { ok: true, limits: checked.data };
  for (const issue of checked.error.issues) {
    const field = issue.path[0] as CardLimitField;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}
