import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCardNumber, MASKED_CVV, maskAccountNumber, maskCardNumber } from './masking';

describe('maskAccountNumber', () => {
  it.each([
    ['123456789012', '********9012'],
    ['123456789', '********9'],
    ['12345678', '********'],
    ['1234', '****'],
    ['', ''],
  ])('%j shows from the ninth character on: %j', (number, masked) => {
    expect(maskAccountNumber(number)).toBe(masked);
  });

  it('keeps the length, hides the first eight characters and shows every one after', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9A-Z]{0,20}$/), (number) => {
        const masked = maskAccountNumber(number);
        expect(masked).toHaveLength(number.length);
        expect(masked.slice(0, 8)).toBe('*'.repeat(Math.min(8, number.length)));
        expect(masked.slice(8)).toBe(number.slice(8));
      }),
      { numRuns: 200 },
    );
  });
});

describe('maskCardNumber', () => {
  it.each([
    ['4242424242424242', '**** **** **** 4242'],
    ['4242 4242 4242 1234', '**** **** **** 1234'],
    ['1234', '**** **** **** 1234'],
    ['', '**** **** **** ****'],
  ])('%j shows only the last 4 digits: %j', (number, masked) => {
    expect(maskCardNumber(number)).toBe(masked);
  });

  it('never shows more than the last 4 digits of a full number', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{16}$/), (number) => {
        expect(maskCardNumber(number).replace(/\D/g, '')).toBe(number.slice(-4));
      }),
      { numRuns: 100 },
    );
  });
});

describe('card reveal', () => {
  it('shows a revealed number in groups of 4 and a hidden CVV as ***', () => {
    expect(formatCardNumber('4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('')).toBe('');
    expect(MASKED_CVV).toBe('***');
  });
});
