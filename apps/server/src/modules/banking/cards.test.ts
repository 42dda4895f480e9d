import {
  CARD_ACTION_MESSAGES,
  CARD_ISSUE_MESSAGES,
  CARD_PIN_MESSAGES,
  CARD_REVEAL_SECONDS,
  isLuhnValid,
} from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BankAccountView, openDepositAccount } from '../../../test/bankingTestKit';
import {
  ACTIVATE_PHYSICAL,
  CARDS,
  type CardView,
  CREATE_CARD,
  cancelCards,
  cardsSnapshot,
  FREEZE,
  REVEAL_TOKEN,
  type RevealTokenView,
  revealByRest,
  UNFREEZE,
} from '../../../test/cardsTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';
import { auditEvents, cards, depositAccounts } from '../../db/schema';
import { SANDBOX_CARD_BIN } from '../../providers/banking/sandboxCards';
import { secretBoxOf } from '../../secrets/secretBox';
import { cardPinMatches } from './cardPins';
import { REVEAL_MESSAGES } from './cardReveal';
import { CARD_DESCRIPTIONS, cardSealContext } from './cards';

/**
 * Cards through the API on the sandbox issuer: one card of each kind per company, the PIN rules of
 * spec §5 on activation, freeze and unfreeze by the domain's transitions, the two-step reveal with a
 * single-use token that expires, roles and other companies, and the number and CVV never stored in
 * clear. Every refusal changes nothing.
 */

let t: TestApp;
/** Sunday 22 November 2026, 12:00 UTC (the harness's today). */
const NOW = new Date('2026-11-22T12:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(NOW);
});

type Company = { fixture: LedgerFixture; account: BankAccountView };

async function companyWithAccount(name: string): Promise<Company> {
  const fixture = await createLedgerFixture(t, name);
  return { fixture, account: await openDepositAccount(fixture) };
}

async function createCard(company: Company, kind: string, token?: string, name?: string) {
  return company.fixture.gql<{ createTprimeCard: CardView }>(
    CREATE_CARD,
    { a: company.account.id, k: kind, n: name },
    token,
  );
}

async function issued(company: Company, kind: 'physical' | 'virtual', name?: string): Promise<CardView> {
  const result = await createCard(company, kind, undefined, name);
  if (!result.data) throw new Error(`createTprimeCard: ${JSON.stringify(result.errors)}`);
  return result.data.createTprimeCard;
}

async function listed(company: Company, token?: string): Promise<CardView[]> {
  const result = await company.fixture.gql<{ cards: CardView[] }>(
    CARDS,
    { e: company.fixture.entityId },
    token,
  );
  if (!result.data) throw new Error(`cards: ${JSON.stringify(result.errors)}`);
  return result.data.cards;
}

async function revealToken(fixture: LedgerFixture, cardId: string, token?: string) {
  return fixture.gql<{ createCardRevealToken: RevealTokenView }>(REVEAL_TOKEN, { id: cardId }, token);
}

async function tokenFor(fixture: LedgerFixture, cardId: string, bearer?: string): Promise<string> {
  const result = await revealToken(fixture, cardId, bearer);
  const token = result.data?.createCardRevealToken.token;
  if (!token) throw new Error(`createCardRevealToken: ${JSON.stringify(result.errors)}`);
  return token;
}

