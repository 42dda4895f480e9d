import type { Cents } from '@keel/domain';

/**
 * What the simulated card holders buy, drawn with a seeded random sequence (seededRandom.ts): repeatable
 * from a seed, so the same institution, account and day always give the same purchases.
 */

/** A restaurant's bill posts with the tip added. */
const TIP = 1.18;

export const dollars = (random: () => number, min: number, max: number): Cents =>
  Math.round((min + random() * (max - min)) * 100);

type Merchant = { name: string; category: string; min: number; max: number; weight: number; tip?: number };

const CARD_MERCHANTS: readonly Merchant[] = [
  { name: 'Uber', category: 'Travel', min: 12, max: 68, weight: 5 },
  { name: 'Lyft', category: 'Travel', min: 11, max: 54, weight: 3 },
  { name: 'Blue Bottle Coffee', category: 'Meals', min: 5, max: 18, weight: 5 },
  { name: 'Sweetgreen', category: 'Meals', min: 13, max: 28, weight: 4 },
  { name: 'Nopa', category: 'Meals', min: 85, max: 260, weight: 2, tip: TIP },
  { name: 'Zuni Cafe', category: 'Meals', min: 60, max: 190, weight: 1, tip: TIP },
  { name: 'Staples', category: 'Office Supplies', min: 18, max: 210, weight: 2 },
  { name: 'Delta Air Lines', category: 'Travel', min: 240, max: 880, weight: 1 },
  { name: 'Marriott', category: 'Travel', min: 180, max: 620, weight: 1 },
];

/** Monthly subscriptions billed to a card: day of month, name, cents. */
export const CARD_SUBSCRIPTIONS: readonly [number, string, Cents][] = [
  [4, 'GitHub', 84_00],
  [11, 'Zoom', 149_90],
  [16, 'Figma', 75_00],
  [21, 'Notion', 96_00],
];

export const pickCardMerchant = (random: () => number): Merchant => {
  const total = CARD_MERCHANTS.reduce((sum, merchant) => sum + merchant.weight, 0);
  let left = random() * total;
  for (const merchant of CARD_MERCHANTS) {
    left -= merchant.weight;
    if (left < 0) return merchant;
  }
  return CARD_MERCHANTS[0] as Merchant;
};
