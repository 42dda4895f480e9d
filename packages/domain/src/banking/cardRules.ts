import { z } from 'zod';
import { PRODUCT_NAME } from '../product';
import { requiredNameSchema } from '../validation/text';

/**
 * Cards on a Keel deposit account (spec §2 /cards, §3 Card, §4 Card, §5 Card PIN). A card has a card
 * type (the provider's class, `cardType`), a kind (`type`: physical or virtual) and a status.
 */

/** Spec §2, §3: the card types the card list shows. */
export const CARD_TYPES = ['Increase::Card', 'TPrime::Card'] as const;
export type CardType = (typeof CARD_TYPES)[number];
/** The type of the cards the sandbox issuer issues (createTprimeCard); the Increase issuer's are Increase::Card. */
export const ISSUED_CARD_TYPE: CardType = 'TPrime::Card';

/** A card's `type` field (spec §3): a plastic card or a number for online use only. */
export const CARD_KINDS = ['physical', 'virtual'] as const;
export type CardKind = (typeof CARD_KINDS)[number];

/**
 * inactive: a physical card not yet activated; active: usable; suspended: frozen by the company
 * (shown 'Frozen', spec §4); canceled: closed for good.
 */
export const CARD_STATUSES = ['inactive', 'active', 'suspended', 'canceled'] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

export const CARD_STATUS_LABELS: Record<CardStatus, string> = {
  inactive: 'Inactive',
  active: 'Active',
  suspended: 'Frozen',
  canceled: 'Canceled',
};

/**
 * activate: a physical card's first activation, with a PIN (activateTprimePhysicalCard);
 * freeze: suspendTprimeCard; unfreeze: activateTprimeCard; cancel: close the card.
 */
export const CARD_ACTIONS = ['activate', 'freeze', 'unfreeze', 'cancel'] as const;
export type CardAction = (typeof CARD_ACTIONS)[number];

export type CardState = { kind: CardKind; status: CardStatus };

/** A physical card waits for its holder to activate it (spec §4); a virtual card works at once. */
export function initialCardStatus(kind: CardKind): CardStatus {
  return kind === 'physical' ? 'inactive' : 'active';
}

/** What each status allows, from the card list's buttons (spec §4) plus cancel. */
const TRANSITIONS: Record<CardStatus, Partial<Record<CardAction, CardStatus>>> = {
  inactive: { activate: 'active', cancel: 'canceled' },
  active: { freeze: 'suspended', cancel: 'canceled' },
  suspended: { unfreeze: 'active', cancel: 'canceled' },
  canceled: {},
};

export const CARD_ACTION_MESSAGES = {
  activate: 'Only an inactive physical card can be activated',
  freeze: 'Only an active card can be frozen',
  unfreeze: 'Only a frozen card can be unfrozen',
  cancel: 'This card is already canceled',
} as const satisfies Record<CardAction, string>;

/** The actions a card offers now: an inactive virtual card (not one Keel issues) can only be canceled. */
export function cardActionsFor(card: CardState): CardAction[] {
  return CARD_ACTIONS.filter((action) => changeCardStatus(card, action).ok);
}

export type CardStatusChange = { ok: true; status: CardStatus } | { ok: false; error: string };

/** The status an action leads to, or why the card refuses it. The PIN itself is cardPinSchema's. */
export function changeCardStatus(card: CardState, action: CardAction): CardStatusChange {
  const next = TRANSITIONS[card.status][action];
  if (next === undefined || (action === 'activate' && card.kind !== 'physical')) {
    return { ok: false, error: CARD_ACTION_MESSAGES[action] };
  }
  return { ok: true, status: next };
}

/** The card list's two groups (spec §2): frozen cards stay with the active ones, as they can be unfrozen. */
export function cardGroupOf(status: CardStatus): 'Active' | 'Inactive' {
  return status === 'active' || status === 'suspended' ? 'Active' : 'Inactive';
}

