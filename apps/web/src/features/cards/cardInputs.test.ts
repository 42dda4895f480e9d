import { CARD_LIMIT_MESSAGES } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { amountCharacters, parseLimitsForm, pinCharacters } from './cardInputs';

describe('the cards page boxes', () => {
  it('keeps only digits in a PIN, 4 at most', () => {
    expect(pinCharacters('12ab34')).toBe('1234');
    expect(pinCharacters('abcd')).toBe('');
    expect(pinCharacters('1 2-3')).toBe('123');
    expect(pinCharacters('123456')).toBe('1234');
  });

  it('keeps digits and one decimal point in a limit, 2 decimals at most', () => {
    expect(amountCharacters('$1,250.505')).toBe('1250.50');
    expect(amountCharacters('1.2.3')).toBe('1.23');
    expect(amountCharacters('abc')).toBe('');
    expect(amountCharacters('-500')).toBe('500');
  });

  it('reads the limits to cents, empty as no limit, with the rules the server applies', () => {
    expect(parseLimitsForm({ dailyLimit: '500', monthlyLimit: '' })).toEqual({
      ok: true,
      limits: { dailyLimit: 50_000, monthlyLimit: null },
    });
    expect(parseLimitsForm({ dailyLimit: '0.5', monthlyLimit: '' })).toEqual({
      ok: false,
      errors: { dailyLimit: CARD_LIMIT_MESSAGES.min('dailyLimit') },
    });
    expect(parseLimitsForm({ dailyLimit: '600', monthlyLimit: '500' })).toEqual({
      ok: false,
      errors: { dailyLimit: CARD_LIMIT_MESSAGES.dailyAboveMonthly },
    });
    expect(parseLimitsForm({ dailyLimit: '', monthlyLimit: '2000000' })).toEqual({
      ok: false,
      errors: { monthlyLimit: CARD_LIMIT_MESSAGES.max('monthlyLimit') },
    });
  });
});
