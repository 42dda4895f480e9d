import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { type LinkProvider, sandboxAggregatorLinks } from '../../db/schema';
import type { SecretBox } from '../../secrets/secretBox';
import type { AggregatorAccount, AggregatorProvider, LinkCredential } from './index';
import {
  FEED_PAGE_DEFAULT,
  FEED_PAGE_MAX,
  feedPage,
  HISTORY_DAYS,
  parseFeedCursor,
  sandboxAccountId,
} from './sandboxFeed';
import { addDays, dayOf, sandboxBalanceOn } from './sandboxHistory';
import {
  findSandboxInstitution,
  SANDBOX_INSTITUTIONS,
  SANDBOX_PASSWORD,
  SANDBOX_USERNAME,
  type SandboxInstitution,
} from './sandboxInstitutions';
import { LINK_TOKEN_TTL_MS, openToken, PUBLIC_TOKEN_TTL_MS, sealToken } from './sandboxTokens';
import { loginRequiredCode, vendorError } from './vendorErrors';

/**
 * An aggregator sandbox (the default for both providers): the vendor simulated in our database. Its
 * items/links live in `sandbox_aggregator_links`, so every server of one database simulates the same;
 * their institutions, accounts and activity are sandboxInstitutions.ts and sandboxHistory.ts, their
 * transactions feed sandboxFeed.ts. Rules:
 *
 * - Credentials: SANDBOX_USERNAME / SANDBOX_PASSWORD (Plaid's user_good / pass_good); anything else is
 *   the vendor's INVALID_CREDENTIALS.
 * - A link's history starts HISTORY_DAYS before the day it was made; its balances count everything
 *   since SANDBOX_EPOCH, pending transactions included.
 * - A's access token is shown once, at the exchange; only its SHA-256 is kept. B has none (its API
 *   reads a link by id with the app's keys), so the exchange marks the link with its token's hash.
 * - forceLoginRequired makes every read fail with the provider's login-required error until the link
 *   is repaired through update mode (a link token for it, completed with the credentials).
 * - A public token's claims name the client user its flow was made for, so previewToken tells Keel
 *   whose it is before it is spent. Like the vendors, the sandbox removes a link (removeLink) on
 *   request, which Keel does whenever it refuses a link after exchanging its token.
 */
