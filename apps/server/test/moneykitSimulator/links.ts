import { z } from 'zod';
import {
  authExpired,
  invalidCredentials,
  invalidSession,
  invalidTokenExchange,
  linkDeleted,
  linkNotFound,
  moneykitError,
} from './errors';
import { type MoneykitRoute, route } from './http';
import { findInstitution, openLinkAccounts } from './institutions';
import {
  type MkAccount,
  type MkLink,
  type MoneykitState,
  newMkId,
  newSecretToken,
  SESSION_TTL_MS,
} from './state';

// Links: link sessions, Connect itself (completeConnect), exchangeable tokens, reading, refreshing and
// deleting links, a customer user's links, and the login expiring (expireAuth).

const SANDBOX_USERNAME = 'user_good';
const SANDBOX_PASSWORD = 'pass_good';

/** The link with this id, or MoneyKit's refusal (deleted, or never there). */
function linkOf(state: MoneykitState, linkId: string | undefined): MkLink {
  const link = linkId ? state.links.get(linkId) : undefined;
  if (link) return link;
  throw linkId && state.deletedLinks.has(linkId) ? linkDeleted() : linkNotFound();
}

/** As linkOf, refused while its login has expired (link_error.bad_state, link_error_code auth_expired). */
export function readableLink(state: MoneykitState, linkId: string | undefined): MkLink {
  const link = linkOf(state, linkId);
  if (link.errorCode === 'auth_expired') throw authExpired();
  return link;
}

export function renderLink(link: MkLink) {
  return {
    link_id: link.linkId,
    institution_id: link.institutionId,
    institution_name: link.institutionName,
    state: link.state,
    ...(link.errorCode ? { error_code: link.errorCode } : {}),
    last_synced_at: link.lastSyncedAt,
    tags: [],
    products: { accounts: {}, transactions: { settings: { required: true, prefetch: true } } },
  };
}

const owes = (account: MkAccount) =>
  account.accountType === 'credit_card' || account.accountType.startsWith('loan');

/**
 * MoneyKit's balances (decimal numbers): `current` is the posted balance (pending transactions 'have
 * not yet affected the account'), owed amounts positive on cards and loans; `available` less pending
 * money out (a card: its limit less what is owed and pending).
 */
function renderAccount(link: MkLink, account: MkAccount) {
  const current = owes(account) ? -account.postedCents : account.postedCents;
  let pendingOut = 0;
  for (const transaction of link.transactions.values()) {
    if (transaction.pending && transaction.accountId === account.accountId && transaction.type === 'debit') {
      pendingOut += transaction.amountCents;
    }
  }
  const available =
    account.limitCents !== null
      ? account.limitCents - current - pendingOut
      : owes(account)
        ? null
        : current - pendingOut;
  return {
    account_id: account.accountId,
    account_type: account.accountType,
    name: account.name,
    account_mask: account.mask,
    balances: {
      currency: 'USD',
      current: current / 100,
      available: available === null ? null : available / 100,
      limit: account.limitCents === null ? null : account.limitCents / 100,
    },
  };
}

function issueExchangeableToken(state: MoneykitState, link: MkLink): string {
  const token = newSecretToken('mk_exch_');
  state.exchangeableTokens.set(token, {
    token,
    linkId: link.linkId,
    used: false,
    expiresAt: state.now().getTime() + SESSION_TTL_MS,
  });
  return token;
}

/**
 * What MoneyKit Connect does in the browser with a link session: the user picks the institution and
 * signs in (user_good / pass_good); a new link is made, or a reconnect repairs the session's link.
 * Answers Connect's onSuccess exchangeable token.
 */
export function completeConnect(
  state: MoneykitState,
  input: { linkSessionToken: string; institutionId?: string; username: string; password: string },
): { exchangeableToken: string; linkId: string } {
  const session = state.sessions.get(input.linkSessionToken);
  if (!session || session.expiresAt <= state.now().getTime()) throw invalidSession();
  if (input.username !== SANDBOX_USERNAME || input.password !== SANDBOX_PASSWORD) throw invalidCredentials();
  if (session.existingLinkId) {
    const link = linkOf(state, session.existingLinkId);
    link.state = 'connected';
    link.errorCode = null;
    return { exchangeableToken: issueExchangeableToken(state, link), linkId: link.linkId };
  }
  const institution = findInstitution(session.institutionId ?? input.institutionId ?? '');
  if (!institution) throw moneykitError(404, 'institution_error.not_found', 'Institution not found.');
  const now = state.now();
  state.linkCount += 1;
  const { accounts, transactions } = openLinkAccounts(
    institution,
    now.toISOString().slice(0, 10),
    state.linkCount,
  );
  const link: MkLink = {
    linkId: newMkId('mk'),
    institutionId: institution.institutionId,
    institutionName: institution.name,
    customerUserId: session.customerUserId,
    state: 'awaiting_token_exchange',
    errorCode: null,
    lastSyncedAt: now.toISOString(),
    accounts,
    transactions: new Map(transactions.map((transaction) => [transaction.transactionId, transaction])),
    log: transactions.map((transaction) => ({ kind: 'created', transaction })),
    refreshes: [],
  };
  state.links.set(link.linkId, link);
  return { exchangeableToken: issueExchangeableToken(state, link), linkId: link.linkId };
}

