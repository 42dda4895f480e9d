import { createHash } from 'node:crypto';
import { and, desc, eq, isNotNull, lt, ne, notInArray, or } from 'drizzle-orm';
import { quickbooksOauthStates } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import type { AccountingDeps } from './accountingDeps';
import {
  newQuickbooksBrowserBinding,
  OAUTH_STATE_TTL_MS,
  type QuickbooksBrowserBinding,
} from './quickbooksBrowserBinding';
import { quickbooksRedirectUri } from './quickbooksUrls';

export { OAUTH_STATE_TTL_MS } from './quickbooksBrowserBinding';

/** The most open states a company keeps (the newest): asking again and again stores no more. */
const OPEN_STATES_MAX = 20;

/** The stored form of a state: its SHA-256 (the state itself travels only through the browser). */
export const hashOauthState = (state: string) => createHash('sha256').update(state).digest('hex');

/**
 * CreateQuickbooksConnection(entityId) (spec §7): the address of QuickBooks' consent screen, to which
 * the browser goes, and the binding the caller hands to that browser alone (quickbooksBrowserBinding.ts:
 * the cookie the callback asks for). Its `state`, derived from the binding, is one-time, bound to the
 * user and the company, kept hashed for OAUTH_STATE_TTL_MS; the callback (completeQuickbooksConnection)
 * consumes it. The company's used and expired states are cleared at the same time, and only its newest
 * OPEN_STATES_MAX are kept. Callers check manageEntity first.
 * Connecting again while connected is how a company reconnects (new tokens for the same company file).
 */
export async function createQuickbooksConnection(
  deps: AccountingDeps,
  input: { entityId: string; userId: string },
): Promise<{ oauthUrl: string; browser: QuickbooksBrowserBinding }> {
  const browser = newQuickbooksBrowserBinding();
  const { state } = browser;
  const now = deps.clock.now();
  await writeTransaction(deps.db, async (tx) => {
    await tx
      .delete(quickbooksOauthStates)
      .where(
        and(
          eq(quickbooksOauthStates.entityId, input.entityId),
          or(lt(quickbooksOauthStates.expiresAt, now), isNotNull(quickbooksOauthStates.usedAt)),
        ),
      );
    const [made] = await tx
      .insert(quickbooksOauthStates)
      .values({
        nonceHash: hashOauthState(state),
        userId: input.userId,
        entityId: input.entityId,
        expiresAt: new Date(now.getTime() + OAUTH_STATE_TTL_MS),
        createdAt: now,
      })
      .returning({ id: quickbooksOauthStates.id });
    if (!made) throw new Error('State insert returned nothing');
    const others = and(
      eq(quickbooksOauthStates.entityId, input.entityId),
      ne(quickbooksOauthStates.id, made.id),
    );
    const kept = tx
      .select({ id: quickbooksOauthStates.id })
      .from(quickbooksOauthStates)
      .where(others)
      .orderBy(desc(quickbooksOauthStates.createdAt), desc(quickbooksOauthStates.id))
      .limit(OPEN_STATES_MAX - 1);
    await tx.delete(quickbooksOauthStates).where(and(others, notInArray(quickbooksOauthStates.id, kept)));
  });
  return {
    oauthUrl: deps.accounting.authorizeUrl({ state, redirectUri: quickbooksRedirectUri(deps.config) }),
    browser,
  };
}
