import { randomUUID } from 'node:crypto';
import {
  CARD_KIND_LABELS,
  type CardAction,
  type CardKind,
  cardIssueSchema,
  cardPinSchema,
  changeCardStatus,
  checkCardKindAvailable,
  ISSUED_CARD_TYPE,
  initialCardStatus,
} from '@keel/domain';
import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { bankApplications, cards, depositAccounts } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { apiError, badInput } from '../../errors';
import { isUuid } from '../../graphql/context';
import { parseArgs } from '../../graphql/parseInput';
import type { Applicant } from '../../providers/banking';
import { BANKING_MESSAGES, bankingRefusal, depositAccountNotFound } from './bankingErrors';
import type { CardDeps } from './cardDeps';
import { hashCardPin } from './cardPins';

/**
 * Cards on Keel's deposit accounts (spec §2 /cards, §3 Card, §4 Card, §7 card calls): issuing one of
 * each kind per company, activating a physical card with a PIN, freezing and unfreezing. Which change
 * a card allows is the domain's changeCardStatus; the issuer (providers/banking CardIssuer) numbers
 * the card and is told of each change. The number and CVV are sealed at once with the card's id as
 * context and never leave this module except through a reveal (cardReveal.ts).
 */

export type CardRow = typeof cards.$inferSelect;
/** A card as the API serves it: no sealed number, CVV or PIN hash, not even sealed. */
export type CardView = Omit<CardRow, 'panSealed' | 'cvvSealed' | 'pinHash'>;

const { panSealed: _pan, cvvSealed: _cvv, pinHash: _pin, ...viewColumns } = getTableColumns(cards);
/** The columns a CardView is read with. */
export const CARD_VIEW_COLUMNS = viewColumns;

const CARD_NOT_FOUND = 'Card not found';
/** Unknown, malformed and other companies' card ids answer alike, so nothing is revealed. */
export const cardNotFound = () => apiError('NOT_FOUND', CARD_NOT_FOUND);

/**
 * What a card's description says (the card list shows it in red while the card is inactive, spec §4):
 * how the card is used, or for a physical card not yet activated, what to do when it arrives.
 */
export const CARD_DESCRIPTIONS = {
  virtual: 'For online and phone purchases',
  physicalAwaiting: 'Mailed to the company: activate it with a PIN when it arrives',
  physical: 'For purchases in person and online',
} as const;

/** The seal contexts of a card's secrets: a sealed value copied to another card or column does not open. */
export const cardSealContext = (cardId: string, secret: 'pan' | 'cvv') => `card:${cardId}:${secret}`;

/** Cards(entityId): the company's cards, oldest first (canceled ones too: the list shows them Inactive). */
export async function listCards(db: Db | Tx, entityId: string): Promise<CardView[]> {
  return db
    .select(CARD_VIEW_COLUMNS)
    .from(cards)
    .where(eq(cards.entityId, entityId))
    .orderBy(asc(cards.createdAt), asc(cards.id));
}

/** A card of any company by id, null when there is none (the caller checks the viewer may see it). */
export async function findCard(db: Db | Tx, id: string): Promise<CardView | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select(CARD_VIEW_COLUMNS).from(cards).where(eq(cards.id, id));
  return row ?? null;
}

/**
 * createTprimeCard: issues a card of the kind asked on the company's open deposit account. Refused
 * (BAD_USER_INPUT naming the field, nothing written) for a kind the company already holds (spec §4: a
 * type is offered only when none of it exists; a canceled card no longer counts) and on a closed
 * account. The company's deposit accounts are locked FOR UPDATE in id order (the order settleDue locks
 * them in), so two requests for the same kind issue one card. A physical card starts inactive,
 * awaiting activation; a virtual one active (domain initialCardStatus). The card id is chosen before
 * the transaction, so a retried write asks the issuer for the same card.
 */
