import { randomUUID } from 'node:crypto';
import { roleCan } from '@keel/domain';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { memberships, quickbooksConnections, quickbooksOauthStates } from '../../db/schema';
import { RetryableConflict, writeTransaction } from '../../db/transactions';
import type { JobRow } from '../../jobs/jobRows';
import { AccountingError, type QuickbooksTokens } from '../../providers/accounting';
import type { AccountingDeps } from './accountingDeps';
import { BROWSER_MISMATCH, type CallbackReason } from './accountingErrors';
import { hashOauthState } from './createQuickbooksConnection';
import { isQuickbooksStateBoundTo } from './quickbooksBrowserBinding';
import { type QuickbooksConnectionRow, sealedTokenColumns } from './quickbooksConnectionRows';
import { enqueueQuickbooksSync } from './quickbooksSyncJob';
import { quickbooksRedirectUri } from './quickbooksUrls';

/** What QuickBooks sends the browser back with (the callback's query). */
type QuickbooksCallback = {
  code?: string | undefined;
  state?: string | undefined;
  realmId?: string | undefined;
  error?: string | undefined;
};

/** What the browser that arrived holds: its binding cookie for the state, if it has one. */
type QuickbooksCallbackBrowser = { binding: string | undefined };

type QuickbooksCallbackOutcome =
  | { connected: true; entityId: string; connection: QuickbooksConnectionRow; job: JobRow }
  | { connected: false; reason: CallbackReason }
  | { connected: false; reason: typeof BROWSER_MISMATCH };

/** A state createQuickbooksConnection made: 43 base64url characters (shorter or longer ones are refused). */
const STATE = /^[A-Za-z0-9_-]{16,256}$/;
const CODE = /^[\x21-\x7e]{1,1024}$/;
const REALM = /^[A-Za-z0-9]{1,64}$/;
const COMPANY_NAME_MAX = 200;

const refused = (reason: CallbackReason): QuickbooksCallbackOutcome => ({ connected: false, reason });

/**
 * The end of a QuickBooks authorization (GET /api/quickbooks/callback): no bearer token arrives, so the
 * one-time state says who asked for which company, and the browser must prove it is the one that
 * asked: its binding cookie must be the one the state was derived from (quickbooksBrowserBinding.ts).
 * Any other browser (no Keel session, another user's, the same user's elsewhere, or one that already
 * spent its cookie) is refused with BROWSER_MISMATCH before the flow's user or company is looked at:
 * its code is never exchanged, and the state it brought is spent, so the address it holds cannot be
 * finished later in the asker's browser either.
 *
 * Then the state is consumed (unused and unexpired, marked used in the same statement, so it works
 * once), and the user it names must still manage the company. The code is exchanged for tokens, and
 * the connection stored (the tokens sealed) with its first sync queued (QuickbooksSync), in one
 * transaction.
 *
 * Connecting the same company file again replaces its tokens and carries on from its cursor (a
 * reconnect, or connecting again after disconnecting); another company file while one is connected is
 * refused ('already_connected', and the new grant is revoked). Any refusal changes nothing but the
 * state, which is spent.
 */
export async function completeQuickbooksConnection(
  deps: AccountingDeps,
  input: QuickbooksCallback,
  browser: QuickbooksCallbackBrowser,
): Promise<QuickbooksCallbackOutcome> {
  if (!input.state || !STATE.test(input.state)) return { connected: false, reason: BROWSER_MISMATCH };
  if (!isQuickbooksStateBoundTo(input.state, browser.binding)) {
    await spendState(deps, input.state);
    return { connected: false, reason: BROWSER_MISMATCH };
  }
  const consumed = await consumeState(deps, input.state);
  if (!consumed) return refused('invalid_state');
  if (input.error !== undefined)
    return refused(input.error === 'access_denied' ? 'access_denied' : 'invalid_request');
  if (!consumed.mayManage) return refused('forbidden');
  if (!input.code || !CODE.test(input.code) || !input.realmId || !REALM.test(input.realmId)) {
    return refused('invalid_request');
  }
  let exchanged: { tokens: QuickbooksTokens; companyName: string };
  try {
    exchanged = await deps.accounting.exchangeCode({
      code: input.code,
      realmId: input.realmId,
      redirectUri: quickbooksRedirectUri(deps.config),
      at: deps.clock.now(),
    });
  } catch (error) {
    if (error instanceof AccountingError) return refused('exchange_failed');
    throw error;
  }
  const realmId = input.realmId;
  const stored = await writeTransaction(deps.db, (tx) =>
    storeConnection(tx, deps, {
      entityId: consumed.entityId,
      userId: consumed.userId,
      realmId,
      ...exchanged,
    }),
  );
  if (stored === 'already_connected') {
    await deps.accounting
      .revoke({ token: exchanged.tokens.refreshToken, at: deps.clock.now() })
      .catch(() => undefined);
    return refused('already_connected');
  }
  return { connected: true, entityId: consumed.entityId, ...stored };
}