describe('createTprimeCard', () => {
  it('issues a virtual card active and a physical card inactive, each a TPrime::Card expiring in 3 years', async () => {
    const company = await companyWithAccount('Issuer');
    const virtual = await issued(company, 'virtual');
    expect(virtual).toMatchObject({
      entityId: company.fixture.entityId,
      depositAccountId: company.account.id,
      name: 'Virtual Card',
      cardType: 'TPrime::Card',
      type: 'virtual',
      status: 'active',
      description: CARD_DESCRIPTIONS.virtual,
      expiration: '11/29',
      expirationMonth: 11,
      expirationYear: 2029,
      activatedAt: null,
    });
    expect(virtual.last4).toMatch(/^\d{4}$/);
    expect(virtual.cardId).toMatch(/^sandbox_card_[0-9a-f]{24}$/);
    const physical = await issued(company, 'physical', '  Travel and meals ');
    expect(physical).toMatchObject({
      name: 'Travel and meals',
      type: 'physical',
      status: 'inactive',
      description: CARD_DESCRIPTIONS.physicalAwaiting,
    });
    // Issued at the same instant here: the list's order is then by id.
    expect((await listed(company)).map((card) => [card.id, card.status])).toEqual(
      [
        [virtual.id, 'active'],
        [physical.id, 'inactive'],
      ].sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  });

  it('refuses a kind the company already holds, and issues one again once that card is canceled', async () => {
    const company = await companyWithAccount('One Of Each');
    await issued(company, 'virtual');
    await issued(company, 'physical');
    const before = await cardsSnapshot(t.db, company.fixture.entityId);
    for (const kind of ['virtual', 'physical']) {
      const result = await createCard(company, kind);
      expect(result.errors?.[0]).toMatchObject({
        message: `This company already has a ${kind} card`,
        extensions: { code: 'BAD_USER_INPUT', field: 'cardType' },
      });
    }
    expect(await cardsSnapshot(t.db, company.fixture.entityId)).toEqual(before);
    await cancelCards(t.db, company.fixture.entityId, 'virtual');
    expect((await issued(company, 'virtual')).status).toBe('active');
  });

  it('issues one card when two requests for the same kind race', async () => {
    const company = await companyWithAccount('Racer');
    const results = await Promise.all([createCard(company, 'virtual'), createCard(company, 'virtual')]);
    expect(results.filter((result) => result.data?.createTprimeCard).length).toBe(1);
    expect(results.find((result) => result.errors)?.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'cardType',
    });
    expect(await listed(company)).toHaveLength(1);
  });

  it('refuses bad input with a coded error naming the field, and writes nothing', async () => {
    const company = await companyWithAccount('Careful');
    const other = await companyWithAccount('Stranger');
    const before = await cardsSnapshot(t.db, company.fixture.entityId);
    const cases: [Record<string, unknown>, string, string, string | undefined][] = [
      [{ k: 'Increase::Card' }, 'BAD_USER_INPUT', CARD_ISSUE_MESSAGES.kind, 'cardType'],
      [{ k: 'plastic' }, 'BAD_USER_INPUT', CARD_ISSUE_MESSAGES.kind, 'cardType'],
      [{ k: 'x'.repeat(33) }, 'BAD_USER_INPUT', 'Card type must be at most 32 characters', 'cardType'],
      [{ n: '   ' }, 'BAD_USER_INPUT', 'Card name is required', 'name'],
      [{ n: 'x'.repeat(41) }, 'BAD_USER_INPUT', 'Card name must be at most 40 characters', 'name'],
      [{ n: 'x'.repeat(256) }, 'BAD_USER_INPUT', 'Name must be at most 255 characters', 'name'],
      [{ a: 'not-a-uuid' }, 'NOT_FOUND', 'Account not found', undefined],
      [{ a: '00000000-0000-4000-8000-000000000001' }, 'NOT_FOUND', 'Account not found', undefined],
      [{ a: other.account.id }, 'NOT_FOUND', 'Account not found', undefined],
    ];
    for (const [overrides, code, message, field] of cases) {
      const result = await company.fixture.gql(CREATE_CARD, {
        a: company.account.id,
        k: 'virtual',
        ...overrides,
      });
      expect(result.errors?.[0], JSON.stringify(overrides)).toMatchObject({
        message,
        extensions: field ? { code, field } : { code },
      });
    }
    await t.db
      .update(depositAccounts)
      .set({ status: 'closed' })
      .where(eq(depositAccounts.id, company.account.id));
    expect((await createCard(company, 'virtual')).errors?.[0]).toMatchObject({
      message: 'This account is closed',
      extensions: { code: 'BAD_USER_INPUT', field: 'accountId' },
    });
    expect(await cardsSnapshot(t.db, company.fixture.entityId)).toEqual(before);
    expect(await listed(other)).toEqual([]);
  });
});