/** The link's login expires at the institution (its state 'error', error_code 'auth_expired'). */
export function expireAuth(state: MoneykitState, linkId: string) {
  const link = linkOf(state, linkId);
  link.state = 'error';
  link.errorCode = 'auth_expired';
}

const PRODUCT = z.enum(['accounts', 'account_numbers', 'identity', 'transactions']);
const productSettings = z.strictObject({
  required: z.boolean().optional(),
  prefetch: z.boolean().optional(),
});

export function linkRoutes(): MoneykitRoute[] {
  return [
    route(
      'POST',
      '/link-session',
      (state, request: { body: z.infer<typeof linkSessionInput> }) => {
        const { body } = request;
        if (body.existing_link_id) linkOf(state, body.existing_link_id);
        const token = newSecretToken('mk_ls_');
        state.sessions.set(token, {
          token,
          customerUserId: body.customer_user.id,
          redirectUri: body.redirect_uri,
          existingLinkId: body.existing_link_id ?? null,
          institutionId: body.institution_id ?? null,
          expiresAt: state.now().getTime() + SESSION_TTL_MS,
        });
        return { link_session_token: token };
      },
      { schema: linkSessionInput },
    ),
    route(
      'POST',
      '/link-session/exchange-token',
      (state, request: { body: { exchangeable_token: string } }) => {
        const grant = state.exchangeableTokens.get(request.body.exchangeable_token);
        const link = grant ? state.links.get(grant.linkId) : undefined;
        if (!grant || grant.used || grant.expiresAt <= state.now().getTime() || !link)
          throw invalidTokenExchange();
        grant.used = true;
        if (link.state === 'awaiting_token_exchange') link.state = 'connected';
        return { link_id: link.linkId, link: renderLink(link) };
      },
      { schema: z.strictObject({ exchangeable_token: z.string().min(1) }) },
    ),
    route('GET', '/users/:id/links', (state, request) => ({
      links: Object.fromEntries(
        [...state.links.values()]
          .filter((link) => link.customerUserId === request.params[0])
          .map((link) => [link.linkId, { ...renderLink(link), provider: 'moneykit' }]),
      ),
    })),
    route('GET', '/links/:id', (state, request) => ({
      ...renderLink(linkOf(state, request.params[0])),
      provider: 'moneykit',
    })),
    route(
      'DELETE',
      '/links/:id',
      (state, request) => {
        const link = linkOf(state, request.params[0]);
        state.links.delete(link.linkId);
        state.deletedLinks.add(link.linkId);
        return undefined;
      },
      { status: 204 },
    ),
    route('GET', '/links/:id/accounts', (state, request) => {
      const link = readableLink(state, request.params[0]);
      return {
        accounts: link.accounts.map((account) => renderAccount(link, account)),
        link: renderLink(link),
      };
    }),
    route(
      'POST',
      '/links/:id/products',
      (state, request: { params: string[]; body: { products: string[] } }) => {
        const link = readableLink(state, request.params[0]);
        link.refreshes.push(request.body.products);
        link.lastSyncedAt = state.now().toISOString();
        return undefined;
      },
      { schema: z.strictObject({ products: z.array(PRODUCT).min(1) }), status: 202 },
    ),
  ];
}

const linkSessionInput = z.strictObject({
  customer_user: z.strictObject({
    id: z.string().min(1),
    email: z.strictObject({ address: z.string() }).optional(),
    phone: z.strictObject({ number: z.string() }).optional(),
  }),
  redirect_uri: z.url().refine((uri) => !uri.includes('?'), 'must not contain query parameters'),
  existing_link_id: z.string().min(1).nullable().optional(),
  institution_id: z.string().min(1).nullable().optional(),
  link_tags: z.array(z.string()).optional(),
  webhook: z.url().nullable().optional(),
  settings: z
    .strictObject({
      products: z
        .strictObject({
          transactions: productSettings.extend({ extend_history: z.boolean().optional() }).optional(),
          identity: productSettings.optional(),
          account_numbers: productSettings.optional(),
        })
        .optional(),
      countries: z.array(z.enum(['US', 'GB', 'CA'])).optional(),
    })
    .optional(),
});