/**
 * The kinds a company may still create (spec §4 'A card type is offered for creation only when none of
 * that type exists'): those it holds no card of. A canceled card no longer counts, so a lost card can be
 * replaced.
 */
export function cardKindsToOffer(cards: readonly CardState[]): CardKind[] {
  const held = new Set(cards.filter((card) => card.status !== 'canceled').map((card) => card.kind));
  return CARD_KINDS.filter((kind) => !held.has(kind));
}

/**
 * Spec §2 /cards: 'Add Card shows only when a provider bank account exists and the entity lacks a
 * physical or a virtual card'.
 */
export function canAddCard(hasDepositAccount: boolean, cards: readonly CardState[]): boolean {
  return hasDepositAccount && cardKindsToOffer(cards).length > 0;
}

/** How each kind is named in the 'Create a Card' modal; also a new card's name when none is given. */
export const CARD_KIND_LABELS: Record<CardKind, string> = {
  physical: 'Physical Card',
  virtual: 'Virtual Card',
};

/** A card's name on the card list ('Ads and software', 'Travel'): ours, the spec gives no bound. */
export const ISSUED_CARD_NAME_MAX = 40;

export const CARD_ISSUE_MESSAGES = {
  kind: 'Card type must be physical or virtual',
  noAccount: `Open a ${PRODUCT_NAME} account before adding a card`,
} as const;

/** Why a kind cannot be created (spec §4: offered only when none of that type exists). */
export function cardKindHeldMessage(kind: CardKind): string {
  return `This company already has a ${kind} card`;
}

/**
 * createTprimeCard's input: the kind (the spec's `cardType` argument is physical or virtual; the card's
 * own cardType is ISSUED_CARD_TYPE) and an optional name, by default the kind's label.
 */
export const cardIssueSchema = z.object({
  cardType: z.enum(CARD_KINDS, { error: CARD_ISSUE_MESSAGES.kind }),
  name: requiredNameSchema('Card name', ISSUED_CARD_NAME_MAX).optional(),
});
export type CardIssue = z.infer<typeof cardIssueSchema>;

/** Null when the company may get a card of this kind now, else why not. */
export function checkCardKindAvailable(cards: readonly CardState[], kind: CardKind): string | null {
  return cardKindsToOffer(cards).includes(kind) ? null : cardKindHeldMessage(kind);
}

/**
 * How long a revealed number and CVV stay on screen, and how long the single-use token that reveals
 * them lives (ours: the spec says only 'via a secure token').
 */
export const CARD_REVEAL_SECONDS = 60;

/** A card's expiration as the card shows it, 'MM/YY' (spec §3). */
export function formatCardExpiration(month: number, year: number): string {
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || year < 0) {
    throw new RangeError(`Not a card expiration: ${month}/${year}`);
  }
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

export const CARD_PIN_LENGTH = 4;

/** Spec §5 'Card PIN', word for word. */
export const CARD_PIN_MESSAGES = {
  required: 'Card PIN is required',
  length: 'Card PIN must be 4 digits long',
  numeric: 'Card PIN must be numeric',
} as const;

/** A card PIN: required, exactly 4 characters, digits only (spec §5; no weak-PIN rule there). */
export const cardPinSchema = z
  .string({ error: CARD_PIN_MESSAGES.required })
  .min(1, { error: CARD_PIN_MESSAGES.required, abort: true })
  .length(CARD_PIN_LENGTH, { error: CARD_PIN_MESSAGES.length, abort: true })
  .regex(/^\d+$/, CARD_PIN_MESSAGES.numeric);

/** activateTprimePhysicalCard's input: the card and the PIN its holder chose. */
export const cardActivationSchema = z.object({
  id: z.string({ error: 'Card is required' }).trim().min(1, 'Card is required'),
  pin: cardPinSchema,
});
export type CardActivation = z.infer<typeof cardActivationSchema>;