describe('activateTprimePhysicalCard', () => {
  it("refuses a PIN by spec §5's messages on `pin` and changes nothing, then activates with a valid one", async () => {
    const company = await companyWithAccount('Pin Rules');
    const card = await issued(company, 'physical');
    const before = await cardsSnapshot(t.db, company.fixture.entityId);
    const cases: [unknown, string][] = [
      [undefined, CARD_PIN_MESSAGES.required],
      [null, CARD_PIN_MESSAGES.required],
      ['', CARD_PIN_MESSAGES.required],
      ['12', CARD_PIN_MESSAGES.length],
      ['12345', CARD_PIN_MESSAGES.length],
      ['abcd', CARD_PIN_MESSAGES.numeric],
      ['12 4', CARD_PIN_MESSAGES.numeric],
    ];
    for (const [pin, message] of cases) {
      const result = await company.fixture.gql(ACTIVATE_PHYSICAL, { id: card.id, pin });
      expect(result.errors?.[0], JSON.stringify(pin)).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field: 'pin' },
      });
    }
    expect(await cardsSnapshot(t.db, company.fixture.entityId)).toEqual(before);

    t.clock.set(new Date('2026-11-23T09:30:00.000Z'));
    const result = await company.fixture.gql<{ activateTprimePhysicalCard: CardView }>(ACTIVATE_PHYSICAL, {
      id: card.id,
      pin: '2468',
    });
    expect(result.data?.activateTprimePhysicalCard).toMatchObject({
      id: card.id,
      status: 'active',
      description: CARD_DESCRIPTIONS.physical,
      activatedAt: '2026-11-23T09:30:00.000Z',
    });
    const [row] = await t.db.select({ pinHash: cards.pinHash }).from(cards).where(eq(cards.id, card.id));
    expect(row?.pinHash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(await cardPinMatches('2468', row?.pinHash ?? '')).toBe(true);
    expect(await cardPinMatches('2469', row?.pinHash ?? '')).toBe(false);

    const again = await company.fixture.gql(ACTIVATE_PHYSICAL, { id: card.id, pin: '1111' });
    expect(again.errors?.[0]).toMatchObject({
      message: CARD_ACTION_MESSAGES.activate,
      extensions: { code: 'BAD_USER_INPUT', field: 'id' },
    });
    const [unchanged] = await t.db
      .select({ pinHash: cards.pinHash })
      .from(cards)
      .where(eq(cards.id, card.id));
    expect(unchanged?.pinHash).toBe(row?.pinHash);
  });

  it('salts each PIN: one PIN on two cards gives two hashes', async () => {
    const first = await companyWithAccount('Salt One');
    const second = await companyWithAccount('Salt Two');
    const cardsMade = [await issued(first, 'physical'), await issued(second, 'physical')];
    await first.fixture.gql(ACTIVATE_PHYSICAL, { id: cardsMade[0]?.id, pin: '1234' });
    await second.fixture.gql(ACTIVATE_PHYSICAL, { id: cardsMade[1]?.id, pin: '1234' });
    const hashes = await queryRows<{ pin_hash: string }>(
      t.db,
      sql`SELECT pin_hash FROM cards WHERE id IN (${cardsMade[0]?.id}::uuid, ${cardsMade[1]?.id}::uuid)`,
    );
    expect(new Set(hashes.map((row) => row.pin_hash)).size).toBe(2);
  });

  it('refuses to activate a virtual card', async () => {
    const company = await companyWithAccount('Virtual Only');
    const card = await issued(company, 'virtual');
    const result = await company.fixture.gql(ACTIVATE_PHYSICAL, { id: card.id, pin: '1234' });
    expect(result.errors?.[0]).toMatchObject({
      message: CARD_ACTION_MESSAGES.activate,
      extensions: { code: 'BAD_USER_INPUT', field: 'id' },
    });
  });
});

