import type { Capability } from '@keel/domain';
import type { AppDeps } from '../../appDeps';
import { KeelError } from '../../errors';
import type { Context } from '../../graphql/context';
import { secretBoxOf } from '../../secrets/secretBox';
import { depositAccountNotFound } from './bankingErrors';
import type { CardDeps } from './cardDeps';
import { type CardView, cardNotFound, findCard } from './cards';
import { type DepositAccountRow, findDepositAccount } from './depositAccounts';

/** The card services' dependencies, from a request's context or the app's (the REST reveal step). */
export const cardDepsOf = (deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'providers'>): CardDeps => ({
  db: deps.db,
  clock: deps.clock,
  issuer: deps.providers.cards,
  secrets: secretBoxOf(deps.config),
});

/** The guard's NOT_FOUND ('Entity not found') as the thing the caller named was not found. */
async function requireEntityOf<T>(
  ctx: Context,
  entityId: string,
  capability: Capability,
  notFound: () => KeelError,
  found: T,
): Promise<T> {
  try {
    await ctx.requireEntity(entityId, capability);
  } catch (error) {
    throw error instanceof KeelError && error.code === 'NOT_FOUND' ? notFound() : error;
  }
  return found;
}

/**
 * A card the viewer may act on with `capability`: unknown, malformed and other companies' ids all
 * answer 'Card not found'; a member whose role lacks the capability FORBIDDEN.
 */
export async function requireCard(ctx: Context, id: string, capability: Capability): Promise<CardView> {
  ctx.requireViewer();
  const card = await findCard(ctx.db, id);
  if (!card) throw cardNotFound();
  return requireEntityOf(ctx, card.entityId, capability, cardNotFound, card);
}

/** A deposit account the viewer may act on with `capability`; other companies' answer 'Account not found'. */
export async function requireDepositAccount(
  ctx: Context,
  id: string,
  capability: Capability,
): Promise<DepositAccountRow> {
  ctx.requireViewer();
  const account = await findDepositAccount(ctx.db, id);
  if (!account) throw depositAccountNotFound();
  return requireEntityOf(ctx, account.entityId, capability, depositAccountNotFound, account);
}
