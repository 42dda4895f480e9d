import { z } from 'zod';
import { formatCents } from '../money';
import type { CardStatus } from './cardRules';

/**
 * A card's spending limits: a daily and a monthly cap on its approved
 * charges, in cents, each optional (null: no limit). The day and month are the company's, in its
 * time zone. A charge is approved only when it keeps the card's approved spend of the day and of
 * the month within both limits; Keel decides it at authorization (decideCardCharge), whoever issued
 * the card.
 */

/** The smallest limit: $1. */
export const CARD_LIMIT_MIN_CENTS = 100;
/** The largest limit: $1,000,000 (ours: far above a small business's card spend, well inside a bigint). */
export const CARD_LIMIT_MAX_CENTS = 100_000_000;

/** The largest single charge the sandbox's charge route takes: $100,000 (ours). */
export const CARD_CHARGE_MAX_CENTS = 10_000_000;
/** A merchant's name as a charge carries it (card networks send at most 22 characters; ours allows more). */
export const CARD_MERCHANT_MAX_LENGTH = 100;

export const CARD_LIMIT_FIELDS = ['dailyLimit', 'monthlyLimit'] as const;
export type CardLimitField = (typeof CARD_LIMIT_FIELDS)[number];

const LIMIT_LABELS: Record<CardLimitField, string> = {
  dailyLimit: 'Daily limit',
  monthlyLimit: 'Monthly limit',
};

export const CARD_LIMIT_MESSAGES = {
  wholeCents: (field: CardLimitField) => `${LIMIT_LABELS[field]} must be a whole number of cents`,
  min: (field: CardLimitField) =>
    `${LIMIT_LABELS[field]} must be at least ${formatCents(CARD_LIMIT_MIN_CENTS)}`,
  max: (field: CardLimitField) =>
    `${LIMIT_LABELS[field]} must be at most ${formatCents(CARD_LIMIT_MAX_CENTS)}`,
  number: (field: CardLimitField) => `${LIMIT_LABELS[field]} must be an amount or empty`,
  dailyAboveMonthly: 'Daily limit cannot be above the monthly limit',
} as const;

function limitSchema(field: CardLimitField) {
  return z
    .number({ error: CARD_LIMIT_MESSAGES.number(field) })
    .int(CARD_LIMIT_MESSAGES.wholeCents(field))
    .min(CARD_LIMIT_MIN_CENTS, CARD_LIMIT_MESSAGES.min(field))
    .max(CARD_LIMIT_MAX_CENTS, CARD_LIMIT_MESSAGES.max(field))
    .nullable();
}

/**
 * setCardLimits' input: both limits, each null for none. A daily limit above the monthly one could
 * never be reached, so it is refused (on `dailyLimit`).
 */
export const cardLimitsSchema = z
  .object({ dailyLimit: limitSchema('dailyLimit'), monthlyLimit: limitSchema('monthlyLimit') })
  .superRefine((limits, ctx) => {
    if (
      limits.dailyLimit !== null &&
      limits.monthlyLimit !== null &&
      limits.dailyLimit > limits.monthlyLimit
    ) {
      ctx.addIssue({ code: 'custom', message: CARD_LIMIT_MESSAGES.dailyAboveMonthly, path: ['dailyLimit'] });
    }
  });
export type CardLimits = z.infer<typeof cardLimitsSchema>;

/** Why a charge is declined: the card's state first, then its limits (the words the card's list shows). */
export const CARD_DECLINE_REASONS = {
  inactive: 'Card is not activated',
  frozen: 'Card is frozen',
  canceled: 'Card is canceled',
  daily: 'Card daily limit exceeded',
  monthly: 'Card monthly limit exceeded',
} as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[keyof typeof CARD_DECLINE_REASONS];

export type CardChargeContext = CardLimits & {
  status: CardStatus;
  /** The card's approved charges of the company's day and month so far, in cents. */
  spentToday: number;
  spentThisMonth: number;
};

export type CardChargeDecision = { approved: true } | { approved: false; reason: CardDeclineReason };

/**
 * Whether a charge of `amount` cents is approved: only on an active card, and only when the day's and
 * the month's approved spend with it stay within the limits (a charge that reaches a limit exactly is
 * approved). Declined charges never count towards a limit.
 */
export function decideCardCharge(card: CardChargeContext, amount: number): CardChargeDecision {
  if (card.status === 'inactive') return { approved: false, reason: CARD_DECLINE_REASONS.inactive };
  if (card.status === 'suspended') return { approved: false, reason: CARD_DECLINE_REASONS.frozen };
  if (card.status === 'canceled') return { approved: false, reason: CARD_DECLINE_REASONS.canceled };
  if (card.dailyLimit !== null && card.spentToday + amount > card.dailyLimit) {
    return { approved: false, reason: CARD_DECLINE_REASONS.daily };
  }
  if (card.monthlyLimit !== null && card.spentThisMonth + amount > card.monthlyLimit) {
    return { approved: false, reason: CARD_DECLINE_REASONS.monthly };
  }
  return { approved: true };
}

/** How a limit reads on a card: '$500.00 a day', 'No daily limit'. */
export function describeCardLimit(field: CardLimitField, cents: number | null): string {
  const period = field === 'dailyLimit' ? 'daily' : 'monthly';
  if (cents === null) return `No ${period} limit`;
  return `${formatCents(cents)} ${field === 'dailyLimit' ? 'a day' : 'a month'}`;
}