describe('suspendTprimeCard and activateTprimeCard', () => {
  it('freeze an active card and unfreeze it, refusing what the status does not allow', async () => {
    const company = await companyWithAccount('Freezer');
    const card = await issued(company, 'virtual');
    const physical = await issued(company, 'physical');
    const frozen = await company.fixture.gql<{ suspendTprimeCard: CardView }>(FREEZE, { id: card.id });
    expect(frozen.data?.suspendTprimeCard.status).toBe('suspended');

    const before = await cardsSnapshot(t.db, company.fixture.entityId);
    const refusals: [string, string, string][] = [
      [FREEZE, card.id, CARD_ACTION_MESSAGES.freeze],
      [UNFREEZE, physical.id, CARD_ACTION_MESSAGES.unfreeze],
      [FREEZE, physical.id, CARD_ACTION_MESSAGES.freeze],
    ];
    for (const [mutation, id, message] of refusals) {
      const result = await company.fixture.gql(mutation, { id });
      expect(result.errors?.[0]).toMatchObject({
        message,
        extensions: { code: 'BAD_USER_INPUT', field: 'id' },
      });
    }
    expect(await cardsSnapshot(t.db, company.fixture.entityId)).toEqual(before);

    const thawed = await company.fixture.gql<{ activateTprimeCard: CardView }>(UNFREEZE, { id: card.id });
    expect(thawed.data?.activateTprimeCard.status).toBe('active');
    const twice = await company.fixture.gql(UNFREEZE, { id: card.id });
    expect(twice.errors?.[0]?.message).toBe(CARD_ACTION_MESSAGES.unfreeze);
    await cancelCards(t.db, company.fixture.entityId, 'virtual');
    const canceled = await company.fixture.gql(FREEZE, { id: card.id });
    expect(canceled.errors?.[0]?.message).toBe(CARD_ACTION_MESSAGES.freeze);
  });
});

describe('roles and other companies', () => {
  it('lets every member list the cards, card-only members (not bookkeepers) reveal them, and only owners and admins create, activate, freeze or unfreeze', async () => {
    const company = await companyWithAccount('Roles');
    const virtual = await issued(company, 'virtual');
    const physical = await issued(company, 'physical');
    const before = await cardsSnapshot(t.db, company.fixture.entityId);
    for (const role of ['bookkeeper', 'card_only', 'custom'] as const) {
      const token = await company.fixture.member(role);
      expect((await listed(company, token)).map((card) => card.id).sort()).toEqual(
        [virtual.id, physical.id].sort(),
      );
      const writes = [
        await createCard(company, 'virtual', token),
        await company.fixture.gql(ACTIVATE_PHYSICAL, { id: physical.id, pin: '1234' }, token),
        await company.fixture.gql(FREEZE, { id: virtual.id }, token),
        await company.fixture.gql(UNFREEZE, { id: virtual.id }, token),
      ];
      expect(
        writes.map((result) => result.errors?.[0]?.extensions?.code),
        role,
      ).toEqual(['FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN', 'FORBIDDEN']);
      if (role === 'card_only') {
        const reveal = await revealByRest(t, virtual.id, {
          bearer: token,
          token: await tokenFor(company.fixture, virtual.id, token),
        });
        expect(reveal.statusCode, role).toBe(200);
      } else {
        // A bookkeeper (or a custom role) lists the cards but never sees a full number.
        const refused = await revealToken(company.fixture, virtual.id, token);
        expect(refused.errors?.[0]?.extensions?.code, role).toBe('FORBIDDEN');
        const ownerToken = await tokenFor(company.fixture, virtual.id);
        const byRest = await revealByRest(t, virtual.id, { bearer: token, token: ownerToken });
        expect(byRest.statusCode, role).toBe(403);
      }
    }
    const { spent, ...rest } = (await cardsSnapshot(t.db, company.fixture.entityId)) ?? {};
    expect(spent).toBe(1);
    expect(rest.cards).toBe(before?.cards);
    const admin = await company.fixture.member('admin');
    const frozen = await company.fixture.gql<{ suspendTprimeCard: CardView }>(
      FREEZE,
      { id: virtual.id },
      admin,
    );
    expect(frozen.data?.suspendTprimeCard.status).toBe('suspended');
  });

  it("answers another company's cards as missing ones, over GraphQL and REST", async () => {
    const victim = await companyWithAccount('Victim Cards');
    const card = await issued(victim, 'virtual');
    const outsider = await companyWithAccount('Outsider Cards');
    const before = await cardsSnapshot(t.db, victim.fixture.entityId);
    for (const [mutation, variables] of [
      [ACTIVATE_PHYSICAL, { id: card.id, pin: '1234' }],
      [FREEZE, { id: card.id }],
      [UNFREEZE, { id: card.id }],
      [REVEAL_TOKEN, { id: card.id }],
      [FREEZE, { id: 'not-a-uuid' }],
    ] as const) {
      const result = await outsider.fixture.gql(mutation, variables);
      expect(result.errors?.[0]).toMatchObject({
        message: 'Card not found',
        extensions: { code: 'NOT_FOUND' },
      });
    }
    const listing = await outsider.fixture.gql(CARDS, { e: victim.fixture.entityId });
    expect(listing.errors?.[0]).toMatchObject({ message: 'Entity not found' });
    const victimToken = await tokenFor(victim.fixture, card.id);
    for (const id of [card.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000001']) {
      const reply = await revealByRest(t, id, { bearer: outsider.fixture.owner.token, token: victimToken });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ detail: 'Card not found' });
      expect(reply.body).not.toMatch(/\d{16}/);
    }
    expect(await cardsSnapshot(t.db, victim.fixture.entityId)).toEqual({ ...before, tokens: 1 });
  });
});

