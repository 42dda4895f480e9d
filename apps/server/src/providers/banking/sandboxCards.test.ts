import { randomUUID } from 'node:crypto';
import { isLuhnValid } from '@keel/domain';
import { describe, expect, it } from 'vitest';
import { createSandboxCardIssuer, SANDBOX_CARD_BIN, SANDBOX_CARD_YEARS } from './sandboxCards';

const request = (cardId: string, now = new Date('2026-11-22T12:00:00.000Z')) => ({
  cardId,
  entityId: randomUUID(),
  depositAccountId: randomUUID(),
  providerAccountId: null,
  kind: 'virtual' as const,
  cardholder: null,
  now,
});

describe('the sandbox card issuer', () => {
  it('numbers each card with 16 Luhn-valid digits on the test BIN, a 3-digit CVV and its own id', async () => {
    const issuer = createSandboxCardIssuer();
    const numbers = new Set<string>();
    for (let index = 0; index < 200; index += 1) {
      const card = await issuer.issueCard(request(randomUUID()));
      expect(card.pan).toMatch(new RegExp(`^${SANDBOX_CARD_BIN}\\d{10}$`));
      expect(isLuhnValid(card.pan)).toBe(true);
      expect(card.cvv).toMatch(/^\d{3}$/);
      expect(card.providerCardId).toMatch(/^sandbox_card_[0-9a-f]{24}$/);
      numbers.add(card.pan);
    }
    expect(numbers.size).toBe(200);
  });

  it('gives the same card for the same card id (a retried issue), whatever else is asked', async () => {
    const issuer = createSandboxCardIssuer();
    const id = randomUUID();
    const first = await issuer.issueCard(request(id));
    expect(await issuer.issueCard(request(id))).toEqual(first);
    expect((await issuer.issueCard(request(randomUUID()))).providerCardId).not.toBe(first.providerCardId);
  });

  it(`expires a card in its month of issue, ${SANDBOX_CARD_YEARS} years on`, async () => {
    const issuer = createSandboxCardIssuer();
    const card = await issuer.issueCard(request(randomUUID(), new Date('2026-01-31T23:59:00.000Z')));
    expect([card.expirationMonth, card.expirationYear]).toEqual([1, 2029]);
  });

  it('accepts status changes of its own cards only', async () => {
    const issuer = createSandboxCardIssuer();
    const card = await issuer.issueCard(request(randomUUID()));
    await expect(issuer.setCardStatus(card.providerCardId, 'suspended')).resolves.toBeUndefined();
    await expect(issuer.setCardStatus('card_from_elsewhere', 'active')).rejects.toThrow(/no card/);
  });
});
