import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CARD_ACTION_MESSAGES,
  CARD_ACTIONS,
  CARD_ISSUE_MESSAGES,
  CARD_KIND_LABELS,
  CARD_KINDS,
  CARD_PIN_MESSAGES,
  CARD_STATUSES,
  type CardState,
  canAddCard,
  cardActionsFor,
  cardActivationSchema,
  cardGroupOf,
  cardIssueSchema,
  cardKindsToOffer,
  cardPinSchema,
  changeCardStatus,
  checkCardKindAvailable,
  formatCardExpiration,
  ISSUED_CARD_NAME_MAX,
  initialCardStatus,
} from './cardRules';

const messages = (value: unknown) =>
  cardPinSchema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('cardPinSchema', () => {
  it.each(['1234', '0000', '1111'])('accepts %s (the spec has no weak-PIN rule)', (pin) => {
    expect(cardPinSchema.parse(pin)).toBe(pin);
  });

  it.each([
    [undefined, [CARD_PIN_MESSAGES.required]],
    ['', [CARD_PIN_MESSAGES.required]],
    ['123', [CARD_PIN_MESSAGES.length]],
    ['12345', [CARD_PIN_MESSAGES.length]],
    ['12a4', [CARD_PIN_MESSAGES.numeric]],
    [' 123', [CARD_PIN_MESSAGES.numeric]],
    ['abc', [CARD_PIN_MESSAGES.length]],
  ])('%j: %j', (pin, expected) => {
    expect(messages(pin)).toEqual(expected);
  });

  it('accepts exactly the strings of 4 ASCII digits', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 6 }), (pin) => {
        expect(cardPinSchema.safeParse(pin).success).toBe(/^[0-9]{4}$/.test(pin));
      }),
      { numRuns: 300 },
    );
  });

  it('is the activation input with the card id', () => {
    expect(cardActivationSchema.safeParse({ id: 'card_1', pin: '12' }).error?.issues[0]?.message).toBe(
      CARD_PIN_MESSAGES.length,
    );
    expect(cardActivationSchema.parse({ id: 'card_1', pin: '2468' })).toEqual({ id: 'card_1', pin: '2468' });
  });
});

