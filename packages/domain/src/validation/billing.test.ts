import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_MESSAGES,
  cardBrandOf,
  passesLuhn,
  paymentCardSchema,
  SANDBOX_TEST_CARDS,
  sandboxCardOutcome,
} from './billing';

const TODAY = '2026-11-22';
const schema = paymentCardSchema(TODAY);
const good = { number: '4242 4242 4242 4242', expiry: '12 / 30', cvc: '123', name: 'Ada Lovelace' };

function issuesOf(form: Record<string, string>) {
  const parsed = schema.safeParse(form);
  if (parsed.success) return {};
  return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
}

describe('paymentCardSchema', () => {
  it('keeps the digits, the expiry as numbers, the brand and the last four', () => {
    expect(schema.parse(good)).toEqual({
      number: '4242424242424242',
      expMonth: 12,
      expYear: 2030,
      cvc: '123',
      name: 'Ada Lovelace',
      brand: 'visa',
      last4: '4242',
    });
  });

  it('says what is wrong with every field at once', () => {
    expect(issuesOf({ number: '4242', expiry: '13/30', cvc: '12', name: ' ' })).toEqual({
      number: CARD_MESSAGES.numberRequired,
      expiry: CARD_MESSAGES.expiryRequired,
      cvc: CARD_MESSAGES.cvcIncomplete,
      name: CARD_MESSAGES.nameRequired,
    });
    expect(issuesOf({ ...good, number: '4242 4242 4242 4241' })).toEqual({
      number: CARD_MESSAGES.numberInvalid,
    });
  });

  it('refuses an expiry before this month and takes this month', () => {
    expect(issuesOf({ ...good, expiry: '10/26' })).toEqual({ expiry: CARD_MESSAGES.expiryPast });
    expect(issuesOf({ ...good, expiry: '11/2026' })).toEqual({});
    expect(issuesOf({ ...good, expiry: '01/99' })).toEqual({ expiry: CARD_MESSAGES.expiryYearInvalid });
  });

  it('wants 3 digits of security code, 4 on American Express', () => {
    expect(issuesOf({ ...good, cvc: '1234' })).toEqual({ cvc: CARD_MESSAGES.cvcIncomplete });
    expect(issuesOf({ ...good, number: '3782 822463 10005', cvc: '1234' })).toEqual({});
    expect(issuesOf({ ...good, number: '3782 822463 10005', cvc: '123' })).toEqual({
      cvc: CARD_MESSAGES.cvcIncomplete,
    });
  });

  it('never keeps anything but digits of the number, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), fc.string(), (number, expiry, cvc, name) => {
        const parsed = schema.safeParse({ number, expiry, cvc, name });
        if (parsed.success) {
          expect(parsed.data.number).toMatch(/^\d{12,19}$/);
          expect(passesLuhn(parsed.data.number)).toBe(true);
          expect(parsed.data.last4).toBe(parsed.data.number.slice(-4));
        }
      }),
      { numRuns: 200 },
    );
  });
});

describe('test cards', () => {
  it('are valid numbers of the brand they say', () => {
    for (const card of SANDBOX_TEST_CARDS) {
      expect(passesLuhn(card.number), card.number).toBe(true);
      expect(card.label.toLowerCase()).toContain(
        cardBrandOf(card.number) === 'amex' ? 'american express' : cardBrandOf(card.number),
      );
    }
  });

  it('succeed with 4242…, are declined with 4000…0002 as Stripe says, and a real card is refused', () => {
    expect(sandboxCardOutcome('4242424242424242')).toEqual({ kind: 'succeeds' });
    expect(sandboxCardOutcome('4000000000000002')).toMatchObject({ message: 'Your card was declined.' });
    expect(sandboxCardOutcome('4111111111111111')).toMatchObject({ kind: 'declined' });
  });
});
