import { and, eq } from 'drizzle-orm';
import { quickbooksConnections } from '../../db/schema';
import {
  type AccountingConnection,
  AccountingError,
  type QuickbooksTokens,
} from '../../providers/accounting';
import type { AccountingDeps } from './accountingDeps';
import { openTokens, type QuickbooksConnectionRow, sealedTokenColumns } from './quickbooksConnectionRows';

/** The connection's login must be repaired by the user (it is marked 'login_required'). */
export class QuickbooksLoginRequired extends Error {
  constructor(cause?: unknown) {
    super('QuickBooks needs the user to sign in again', cause === undefined ? undefined : { cause });
    this.name = 'QuickbooksLoginRequired';
  }
}

/** An access token this close to its expiry is refreshed before it is used. */
const REFRESH_MARGIN_MS = 5 * 60_000;

export type QuickbooksSession = {
  /** Runs a read with a live access token: refreshed first when it is about to expire, and once more when refused. */
  read<T>(work: (connection: AccountingConnection) => Promise<T>): Promise<T>;
};

/**
 * Reads a company file for one connection, keeping its access token live: refreshed (and the new
 * tokens sealed on the connection) when within REFRESH_MARGIN_MS of expiring, or when QuickBooks
 * refuses it. A refresh token QuickBooks refuses (revoked, expired), or tokens that no longer open,
 * mean only the user can repair it: the connection is marked 'login_required' and
 * QuickbooksLoginRequired is thrown.
 */
export function openQuickbooksSession(
  deps: AccountingDeps,
  connection: QuickbooksConnectionRow,
): QuickbooksSession {
  let tokens: QuickbooksTokens | null = openTokens(deps.secrets, connection);

  const loginRequired = async (cause?: unknown): Promise<never> => {
    await deps.db
      .update(quickbooksConnections)
      .set({ status: 'login_required', updatedAt: deps.clock.now() })
      .where(and(eq(quickbooksConnections.id, connection.id), eq(quickbooksConnections.status, 'connected')));
    throw new QuickbooksLoginRequired(cause);
  };

  const refresh = async (): Promise<QuickbooksTokens> => {
    if (!tokens) return loginRequired();
    let fresh: QuickbooksTokens;
    try {
      fresh = await deps.accounting.refreshTokens({
        refreshToken: tokens.refreshToken,
        at: deps.clock.now(),
      });
    } catch (error) {
      if (error instanceof AccountingError && (error.loginRequired || error.unauthorized)) {
        return loginRequired(error);
      }
      throw error;
    }
    tokens = fresh;
    await deps.db
      .update(quickbooksConnections)
      .set({ ...sealedTokenColumns(deps.secrets, connection.id, fresh), updatedAt: deps.clock.now() })
      .where(
        and(
          eq(quickbooksConnections.id, connection.id),
          eq(quickbooksConnections.realmId, connection.realmId),
        ),
      );
    return fresh;
  };

  const live = async () => {
    if (!tokens) return loginRequired();
    if (tokens.accessTokenExpiresAt.getTime() - REFRESH_MARGIN_MS <= deps.clock.now().getTime())
      return refresh();
    return tokens;
  };

  return {
    async read(work) {
      const current = await live();
      try {
        return await work({ realmId: connection.realmId, accessToken: current.accessToken });
      } catch (error) {
        if (!(error instanceof AccountingError)) throw error;
        if (error.loginRequired) return loginRequired(error);
        if (!error.unauthorized) throw error;
      }
      const refreshed = await refresh();
      try {
        return await work({ realmId: connection.realmId, accessToken: refreshed.accessToken });
      } catch (error) {
        if (error instanceof AccountingError && (error.loginRequired || error.unauthorized)) {
          return loginRequired(error);
        }
        throw error;
      }
    },
  };
}