export async function issueCard(
  deps: CardDeps,
  input: { entityId: string; userId: string; accountId: string; form: Record<string, unknown> },
): Promise<CardView> {
  const form = parseArgs(cardIssueSchema, input.form);
  const cardId = randomUUID();
  return writeTransaction(deps.db, async (tx) => {
    const accounts = await tx
      .select({
        id: depositAccounts.id,
        status: depositAccounts.status,
        providerAccountId: depositAccounts.providerAccountId,
      })
      .from(depositAccounts)
      .where(eq(depositAccounts.entityId, input.entityId))
      .orderBy(asc(depositAccounts.id))
      .for('update');
    const account = accounts.find((row) => row.id === input.accountId);
    if (!account) throw depositAccountNotFound();
    if (account.status !== 'open') throw bankingRefusal(BANKING_MESSAGES.accountClosed, 'accountId');
    const held = await tx
      .select({ kind: cards.kind, status: cards.status })
      .from(cards)
      .where(eq(cards.entityId, input.entityId));
    const refusal = checkCardKindAvailable(held, form.cardType);
    if (refusal) throw badInput(refusal, 'cardType');

    const now = deps.clock.now();
    const issued = await deps.issuer.issueCard({
      cardId,
      entityId: input.entityId,
      depositAccountId: account.id,
      providerAccountId: account.providerAccountId,
      kind: form.cardType,
      cardholder: form.cardType === 'physical' ? await cardholderOf(tx, input.entityId) : null,
      now,
    });
    const [row] = await tx
      .insert(cards)
      .values({
        id: cardId,
        entityId: input.entityId,
        depositAccountId: account.id,
        provider: deps.issuer.kind,
        providerCardId: issued.providerCardId,
        cardType: deps.issuer.kind === 'increase' ? 'Increase::Card' : ISSUED_CARD_TYPE,
        kind: form.cardType,
        status: initialCardStatus(form.cardType),
        name: form.name ?? CARD_KIND_LABELS[form.cardType],
        description: descriptionOf(form.cardType, initialCardStatus(form.cardType) === 'active'),
        last4: issued.pan.slice(-4),
        expirationMonth: issued.expirationMonth,
        expirationYear: issued.expirationYear,
        panSealed: deps.secrets.seal(issued.pan, cardSealContext(cardId, 'pan')),
        cvvSealed: deps.secrets.seal(issued.cvv, cardSealContext(cardId, 'cvv')),
        createdBy: input.userId,
        createdAt: now,
        updatedAt: now,
      })
      .returning(CARD_VIEW_COLUMNS);
    if (!row) throw new Error('Card insert returned nothing');
    return row;
  });
}

/** Whom a physical card is printed for and shipped to: the applicant the bank approved. */
async function cardholderOf(tx: Tx, entityId: string) {
  const [applicant] = await tx
    .select({
      firstName: bankApplications.firstName,
      lastName: bankApplications.lastName,
      address: bankApplications.address,
    })
    .from(bankApplications)
    .where(and(eq(bankApplications.entityId, entityId), eq(bankApplications.status, 'approved')));
  if (!applicant) return null;
  return { ...applicant, address: applicant.address as Applicant['address'] };
}

function descriptionOf(kind: CardKind, activated: boolean): string {
  if (kind === 'virtual') return CARD_DESCRIPTIONS.virtual;
  return activated ? CARD_DESCRIPTIONS.physical : CARD_DESCRIPTIONS.physicalAwaiting;
}

/** The card list's actions that go through this service (cancel has no call in the spec). */
export type CardChange = Exclude<CardAction, 'cancel'>;

const activationSchema = z.object({ pin: cardPinSchema });

/**
 * activateTprimePhysicalCard (activate, with the PIN its holder chose: the domain's cardPinSchema and
 * spec §5's messages, on `pin`), suspendTprimeCard (freeze) and activateTprimeCard (unfreeze). The
 * card row is locked FOR UPDATE, the change is the domain's changeCardStatus (its refusal is
 * BAD_USER_INPUT on `id`, nothing written), the issuer is told, then the row changes. Only the PIN's
 * salted hash is kept; it is computed before the transaction (scrypt is slow on purpose).
 */
export async function changeCard(
  deps: CardDeps,
  input: { entityId: string; cardId: string; change: CardChange; pin?: unknown },
): Promise<CardView> {
  const pinHash =
    input.change === 'activate'
      ? await hashCardPin(parseArgs(activationSchema, { pin: input.pin ?? undefined }).pin)
      : null;
  return writeTransaction(deps.db, async (tx) => {
    const [card] = await tx
      .select({ id: cards.id, kind: cards.kind, status: cards.status, providerCardId: cards.providerCardId })
      .from(cards)
      .where(and(eq(cards.id, input.cardId), eq(cards.entityId, input.entityId)))
      .for('update');
    if (!card) throw cardNotFound();
    const next = changeCardStatus(card, input.change);
    if (!next.ok) throw badInput(next.error, 'id');
    await deps.issuer.setCardStatus(card.providerCardId, next.status);
    const now = deps.clock.now();
    const activation =
      input.change === 'activate'
        ? { pinHash, activatedAt: now, description: descriptionOf(card.kind, true) }
        : {};
    const [row] = await tx
      .update(cards)
      .set({ status: next.status, updatedAt: now, ...activation })
      .where(eq(cards.id, card.id))
      .returning(CARD_VIEW_COLUMNS);
    if (!row) throw cardNotFound();
    return row;
  });
}