/** Spends the state, whoever brought it, if it is still open. */
async function spendState(deps: AccountingDeps, state: string): Promise<void> {
  await deps.db
    .update(quickbooksOauthStates)
    .set({ usedAt: deps.clock.now() })
    .where(
      and(eq(quickbooksOauthStates.nonceHash, hashOauthState(state)), isNull(quickbooksOauthStates.usedAt)),
    );
}

/** Spends the state: who it was made for, and whether they may still manage the company. */
async function consumeState(deps: AccountingDeps, state: string) {
  const now = deps.clock.now();
  return writeTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(quickbooksOauthStates)
      .set({ usedAt: now })
      .where(
        and(
          eq(quickbooksOauthStates.nonceHash, hashOauthState(state)),
          isNull(quickbooksOauthStates.usedAt),
          gt(quickbooksOauthStates.expiresAt, now),
        ),
      )
      .returning({ userId: quickbooksOauthStates.userId, entityId: quickbooksOauthStates.entityId });
    if (!row) return null;
    const [membership] = await tx
      .select({ role: memberships.role })
      .from(memberships)
      .where(and(eq(memberships.entityId, row.entityId), eq(memberships.userId, row.userId)));
    return { ...row, mayManage: membership !== undefined && roleCan(membership.role, 'manageEntity') };
  });
}

async function storeConnection(
  tx: Tx,
  deps: AccountingDeps,
  input: { entityId: string; userId: string; realmId: string; tokens: QuickbooksTokens; companyName: string },
): Promise<{ connection: QuickbooksConnectionRow; job: JobRow } | 'already_connected'> {
  const now = deps.clock.now();
  const [existing] = await tx
    .select()
    .from(quickbooksConnections)
    .where(eq(quickbooksConnections.entityId, input.entityId))
    .for('update');
  const live = existing !== undefined && existing.status !== 'disconnected';
  if (live && existing.realmId !== input.realmId) return 'already_connected';
  const id = existing?.id ?? randomUUID();
  const sameFile = existing?.realmId === input.realmId;
  const values = {
    realmId: input.realmId,
    companyName: input.companyName.trim().slice(0, COMPANY_NAME_MAX) || 'QuickBooks company',
    ...sealedTokenColumns(deps.secrets, id, input.tokens),
    status: 'connected' as const,
    sandbox: deps.accounting.kind === 'sandbox',
    connectedAt: live ? existing.connectedAt : now,
    lastSyncedAt: sameFile ? existing.lastSyncedAt : null,
    syncCursor: sameFile ? existing.syncCursor : null,
    updatedAt: now,
  };
  const [connection] = existing
    ? await tx.update(quickbooksConnections).set(values).where(eq(quickbooksConnections.id, id)).returning()
    : await tx
        .insert(quickbooksConnections)
        .values({ ...values, id, entityId: input.entityId, createdBy: input.userId, createdAt: now })
        .onConflictDoNothing({ target: quickbooksConnections.entityId })
        .returning();
  // Another callback for the company stored its connection first: the retry finds and locks it.
  if (!connection) throw new RetryableConflict('the QuickBooks connection');
  const job = await enqueueQuickbooksSync(tx, {
    entityId: input.entityId,
    realmId: input.realmId,
    createdBy: input.userId,
  });
  return { connection, job };
}
