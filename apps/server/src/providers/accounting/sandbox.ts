import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { sandboxQuickbooksCompanies, sandboxQuickbooksGrants } from '../../db/schema';
import {
  type AccountingConnection,
  AccountingError,
  type AccountingProvider,
  type QuickbooksTokens,
} from './index';
import { findSandboxCompany, HISTORY_DAYS, SANDBOX_COMPANIES, type SandboxCompany } from './sandboxCompanies';
import { addDays, dayOf } from './sandboxDays';
import { sandboxAccountsOn, sandboxTransactionsPage } from './sandboxFeed';

/**
 * The QuickBooks Online sandbox, the accounting provider's only implementation: Intuit's OAuth server
 * and a company file simulated in our database, so a company connects, syncs and disconnects offline.
 *
 * - Consent: the authorize URL opens the sandbox's own page (GET /api/sandbox/quickbooks/authorize,
 *   rest/sandboxQuickbooks.ts), which offers its company files (sandboxCompanies.ts); 'Connect' gets a
 *   code for the app's redirect URI (`grantCode`), valid 5 minutes and once, as Intuit's.
 * - Tokens: the code is exchanged for an access token (an hour) and a refresh token (100 days);
 *   refreshing rotates both; revoking either ends the grant. Only their SHA-256 is kept
 *   (`sandbox_quickbooks_grants`), so any server of the database answers for any grant.
 * - The company file: its history starts HISTORY_DAYS before the day it was first authorized
 *   (`sandbox_quickbooks_companies`) and runs to the day asked (sandboxActivity.ts, sandboxFeed.ts).
 * - Refusals are Intuit's: 'invalid_grant' for a code or refresh token that is unknown, expired, used or
 *   revoked (the user must connect again), 'AuthenticationFailed' (401) for an access token that is.
 */

export const SANDBOX_CLIENT_ID = 'ABkeelSandboxQuickbooksClient2026';
export const SANDBOX_AUTHORIZE_PATH = '/api/sandbox/quickbooks/authorize';
export const QUICKBOOKS_SCOPE = 'com.intuit.quickbooks.accounting';

const CODE_TTL_MS = 5 * 60_000;
const ACCESS_TTL_MS = 60 * 60_000;
const REFRESH_TTL_MS = 100 * 86_400_000;

const hash = (value: string) => createHash('sha256').update(value).digest('hex');
const secret = (prefix: string) => `${prefix}${randomBytes(32).toString('base64url')}`;

function newTokens(at: Date): QuickbooksTokens {
  return {
    accessToken: secret('qbo-sandbox-access-'),
    refreshToken: secret('qbo-sandbox-refresh-'),
    accessTokenExpiresAt: new Date(at.getTime() + ACCESS_TTL_MS),
    refreshTokenExpiresAt: new Date(at.getTime() + REFRESH_TTL_MS),
  };
}

const tokenColumns = (tokens: QuickbooksTokens) => ({
  accessTokenHash: hash(tokens.accessToken),
  accessTokenExpiresAt: tokens.accessTokenExpiresAt,
  refreshTokenHash: hash(tokens.refreshToken),
  refreshTokenExpiresAt: tokens.refreshTokenExpiresAt,
});

const invalidGrant = (message: string) =>
  new AccountingError({ code: 'invalid_grant', message, loginRequired: true });
const authenticationFailed = () =>
  new AccountingError({
    code: 'AuthenticationFailed',
    message: 'The access token is invalid, expired or revoked',
    unauthorized: true,
  });