describe('revealing a card', () => {
  it('answers the full number, CVV and expiry once for a fresh token, never cached, and records who saw it', async () => {
    const company = await companyWithAccount('Revealer');
    const card = await issued(company, 'virtual');
    const result = await revealToken(company.fixture, card.id);
    const reveal = result.data?.createCardRevealToken;
    expect(reveal).toMatchObject({
      cardId: card.id,
      revealPath: `/api/v1/cards/${card.id}`,
      expiresAt: new Date(NOW.getTime() + CARD_REVEAL_SECONDS * 1000).toISOString(),
    });
    const reply = await revealByRest(t, card.id, {
      bearer: company.fixture.owner.token,
      token: reveal?.token,
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const body = reply.json<{
      primary_account_number: string;
      verification_code: string;
      expiration: string;
    }>();
    expect(Object.keys(body).sort()).toEqual(['expiration', 'primary_account_number', 'verification_code']);
    expect(body.primary_account_number).toMatch(new RegExp(`^${SANDBOX_CARD_BIN}\\d{10}$`));
    expect(isLuhnValid(body.primary_account_number)).toBe(true);
    expect(body.primary_account_number.slice(-4)).toBe(card.last4);
    expect(body.verification_code).toMatch(/^\d{3}$/);
    expect(body.expiration).toBe('11/29');

    const again = await revealByRest(t, card.id, {
      bearer: company.fixture.owner.token,
      token: reveal?.token,
    });
    expect(again.statusCode).toBe(401);
    expect(again.headers['cache-control']).toBe('no-store');
    expect(again.json()).toMatchObject({ type: 'invalid_reveal_token', detail: REVEAL_MESSAGES.used });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.type, 'card.revealed'));
    expect(events.filter((event) => event.entityId === company.fixture.entityId)).toMatchObject([
      { userId: company.fixture.owner.user.id, details: { cardId: card.id, last4: card.last4 } },
    ]);
  });

  it('refuses a reveal token sent in the address and spends it, on both paths, with or without the header', async () => {
    const company = await companyWithAccount('Token In Address');
    const card = await issued(company, 'physical');
    const owner = company.fixture.owner.token;
    const cases = [
      { via: 'query', path: 'cards' },
      { via: 'query', path: 'tprime' },
      { via: 'both', path: 'cards' },
    ] as const;
    for (const { via, path } of cases) {
      const token = await tokenFor(company.fixture, card.id);
      const refused = await revealByRest(t, card.id, { bearer: owner, token, via, path });
      expect(refused.statusCode, `${via} ${path}`).toBe(401);
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.json()).toMatchObject({
        type: 'invalid_reveal_token',
        detail: REVEAL_MESSAGES.inAddress,
      });
      expect(refused.body).not.toContain('primary_account_number');
      // Spent: not even the header opens it now.
      const after = await revealByRest(t, card.id, { bearer: owner, token });
      expect(after.json()).toMatchObject({ type: 'invalid_reveal_token', detail: REVEAL_MESSAGES.used });
    }
    // A token in the address is spent even when the rest of the request is refused first.
    const unsigned = await tokenFor(company.fixture, card.id);
    expect((await revealByRest(t, card.id, { token: unsigned, via: 'query' })).statusCode).toBe(401);
    expect((await revealByRest(t, card.id, { bearer: owner, token: unsigned })).json()).toMatchObject({
      detail: REVEAL_MESSAGES.used,
    });
    const events = await t.db.select().from(auditEvents).where(eq(auditEvents.type, 'card.revealed'));
    expect(events.filter((event) => event.entityId === company.fixture.entityId)).toEqual([]);
    // The header alone still reveals.
    const token = await tokenFor(company.fixture, card.id);
    const revealed = await revealByRest(t, card.id, { bearer: owner, token, path: 'tprime' });
    expect(revealed.statusCode).toBe(200);
    expect(revealed.json<{ primary_account_number: string }>().primary_account_number.slice(-4)).toBe(
      card.last4,
    );
  });

  it('refuses a token that expired, was spent, is missing, or was made for another user or card, spending nothing', async () => {
    const company = await companyWithAccount('Refusals');
    const card = await issued(company, 'virtual');
    const physical = await issued(company, 'physical');
    const owner = company.fixture.owner.token;
    const admin = await company.fixture.member('admin');

    const expiring = await tokenFor(company.fixture, card.id);
    t.clock.advance(CARD_REVEAL_SECONDS * 1000);
    const expired = await revealByRest(t, card.id, { bearer: owner, token: expiring });
    expect(expired.json()).toMatchObject({ status: 401, detail: REVEAL_MESSAGES.expired });

    const admins = await tokenFor(company.fixture, card.id, admin);
    const otherCard = await tokenFor(company.fixture, physical.id);
    const cases: [string | undefined, string][] = [
      [admins, REVEAL_MESSAGES.invalid],
      [otherCard, REVEAL_MESSAGES.invalid],
      ['made-up-token', REVEAL_MESSAGES.invalid],
      ['x'.repeat(500), REVEAL_MESSAGES.invalid],
      [undefined, REVEAL_MESSAGES.required],
    ];
    const before = await cardsSnapshot(t.db, company.fixture.entityId);
    for (const [token, message] of cases) {
      const reply = await revealByRest(t, card.id, { bearer: owner, token });
      expect(reply.statusCode, message).toBe(401);
      expect(reply.headers['www-authenticate']).toContain('Reveal-Token');
      expect(reply.json()).toMatchObject({ type: 'invalid_reveal_token', detail: message });
    }
    expect(await cardsSnapshot(t.db, company.fixture.entityId)).toEqual(before);
    // The admin's and the other card's tokens still work for their own user and card.
    expect((await revealByRest(t, card.id, { bearer: admin, token: admins })).statusCode).toBe(200);
    expect((await revealByRest(t, physical.id, { bearer: owner, token: otherCard })).statusCode).toBe(200);
  });

  it('answers 401 to a request without a live session, which the web app turns into a sign-out', async () => {
    const company = await companyWithAccount('No Session');
    const card = await issued(company, 'virtual');
    const token = await tokenFor(company.fixture, card.id);
    const reply = await revealByRest(t, card.id, { token });
    expect(reply.statusCode).toBe(401);
    expect(reply.json()).toMatchObject({
      type: 'unauthorized',
      detail: 'Attempted API request without login',
    });
    expect((await revealByRest(t, card.id, { bearer: company.fixture.owner.token, token })).statusCode).toBe(
      200,
    );
  });

  it('reveals once when two requests race with one token', async () => {
    const company = await companyWithAccount('Token Race');
    const card = await issued(company, 'virtual');
    const token = await tokenFor(company.fixture, card.id);
    const replies = await Promise.all([
      revealByRest(t, card.id, { bearer: company.fixture.owner.token, token }),
      revealByRest(t, card.id, { bearer: company.fixture.owner.token, token }),
    ]);
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses a token for a canceled card', async () => {
    const company = await companyWithAccount('Canceled');
    const card = await issued(company, 'virtual');
    await cancelCards(t.db, company.fixture.entityId, 'virtual');
    const result = await revealToken(company.fixture, card.id);
    expect(result.errors?.[0]).toMatchObject({
      message: REVEAL_MESSAGES.canceled,
      extensions: { code: 'BAD_USER_INPUT', field: 'id' },
    });
  });
});

