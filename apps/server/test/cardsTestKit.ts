import type { CardKind, CardStatus } from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../src/db/client';
import { queryRows } from '../src/db/queryRows';
import { cards } from '../src/db/schema';
import { cardDepsOf, issueCard } from '../src/modules/banking';
import { openDepositAccount } from './bankingTestKit';
import type { TestApp } from './harness';
import type { LedgerFixture } from './ledgerTestKit';

/** Test support for the card suites (test code only). */

const CARD_FIELDS = `id entityId depositAccountId name cardType type cardId status description last4 expiration
  expirationMonth expirationYear activatedAt`;
export const CARDS = `query($e: ID!) { cards(entityId: $e) { ${CARD_FIELDS} } }`;
export const CREATE_CARD = `mutation($a: ID!, $k: String!, $n: String) {
  createTprimeCard(accountId: $a, cardType: $k, name: $n) { ${CARD_FIELDS} } }`;
export const ACTIVATE_PHYSICAL = `mutation($id: ID!, $pin: String) {
  activateTprimePhysicalCard(id: $id, pin: $pin) { ${CARD_FIELDS} } }`;
export const FREEZE = `mutation($id: ID!) { suspendTprimeCard(id: $id) { ${CARD_FIELDS} } }`;
export const UNFREEZE = `mutation($id: ID!) { activateTprimeCard(id: $id) { ${CARD_FIELDS} } }`;
export const REVEAL_TOKEN = `mutation($id: ID!) { createCardRevealToken(id: $id) { token expiresAt cardId revealPath } }`;

export type CardView = {
  id: string;
  entityId: string;
  depositAccountId: string;
  name: string;
  cardType: string;
  type: CardKind;
  cardId: string;
  status: CardStatus;
  description: string;
  last4: string;
  expiration: string;
  expirationMonth: number;
  expirationYear: number;
  activatedAt: string | null;
};

export type RevealTokenView = { token: string; expiresAt: string; cardId: string; revealPath: string };

/**
 * A card issued straight through the service (no API call, no role), then put in `status` when told:
 * for suites that need a card in a given state as a setup step.
 */
export async function issueTestCard(
  t: TestApp,
  input: { entityId: string; accountId: string; userId: string; kind: CardKind; status?: CardStatus },
): Promise<string> {
  const card = await issueCard(cardDepsOf(t), {
    entityId: input.entityId,
    userId: input.userId,
    accountId: input.accountId,
    form: { cardType: input.kind },
  });
  if (input.status && input.status !== card.status) {
    await t.db.update(cards).set({ status: input.status }).where(eq(cards.id, card.id));
  }
  return card.id;
}

/** A card of the kind for the fixture's owner, on a deposit account opened for it (the only account used). */
export async function issueCardOnNewAccount(
  t: TestApp,
  fixture: LedgerFixture,
  kind: CardKind,
): Promise<string> {
  const account = await openDepositAccount(fixture);
  return issueTestCard(t, {
    entityId: fixture.entityId,
    accountId: account.id,
    userId: fixture.owner.user.id,
    kind,
  });
}

/** Cancels the company's cards of a kind (no call in the spec does), so another can be issued. */
export async function cancelCards(db: Db, entityId: string, kind: CardKind): Promise<void> {
  await db
    .update(cards)
    .set({ status: 'canceled' })
    .where(sql`${cards.entityId} = ${entityId}::uuid AND ${cards.kind} = ${kind}`);
}

/** The reveal step (GET /api/v1/cards/{id}), the reveal token as a header, a query parameter or absent. */
export function revealByRest(
  t: TestApp,
  cardId: string,
  options: {
    bearer?: string;
    token?: string;
    /** Where the reveal token goes: the X-Reveal-Token header (the default), the query string, or both. */
    via?: 'header' | 'query' | 'both';
    path?: 'cards' | 'tprime';
  } = {},
): Promise<LightMyRequestResponse> {
  const base = options.path === 'tprime' ? '/api/v1/cards/tprime' : '/api/v1/cards';
  const via = options.via ?? 'header';
  const query = options.token && via !== 'header' ? `?token=${encodeURIComponent(options.token)}` : '';
  return t.app.inject({
    method: 'GET',
    url: `${base}/${cardId}${query}`,
    headers: {
      ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
      ...(options.token && via !== 'query' ? { 'x-reveal-token': options.token } : {}),
    },
  });
}

/** The company's cards and reveal tokens, every column a refused call must leave as it was. */
export async function cardsSnapshot(db: Db, entityId: string) {
  const [row] = await queryRows<Record<string, string | number | null>>(
    db,
    sql`SELECT
      (SELECT string_agg(id || ':' || kind || ':' || status || ':' || name || ':' || description || ':' ||
          coalesce(pin_hash, '-') || ':' || coalesce(activated_at::text, '-') || ':' || updated_at, ',' ORDER BY id)
         FROM cards WHERE entity_id = ${entityId}::uuid) AS cards,
      (SELECT count(*) FROM card_reveal_tokens r JOIN cards c ON c.id = r.card_id
         WHERE c.entity_id = ${entityId}::uuid)::int AS tokens,
      (SELECT count(*) FROM card_reveal_tokens r JOIN cards c ON c.id = r.card_id
         WHERE c.entity_id = ${entityId}::uuid AND r.used_at IS NOT NULL)::int AS spent`,
  );
  return row;
}