export function createSandboxAccounting(db: Db | Tx, options: { appUrl: string }): AccountingProvider {
  /** The company file's row (its history start), made when it is first authorized. */
  const companyFile = async (company: SandboxCompany, at: Date) => {
    await db
      .insert(sandboxQuickbooksCompanies)
      .values({ realmId: company.realmId, historyStart: addDays(dayOf(at), -HISTORY_DAYS), createdAt: at })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(sandboxQuickbooksCompanies)
      .where(eq(sandboxQuickbooksCompanies.realmId, company.realmId));
    if (!row) throw new Error('The sandbox company file vanished');
    return { company, historyStart: row.historyStart };
  };

  /** The company file a live access token opens, or Intuit's 401. */
  const authorize = async (connection: AccountingConnection, at: Date) => {
    const [grant] = await db
      .select()
      .from(sandboxQuickbooksGrants)
      .where(eq(sandboxQuickbooksGrants.accessTokenHash, hash(connection.accessToken)));
    const company = findSandboxCompany(connection.realmId);
    if (
      !grant ||
      !company ||
      grant.realmId !== connection.realmId ||
      grant.revokedAt !== null ||
      !grant.accessTokenExpiresAt ||
      grant.accessTokenExpiresAt <= at
    ) {
      throw authenticationFailed();
    }
    return companyFile(company, at);
  };

  return {
    kind: 'sandbox',

    authorizeUrl({ state, redirectUri }) {
      const query = new URLSearchParams({
        client_id: SANDBOX_CLIENT_ID,
        response_type: 'code',
        scope: QUICKBOOKS_SCOPE,
        redirect_uri: redirectUri,
        state,
      });
      return `${options.appUrl.replace(/\/+$/, '')}${SANDBOX_AUTHORIZE_PATH}?${query}`;
    },

    async exchangeCode({ code, realmId, redirectUri, at }) {
      const company = findSandboxCompany(realmId);
      if (!company) throw invalidGrant('Unknown company');
      const tokens = newTokens(at);
      const [grant] = await db
        .update(sandboxQuickbooksGrants)
        .set({ codeUsedAt: at, ...tokenColumns(tokens) })
        .where(
          and(
            eq(sandboxQuickbooksGrants.codeHash, hash(code)),
            eq(sandboxQuickbooksGrants.realmId, realmId),
            eq(sandboxQuickbooksGrants.redirectUri, redirectUri),
            isNull(sandboxQuickbooksGrants.codeUsedAt),
            isNull(sandboxQuickbooksGrants.revokedAt),
            gt(sandboxQuickbooksGrants.codeExpiresAt, at),
          ),
        )
        .returning({ id: sandboxQuickbooksGrants.id });
      if (!grant) throw invalidGrant('The authorization code is invalid, expired or already used');
      return { tokens, companyName: company.companyName };
    },

    async refreshTokens({ refreshToken, at }) {
      const tokens = newTokens(at);
      const [grant] = await db
        .update(sandboxQuickbooksGrants)
        .set(tokenColumns(tokens))
        .where(
          and(
            eq(sandboxQuickbooksGrants.refreshTokenHash, hash(refreshToken)),
            isNull(sandboxQuickbooksGrants.revokedAt),
            gt(sandboxQuickbooksGrants.refreshTokenExpiresAt, at),
          ),
        )
        .returning({ id: sandboxQuickbooksGrants.id });
      if (!grant) throw invalidGrant('The refresh token is invalid, expired or revoked');
      return tokens;
    },

    async listAccounts(connection, { at, signal }) {
      signal?.throwIfAborted();
      const file = await authorize(connection, at);
      return sandboxAccountsOn(file.company, file.historyStart, dayOf(at));
    },

    async listTransactions(connection, { cursor, pageSize, at, signal }) {
      signal?.throwIfAborted();
      const file = await authorize(connection, at);
      return sandboxTransactionsPage(file.company, file.historyStart, {
        cursor,
        today: dayOf(at),
        ...(pageSize === undefined ? {} : { pageSize }),
      });
    },

    async revoke({ token, at }) {
      const tokenHash = hash(token);
      await db
        .update(sandboxQuickbooksGrants)
        .set({ revokedAt: at })
        .where(
          and(
            or(
              eq(sandboxQuickbooksGrants.accessTokenHash, tokenHash),
              eq(sandboxQuickbooksGrants.refreshTokenHash, tokenHash),
            ),
            isNull(sandboxQuickbooksGrants.revokedAt),
          ),
        );
    },

    sandbox: {
      clientId: SANDBOX_CLIENT_ID,
      companies: () => SANDBOX_COMPANIES.map(({ realmId, companyName }) => ({ realmId, companyName })),

      async grantCode({ realmId, redirectUri, at }) {
        const company = findSandboxCompany(realmId);
        if (!company) throw new AccountingError({ code: 'invalid_request', message: 'Unknown company' });
        await companyFile(company, at);
        const code = secret('AB11');
        await db.insert(sandboxQuickbooksGrants).values({
          realmId,
          codeHash: hash(code),
          redirectUri,
          codeExpiresAt: new Date(at.getTime() + CODE_TTL_MS),
          createdAt: at,
        });
        return code;
      },

      async revokeRealm(realmId, at) {
        const revoked = await db
          .update(sandboxQuickbooksGrants)
          .set({ revokedAt: at })
          .where(and(eq(sandboxQuickbooksGrants.realmId, realmId), isNull(sandboxQuickbooksGrants.revokedAt)))
          .returning({ id: sandboxQuickbooksGrants.id });
        return revoked.length;
      },
    },
  };
}
