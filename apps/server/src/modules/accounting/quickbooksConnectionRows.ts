import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { quickbooksConnections } from '../../db/schema';
import { isUuid } from '../../graphql/context';
import type { QuickbooksTokens } from '../../providers/accounting';
import type { SecretBox } from '../../secrets/secretBox';

export type QuickbooksConnectionRow = typeof quickbooksConnections.$inferSelect;

/** The seal contexts of a connection's tokens: a sealed token copied to another row or column does not open. */
const accessTokenContext = (connectionId: string) => `quickbooks-access-token:${connectionId}`;
const refreshTokenContext = (connectionId: string) => `quickbooks-refresh-token:${connectionId}`;

/** The company's connection whatever its status, or null. */
export async function findQuickbooksConnection(
  db: Db | Tx,
  entityId: string,
): Promise<QuickbooksConnectionRow | null> {
  if (!isUuid(entityId)) return null;
  const [row] = await db
    .select()
    .from(quickbooksConnections)
    .where(eq(quickbooksConnections.entityId, entityId));
  return row ?? null;
}

/** The company's connection unless it was disconnected (connected, or waiting for the user to sign in again). */
export async function findLiveQuickbooksConnection(
  db: Db | Tx,
  entityId: string,
): Promise<QuickbooksConnectionRow | null> {
  if (!isUuid(entityId)) return null;
  const [row] = await db
    .select()
    .from(quickbooksConnections)
    .where(
      and(eq(quickbooksConnections.entityId, entityId), ne(quickbooksConnections.status, 'disconnected')),
    );
  return row ?? null;
}

/** The token columns of a connection, the tokens sealed for it. */
export function sealedTokenColumns(secrets: SecretBox, connectionId: string, tokens: QuickbooksTokens) {
  return {
    accessTokenSealed: secrets.seal(tokens.accessToken, accessTokenContext(connectionId)),
    refreshTokenSealed: secrets.seal(tokens.refreshToken, refreshTokenContext(connectionId)),
    accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
  };
}

/** The connection's tokens, opened; null when it has none or they do not open (sealed under another key). */
export function openTokens(secrets: SecretBox, row: QuickbooksConnectionRow): QuickbooksTokens | null {
  if (
    !row.accessTokenSealed ||
    !row.refreshTokenSealed ||
    !row.accessTokenExpiresAt ||
    !row.refreshTokenExpiresAt
  ) {
    return null;
  }
  try {
    return {
      accessToken: secrets.open(row.accessTokenSealed, accessTokenContext(row.id)),
      refreshToken: secrets.open(row.refreshTokenSealed, refreshTokenContext(row.id)),
      accessTokenExpiresAt: row.accessTokenExpiresAt,
      refreshTokenExpiresAt: row.refreshTokenExpiresAt,
    };
  } catch {
    return null;
  }
}
