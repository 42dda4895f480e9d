import { describe, expect, it } from 'vitest';
import {
  amountInputCents,
  amountInputFromCents,
  caretAfterFormat,
  EMPTY_AMOUNT_INPUT,
  readAmountInput,
} from './amountInputValue';

const positive = (text: string) => ({ text, negative: false });

describe('readAmountInput', () => {
  it('keeps digits and adds thousands separators', () => {
    expect(readAmountInput('1234567', EMPTY_AMOUNT_INPUT)).toEqual(positive('1,234,567'));
    expect(readAmountInput('1,2345', positive('1,234'))).toEqual(positive('12,345'));
  });

  it('refuses letters and other characters', () => {
    expect(readAmountInput('12a', positive('12'))).toBeNull();
    expect(readAmountInput('1 2', positive('12'))).toBeNull();
    expect(readAmountInput('+12', positive('12'))).toBeNull();
  });

  it('refuses a second decimal point and a third decimal', () => {
    expect(readAmountInput('1.2.', positive('1.2'))).toBeNull();
    expect(readAmountInput('1.234', positive('1.23'))).toBeNull();
    expect(readAmountInput('1.23', positive('1.2'))).toEqual(positive('1.23'));
  });

  it('flips the sign for every minus typed, anywhere, without inserting it', () => {
    expect(readAmountInput('12-', positive('12'))).toEqual({ text: '12', negative: true });
    expect(readAmountInput('-12', { text: '12', negative: true })).toEqual(positive('12'));
    expect(readAmountInput('1-2', positive('12'))).toEqual({ text: '12', negative: true });
    expect(readAmountInput('-', EMPTY_AMOUNT_INPUT)).toEqual({ text: '', negative: true });
  });

  it('drops leading zeros and completes a bare decimal point', () => {
    expect(readAmountInput('007', EMPTY_AMOUNT_INPUT)).toEqual(positive('7'));
    expect(readAmountInput('.5', EMPTY_AMOUNT_INPUT)).toEqual(positive('0.5'));
    expect(readAmountInput('0.05', positive('0.0'))).toEqual(positive('0.05'));
  });

  it('refuses text longer than 23 characters as shown', () => {
    const longest = readAmountInput('123456789012345678', EMPTY_AMOUNT_INPUT);
    expect(longest).toEqual(positive('123,456,789,012,345,678'));
    expect(longest?.text).toHaveLength(23);
    expect(readAmountInput('1234567890123456789', positive('123,456,789,012,345,678'))).toBeNull();
    expect(readAmountInput('123456789012345678.', positive('123,456,789,012,345,678'))).toBeNull();
  });
});

describe('amountInputCents', () => {
  it('is null while empty and signed cents otherwise', () => {
    expect(amountInputCents(EMPTY_AMOUNT_INPUT)).toBeNull();
    expect(amountInputCents(positive('1,234.5'))).toBe(123450);
    expect(amountInputCents({ text: '0.07', negative: true })).toBe(-7);
    expect(amountInputCents(positive('12.'))).toBe(1200);
  });

  it('round-trips through amountInputFromCents', () => {
    for (const cents of [0, 5, 100, 123456, -987654321, -50]) {
      expect(amountInputCents(amountInputFromCents(cents))).toBe(cents);
    }
    expect(amountInputFromCents(-123456)).toEqual({ text: '1,234.56', negative: true });
    expect(amountInputFromCents(100000)).toEqual(positive('1,000'));
  });
});

describe('caretAfterFormat', () => {
  it('keeps the caret after the same digits when separators appear', () => {
    expect(caretAfterFormat('1234', 4, '1,234')).toBe(5);
    expect(caretAfterFormat('1234', 1, '1,234')).toBe(1);
    expect(caretAfterFormat('12-34', 3, '1,234')).toBe(3);
  });
});
