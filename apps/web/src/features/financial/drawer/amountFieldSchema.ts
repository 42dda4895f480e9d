import { AMOUNT_NOT_ZERO, parseAmount } from '@keel/domain';
import { z } from 'zod';
import { amountInputCents } from './amountInputValue';

/**
 * An AmountInput's value as a form field: an amount is required, not zero, at most MAX_ENTRY_CENTS.
 * Each failure says which: an amount past the limit names the limit, never 'required'.
 */
export const amountFieldSchema = z
  .object({ text: z.string(), negative: z.boolean() })
  .superRefine((value, context) => {
    const parsed = parseAmount(value.text);
    if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.error });
    else if (parsed.cents === 0) context.addIssue({ code: 'custom', message: AMOUNT_NOT_ZERO });
  });

/** Signed cents of a validated amount field (0 only if called on an invalid value). */
export function amountFieldCents(value: { text: string; negative: boolean }): number {
  return amountInputCents(value) ?? 0;
}