describe('card secrets at rest', () => {
  it('never stores the number, CVV, PIN or reveal token in clear, and seals them to their card', async () => {
    const company = await companyWithAccount('At Rest');
    const card = await issued(company, 'physical');
    await company.fixture.gql(ACTIVATE_PHYSICAL, { id: card.id, pin: '8642' });
    const token = await tokenFor(company.fixture, card.id);
    const reply = await revealByRest(t, card.id, { bearer: company.fixture.owner.token, token });
    const { primary_account_number: pan, verification_code: cvv } = reply.json<{
      primary_account_number: string;
      verification_code: string;
    }>();

    const [row] = await queryRows<{ row: string; pan_sealed: string; cvv_sealed: string }>(
      t.db,
      sql`SELECT row_to_json(c)::text AS row, pan_sealed, cvv_sealed FROM cards c WHERE id = ${card.id}::uuid`,
    );
    expect(row?.row).not.toContain(pan);
    expect(row?.row).not.toContain(pan.slice(0, 12));
    expect(row?.row).not.toContain('8642');
    expect(row?.cvv_sealed).not.toContain(cvv);
    const [tokens] = await queryRows<{ rows: string }>(
      t.db,
      sql`SELECT json_agg(r)::text AS rows FROM card_reveal_tokens r WHERE card_id = ${card.id}::uuid`,
    );
    expect(tokens?.rows).not.toContain(token);
    const [audit] = await queryRows<{ rows: string }>(
      t.db,
      sql`SELECT json_agg(a)::text AS rows FROM audit_events a WHERE entity_id = ${company.fixture.entityId}::uuid`,
    );
    expect(audit?.rows).not.toContain(pan);

    const secrets = secretBoxOf(t.config);
    expect(secrets.open(row?.pan_sealed ?? '', cardSealContext(card.id, 'pan'))).toBe(pan);
    expect(() => secrets.open(row?.pan_sealed ?? '', cardSealContext(card.id, 'cvv'))).toThrow();
    const other = await issued(company, 'virtual');
    expect(() => secrets.open(row?.pan_sealed ?? '', cardSealContext(other.id, 'pan'))).toThrow();
  });

  it('keeps the sealed number and CVV out of every GraphQL answer', async () => {
    const company = await companyWithAccount('No Leak');
    const card = await issued(company, 'virtual');
    const token = await tokenFor(company.fixture, card.id);
    const reply = await revealByRest(t, card.id, { bearer: company.fixture.owner.token, token });
    const pan = reply.json<{ primary_account_number: string }>().primary_account_number;
    const listing = await company.fixture.gql(CARDS, { e: company.fixture.entityId });
    expect(JSON.stringify(listing)).not.toContain(pan);
    expect(JSON.stringify(listing)).not.toContain('v1:');
  });
});