describe('card status', () => {
  it('starts a physical card inactive and a virtual card active', () => {
    expect(initialCardStatus('physical')).toBe('inactive');
    expect(initialCardStatus('virtual')).toBe('active');
  });

  it('activates an inactive physical card, freezes and unfreezes, and cancels for good', () => {
    const physical: CardState = { kind: 'physical', status: 'inactive' };
    expect(changeCardStatus(physical, 'activate')).toEqual({ ok: true, status: 'active' });
    expect(changeCardStatus({ kind: 'physical', status: 'active' }, 'freeze')).toEqual({
      ok: true,
      status: 'suspended',
    });
    expect(changeCardStatus({ kind: 'virtual', status: 'suspended' }, 'unfreeze')).toEqual({
      ok: true,
      status: 'active',
    });
    for (const action of CARD_ACTIONS) {
      expect(changeCardStatus({ kind: 'virtual', status: 'canceled' }, action)).toEqual({
        ok: false,
        error: CARD_ACTION_MESSAGES[action],
      });
    }
  });

  it('refuses what a status does not allow', () => {
    expect(changeCardStatus({ kind: 'virtual', status: 'inactive' }, 'activate')).toEqual({
      ok: false,
      error: CARD_ACTION_MESSAGES.activate,
    });
    expect(changeCardStatus({ kind: 'physical', status: 'active' }, 'activate').ok).toBe(false);
    expect(changeCardStatus({ kind: 'physical', status: 'suspended' }, 'freeze').ok).toBe(false);
    expect(changeCardStatus({ kind: 'physical', status: 'active' }, 'unfreeze').ok).toBe(false);
  });

  it('offers the buttons of each status', () => {
    expect(cardActionsFor({ kind: 'physical', status: 'inactive' })).toEqual(['activate', 'cancel']);
    expect(cardActionsFor({ kind: 'virtual', status: 'inactive' })).toEqual(['cancel']);
    expect(cardActionsFor({ kind: 'virtual', status: 'active' })).toEqual(['freeze', 'cancel']);
    expect(cardActionsFor({ kind: 'physical', status: 'suspended' })).toEqual(['unfreeze', 'cancel']);
    expect(cardActionsFor({ kind: 'physical', status: 'canceled' })).toEqual([]);
  });

  it('never leaves canceled, and never returns to inactive, in any sequence of actions', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CARD_KINDS),
        fc.array(fc.constantFrom(...CARD_ACTIONS), { maxLength: 20 }),
        (kind, actions) => {
          let status = initialCardStatus(kind);
          let seen = [status];
          for (const action of actions) {
            const change = changeCardStatus({ kind, status }, action);
            if (change.ok) status = change.status;
            seen = [...seen, status];
          }
          const canceledAt = seen.indexOf('canceled');
          if (canceledAt >= 0) expect(seen.slice(canceledAt).every((s) => s === 'canceled')).toBe(true);
          const leftInactiveAt = seen.findIndex((s) => s !== 'inactive');
          if (leftInactiveAt >= 0) expect(seen.slice(leftInactiveAt)).not.toContain('inactive');
          expect(CARD_STATUSES).toContain(status);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('groups frozen cards with the active ones', () => {
    expect(CARD_STATUSES.map(cardGroupOf)).toEqual(['Inactive', 'Active', 'Active', 'Inactive']);
  });
});

describe('adding a card', () => {
  const physical: CardState = { kind: 'physical', status: 'active' };
  const virtual: CardState = { kind: 'virtual', status: 'suspended' };

  it('offers the kinds the company has no card of', () => {
    expect(cardKindsToOffer([])).toEqual(['physical', 'virtual']);
    expect(cardKindsToOffer([physical])).toEqual(['virtual']);
    expect(cardKindsToOffer([physical, virtual])).toEqual([]);
    expect(cardKindsToOffer([physical, { kind: 'virtual', status: 'canceled' }])).toEqual(['virtual']);
  });

  it('shows Add Card only with a deposit account and a kind still missing', () => {
    expect(canAddCard(false, [])).toBe(false);
    expect(canAddCard(true, [])).toBe(true);
    expect(canAddCard(true, [physical])).toBe(true);
    expect(canAddCard(true, [physical, virtual])).toBe(false);
    expect(canAddCard(true, [{ kind: 'physical', status: 'inactive' }, virtual])).toBe(false);
  });
});

describe('formatCardExpiration', () => {
  it('is MM/YY', () => {
    expect(formatCardExpiration(3, 2029)).toBe('03/29');
    expect(formatCardExpiration(12, 2030)).toBe('12/30');
    expect(() => formatCardExpiration(13, 2030)).toThrow(RangeError);
  });
});

describe('issuing a card', () => {
  it('takes a kind and an optional name, with a message naming what is wrong', () => {
    expect(cardIssueSchema.parse({ cardType: 'virtual' })).toEqual({ cardType: 'virtual' });
    expect(cardIssueSchema.parse({ cardType: 'physical', name: '  Travel ' })).toEqual({
      cardType: 'physical',
      name: 'Travel',
    });
    const issue = (value: unknown) => cardIssueSchema.safeParse(value).error?.issues[0];
    expect(issue({ cardType: 'Increase::Card' })).toMatchObject({
      message: CARD_ISSUE_MESSAGES.kind,
      path: ['cardType'],
    });
    expect(issue({})).toMatchObject({ message: CARD_ISSUE_MESSAGES.kind, path: ['cardType'] });
    expect(issue({ cardType: 'virtual', name: '   ' })).toMatchObject({
      message: 'Card name is required',
      path: ['name'],
    });
    expect(issue({ cardType: 'virtual', name: 'x'.repeat(ISSUED_CARD_NAME_MAX + 1) })).toMatchObject({
      message: `Card name must be at most ${ISSUED_CARD_NAME_MAX} characters`,
      path: ['name'],
    });
  });

  it('refuses a kind the company holds, a canceled card aside', () => {
    const held: CardState[] = [{ kind: 'virtual', status: 'suspended' }];
    expect(checkCardKindAvailable(held, 'physical')).toBeNull();
    expect(checkCardKindAvailable(held, 'virtual')).toBe('This company already has a virtual card');
    expect(checkCardKindAvailable([{ kind: 'virtual', status: 'canceled' }], 'virtual')).toBeNull();
    expect(CARD_KINDS.map((kind) => CARD_KIND_LABELS[kind])).toEqual(['Physical Card', 'Virtual Card']);
  });
});
