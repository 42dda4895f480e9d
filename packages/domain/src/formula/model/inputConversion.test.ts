import { describe, expect, it } from 'vitest';
import { convertedDecimalPlaces, findInputConversionProblem } from './inputConversion';
import type { ModelInputType } from './modelTypes';

const TYPES: ModelInputType[] = ['number', 'percent', 'currency', 'month', 'list', 'link'];

describe('findInputConversionProblem', () => {
  it('lets number, percentage and currency become each other, except a share and an amount of money', () => {
    expect(findInputConversionProblem('percent', 'number', true)).toBeNull();
    expect(findInputConversionProblem('number', 'percent', true)).toBeNull();
    expect(findInputConversionProblem('number', 'currency', true)).toBeNull();
    expect(findInputConversionProblem('currency', 'number', true)).toBeNull();
    expect(findInputConversionProblem('percent', 'currency', true)).toBe(
      'A share is not an amount of money: clear the value first, or add a new Currency input.',
    );
    expect(findInputConversionProblem('currency', 'percent', true)).toBe(
      'An amount of money is not a share: clear the value first, or add a new Percentage input.',
    );
  });

  it('refuses a month and a number becoming each other while the input holds a value', () => {
    expect(findInputConversionProblem('month', 'number', true)).toBe(
      'A month is not a number: clear the value first, or add a new Number input.',
    );
    expect(findInputConversionProblem('percent', 'month', true)).toBe(
      'A number is not a month: clear the value first, or add a new Month input.',
    );
  });

  it('converts an empty input, and an input to its own type, freely', () => {
    for (const from of TYPES) {
      for (const to of TYPES) expect(findInputConversionProblem(from, to, false)).toBeNull();
      expect(findInputConversionProblem(from, from, true)).toBeNull();
    }
  });
});

describe('convertedDecimalPlaces', () => {
  it('moves decimals by two between a percentage and a number, so 5.0% shows as 0.050', () => {
    expect(convertedDecimalPlaces('percent', 'number', 1)).toBe(3);
    expect(convertedDecimalPlaces('number', 'percent', 3)).toBe(1);
    expect(convertedDecimalPlaces('number', 'percent', 0)).toBe(0);
    expect(convertedDecimalPlaces('percent', 'currency', 5)).toBe(6);
    expect(convertedDecimalPlaces('number', 'currency', 2)).toBe(2);
    expect(convertedDecimalPlaces('month', 'number', 0)).toBe(0);
  });
});