export function createSandboxAggregator(
  provider: LinkProvider,
  db: Db | Tx,
  secrets: SecretBox,
): AggregatorProvider {
  const fail = (kind: Parameters<typeof vendorError>[1]) => vendorError(provider, kind);
  const institutions = SANDBOX_INSTITUTIONS.filter((row) => row.provider === provider);

  const findLink = async (providerLinkId: string) => {
    const [row] = await db
      .select()
      .from(sandboxAggregatorLinks)
      .where(eq(sandboxAggregatorLinks.id, providerLinkId));
    return row && row.provider === provider ? row : null;
  };

  /** The link the credential names, or the vendor's refusal (unknown link, wrong access token). */
  const authorize = async (credential: LinkCredential) => {
    const row = await findLink(credential.providerLinkId);
    if (!row) throw fail('linkNotFound');
    if (
      provider === 'plaid' &&
      (!credential.accessToken || row.accessTokenHash !== hash(credential.accessToken))
    ) {
      throw fail('invalidAccessToken');
    }
    const institution = findSandboxInstitution(provider, row.institutionId);
    if (!institution) throw fail('linkNotFound');
    return { row, institution };
  };

  /**
   * The claims of a public token and the link it gives, or the vendor's invalid-token refusal: forged,
   * expired, its link gone, or (a new link's) exchanged already. Reading them spends nothing.
   */
  const unspentLinkOf = async (token: string, at: Date) => {
    const claims = openToken(secrets, provider, 'public', token, at);
    if (!claims) throw fail('invalidPublicToken');
    const row = await findLink(claims.providerLinkId);
    if (!row || (claims.mode === 'new' && row.accessTokenHash !== null)) throw fail('invalidPublicToken');
    if (!findSandboxInstitution(provider, row.institutionId)) throw fail('invalidPublicToken');
    return { claims, row };
  };

  /** As authorize, and refused while the link's login has expired. */
  const readable = async (credential: LinkCredential) => {
    const found = await authorize(credential);
    if (found.row.errorCode) throw fail('loginRequired');
    return found;
  };

  const accountsOf = (
    providerLinkId: string,
    institution: SandboxInstitution,
    at: Date,
  ): AggregatorAccount[] =>
    institution.accounts.map((account) => {
      const raw = sandboxBalanceOn(institution, account, dayOf(at));
      const owed = account.type === 'credit' || account.type === 'loan';
      const current = owed ? -raw : raw;
      return {
        accountId: sandboxAccountId(providerLinkId, account.key),
        name: account.name,
        officialName: account.officialName,
        mask: account.mask,
        type: account.type,
        subtype: account.subtype,
        balances: {
          current,
          available: account.limit !== null ? account.limit - current : owed ? null : current,
          limit: account.limit,
        },
      };
    });

  return {
    provider,
    kind: 'sandbox',

    async createLinkToken(request) {
      if (request.update) await authorize(request.update);
      const expiresAt = new Date(request.at.getTime() + LINK_TOKEN_TTL_MS);
      const linkToken = sealToken(secrets, {
        kind: 'link',
        provider,
        clientUserId: request.clientUserId,
        redirectUrl: request.redirectUrl,
        providerLinkId: request.update?.providerLinkId ?? null,
        expiresAt: expiresAt.getTime(),
      });
      return { linkToken, expiresAt };
    },

    async previewToken(token, at) {
      const { claims, row } = await unspentLinkOf(token, at);
      return { clientUserId: claims.clientUserId, providerLinkId: row.id };
    },

    async exchangeToken(token, at) {
      const { claims, row } = await unspentLinkOf(token, at);
      // A: a new access token (update mode rotates it); B: the link marked as exchanged.
      const accessToken = provider === 'plaid' ? `access-sandbox-${randomBytes(18).toString('hex')}` : null;
      await db
        .update(sandboxAggregatorLinks)
        .set({ accessTokenHash: hash(accessToken ?? token) })
        .where(eq(sandboxAggregatorLinks.id, row.id));
      return { providerLinkId: row.id, accessToken, clientUserId: claims.clientUserId };
    },

    async describeLink(credential, at) {
      const { row, institution } = await authorize(credential);
      return {
        institution: { id: institution.id, name: institution.name },
        accounts: accountsOf(row.id, institution, at),
      };
    },

    // The exchange already said whom the token was made for.
    isLinkOf: async () => null,

    async getAccounts(credential, at) {
      const { row, institution } = await readable(credential);
      return accountsOf(row.id, institution, at);
    },

    async syncTransactions(credential, cursor, options) {
      options.signal?.throwIfAborted();
      const { row, institution } = await readable(credential);
      const parsed = parseFeedCursor(cursor);
      if (!parsed) throw fail('invalidCursor');
      const count = Math.min(Math.max(options.count ?? FEED_PAGE_DEFAULT, 1), FEED_PAGE_MAX);
      const link = { providerLinkId: row.id, historyStart: addDays(row.createdOn, -HISTORY_DAYS) };
      return feedPage(institution, link, parsed, dayOf(options.at), count);
    },

    async refresh(credential) {
      await readable(credential);
    },

    async removeLink(credential) {
      const row = await findLink(credential.providerLinkId);
      if (!row) return;
      await authorize(credential);
      await db.delete(sandboxAggregatorLinks).where(eq(sandboxAggregatorLinks.id, row.id));
    },

    sandbox: {
      institutions: () =>
        institutions.map((row) => ({
          id: row.id,
          name: row.name,
          accounts: row.accounts.map((a) => a.name),
        })),

      async completeLink(input) {
        const claims = openToken(secrets, provider, 'link', input.linkToken, input.at);
        if (!claims) throw fail('invalidLinkToken');
        if (input.username !== SANDBOX_USERNAME || input.password !== SANDBOX_PASSWORD) {
          throw fail('invalidCredentials');
        }
        const expiresAt = input.at.getTime() + PUBLIC_TOKEN_TTL_MS;
        const publicToken = (providerLinkId: string, mode: 'new' | 'update') =>
          sealToken(secrets, {
            kind: 'public',
            provider,
            clientUserId: claims.clientUserId,
            providerLinkId,
            mode,
            expiresAt,
          });
        if (claims.providerLinkId) {
          const row = await findLink(claims.providerLinkId);
          if (!row) throw fail('linkNotFound');
          await db
            .update(sandboxAggregatorLinks)
            .set({ errorCode: null })
            .where(eq(sandboxAggregatorLinks.id, row.id));
          return { token: publicToken(row.id, 'update'), providerLinkId: row.id };
        }
        const institution = input.institutionId
          ? findSandboxInstitution(provider, input.institutionId)
          : null;
        if (!institution) throw fail('invalidInstitution');
        const id = provider === 'plaid' ? randomId(37) : `mk_link_${randomId(24)}`;
        await db.insert(sandboxAggregatorLinks).values({
          id,
          provider,
          institutionId: institution.id,
          accessTokenHash: null,
          errorCode: null,
          createdOn: dayOf(input.at),
          createdAt: input.at,
        });
        return { token: publicToken(id, 'new'), providerLinkId: id };
      },

      async forceLoginRequired(providerLinkId) {
        const updated = await db
          .update(sandboxAggregatorLinks)
          .set({ errorCode: loginRequiredCode(provider) })
          .where(
            and(eq(sandboxAggregatorLinks.id, providerLinkId), eq(sandboxAggregatorLinks.provider, provider)),
          )
          .returning({ id: sandboxAggregatorLinks.id });
        return updated.length > 0;
      },
    },
  };
}

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of letters and digits (a vendor's item or link id). */
function randomId(length: number): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (byte) => ID_ALPHABET[byte % ID_ALPHABET.length]).join('');
}

/** Both sandboxes on one database. */
export function createSandboxAggregators(
  db: Db | Tx,
  secrets: SecretBox,
): Record<LinkProvider, AggregatorProvider> {
  return {
    plaid: createSandboxAggregator('plaid', db, secrets),
    moneykit: createSandboxAggregator('moneykit', db, secrets),
  };
}
