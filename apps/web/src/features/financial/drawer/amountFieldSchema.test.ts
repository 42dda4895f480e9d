import { AMOUNT_NOT_ZERO, AMOUNT_TOO_LARGE } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { amountFieldSchema } from './amountFieldSchema';

const messageOf = (text: string, negative = false) =>
  amountFieldSchema.safeParse({ text, negative }).error?.issues[0]?.message;

describe('amountFieldSchema', () => {
  it('says which rule an amount breaks', () => {
    expect(messageOf('')).toBe('Amount is required');
    expect(messageOf('0.00')).toBe(AMOUNT_NOT_ZERO);
    expect(messageOf('100,000,000,000.01')).toBe(AMOUNT_TOO_LARGE);
    expect(messageOf('999,999,999,999,999.99', true)).toBe(AMOUNT_TOO_LARGE);
    expect(AMOUNT_TOO_LARGE).toContain('$100,000,000,000.00');
  });

  it('takes the largest amount and its negative', () => {
    expect(messageOf('100,000,000,000.00')).toBeUndefined();
    expect(messageOf('100,000,000,000', true)).toBeUndefined();
  });
});
