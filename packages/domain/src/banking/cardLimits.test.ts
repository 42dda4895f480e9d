import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_DECLINE_REASONS,
  CARD_LIMIT_MAX_CENTS,
  CARD_LIMIT_MESSAGES,
  cardLimitsSchema,
  decideCardCharge,
  describeCardLimit,
} from './cardLimits';

const active = {
  status: 'active' as const,
  dailyLimit: null,
  monthlyLimit: null,
  spentToday: 0,
  spentThisMonth: 0,
};

describe('cardLimitsSchema', () => {
  it('takes $1 to $1,000,000 or null for each limit', () => {
    expect(cardLimitsSchema.parse({ dailyLimit: 100, monthlyLimit: CARD_LIMIT_MAX_CENTS })).toEqual({
      dailyLimit: 100,
      monthlyLimit: CARD_LIMIT_MAX_CENTS,
    });
    expect(cardLimitsSchema.parse({ dailyLimit: null, monthlyLimit: null })).toEqual({
      dailyLimit: null,
      monthlyLimit: null,
    });
  });

  it('refuses a limit out of range or in fractions of a cent, naming the field', () => {
    const issue = (input: unknown) => {
      const parsed = cardLimitsSchema.safeParse(input);
      return parsed.success
        ? null
        : { path: parsed.error.issues[0]?.path, message: parsed.error.issues[0]?.message };
    };
    expect(issue({ dailyLimit: 99, monthlyLimit: null })).toEqual({
      path: ['dailyLimit'],
      message: CARD_LIMIT_MESSAGES.min('dailyLimit'),
    });
    expect(issue({ dailyLimit: null, monthlyLimit: CARD_LIMIT_MAX_CENTS + 1 })).toEqual({
      path: ['monthlyLimit'],
      message: CARD_LIMIT_MESSAGES.max('monthlyLimit'),
    });
    expect(issue({ dailyLimit: 100.5, monthlyLimit: null })?.path).toEqual(['dailyLimit']);
    expect(issue({ dailyLimit: 'a lot', monthlyLimit: null })?.path).toEqual(['dailyLimit']);
    expect(issue({ dailyLimit: 50_000, monthlyLimit: 40_000 })).toEqual({
      path: ['dailyLimit'],
      message: CARD_LIMIT_MESSAGES.dailyAboveMonthly,
    });
  });
});

describe('decideCardCharge', () => {
  it('approves within the limits, a limit reached exactly included', () => {
    const card = {
      ...active,
      dailyLimit: 10_000,
      monthlyLimit: 50_000,
      spentToday: 4_000,
      spentThisMonth: 20_000,
    };
    expect(decideCardCharge(card, 6_000)).toEqual({ approved: true });
    expect(decideCardCharge(card, 6_001)).toEqual({ approved: false, reason: CARD_DECLINE_REASONS.daily });
    expect(decideCardCharge({ ...card, spentThisMonth: 45_000 }, 5_001)).toEqual({
      approved: false,
      reason: CARD_DECLINE_REASONS.monthly,
    });
  });

  it('declines on a card that is not active, whatever its limits', () => {
    expect(decideCardCharge({ ...active, status: 'suspended' }, 1)).toEqual({
      approved: false,
      reason: CARD_DECLINE_REASONS.frozen,
    });
    expect(decideCardCharge({ ...active, status: 'inactive' }, 1).approved).toBe(false);
    expect(decideCardCharge({ ...active, status: 'canceled' }, 1).approved).toBe(false);
  });

  it('never lets approved spend pass a limit (property)', () => {
    fc.assert(
      fc.property(
        fc.option(fc.integer({ min: 100, max: 1_000_000 }), { nil: null }),
        fc.array(fc.integer({ min: 1, max: 200_000 }), { maxLength: 30 }),
        (limit, charges) => {
          let spent = 0;
          for (const amount of charges) {
            const decision = decideCardCharge(
              { ...active, dailyLimit: limit, spentToday: spent, spentThisMonth: spent },
              amount,
            );
            if (decision.approved) spent += amount;
          }
          return limit === null || spent <= limit;
        },
      ),
    );
  });

  it('describes each limit', () => {
    expect(describeCardLimit('dailyLimit', 50_000)).toBe('$500.00 a day');
    expect(describeCardLimit('monthlyLimit', null)).toBe('No monthly limit');
  });
});
