import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isLuhnValid, luhnCheckDigit } from './cardNumber';

describe('Luhn check digit', () => {
  it.each([
    ['4242424242424242', true],
    ['4000 0000 0000 0002', true],
    ['5555555555554444', true],
    ['378282246310005', true],
    ['4242424242424241', false],
    ['4000000000000000', false],
    ['42424242', false],
    ['4242-4242-4242-4242', false],
    ['', false],
  ])('%j is valid: %j', (number, valid) => {
    expect(isLuhnValid(number)).toBe(valid);
  });

  it('completes a payload into a valid number, and only its own digit does', () => {
    expect(luhnCheckDigit('424242424242424')).toBe(2);
    expect(luhnCheckDigit('400000000000000')).toBe(2);
    fc.assert(
      fc.property(fc.stringMatching(/^[0-9]{11,18}$/), (payload) => {
        const check = luhnCheckDigit(payload);
        for (let digit = 0; digit <= 9; digit += 1) {
          expect(isLuhnValid(`${payload}${digit}`)).toBe(digit === check);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('catches any single mistyped digit', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[0-9]{15}$/),
        fc.nat({ max: 15 }),
        fc.integer({ min: 1, max: 9 }),
        (payload, position, shift) => {
          const number = `${payload}${luhnCheckDigit(payload)}`;
          const changed = (Number(number[position]) + shift) % 10;
          const typo = `${number.slice(0, position)}${changed}${number.slice(position + 1)}`;
          expect(isLuhnValid(typo)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a payload that is not digits', () => {
    expect(() => luhnCheckDigit('4242 4242')).toThrow(RangeError);
    expect(() => luhnCheckDigit('')).toThrow(RangeError);
  });
});
