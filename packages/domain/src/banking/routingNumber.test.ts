import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abaCheckDigit, isAbaRoutingNumber } from './routingNumber';

describe('isAbaRoutingNumber', () => {
  it.each(['021000021', '011000015', '121000358', '322271627', '026009593', '000000000'])(
    'accepts %s',
    (number) => {
      expect(isAbaRoutingNumber(number)).toBe(true);
    },
  );

  it.each([
    ['021000022', 'wrong check digit'],
    ['02100002', '8 digits'],
    ['0210000211', '10 digits'],
    ['02100002a', 'a letter'],
    ['130000003', 'prefix 13 is no routing symbol'],
    ['500000005', 'prefix 50 is no routing symbol'],
  ])('refuses %s (%s)', (number) => {
    expect(isAbaRoutingNumber(number)).toBe(false);
  });

  it('finds every single-digit typo', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^(0\d|1[0-2])\d{6}$/),
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (firstEight, position, shift) => {
          const valid = `${firstEight}${abaCheckDigit(firstEight)}`;
          expect(isAbaRoutingNumber(valid)).toBe(true);
          const digit = (Number(valid[position]) + shift) % 10;
          const typo = `${valid.slice(0, position)}${digit}${valid.slice(position + 1)}`;
          // A typo in the prefix may leave the Federal Reserve ranges; either way it is refused.
          expect(isAbaRoutingNumber(typo)).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses a check digit asked of anything but 8 digits', () => {
    expect(() => abaCheckDigit('1234567')).toThrow(RangeError);
  });
});
