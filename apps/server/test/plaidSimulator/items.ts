import { CountryCode, type Institution, Products } from 'plaid';
import { z } from 'zod';
import {
  invalidAccessToken,
  invalidCredentials,
  invalidInstitution,
  invalidLinkToken,
  invalidPublicToken,
  invalidRequest,
  itemLoginRequired,
  itemNotFound,
} from './errors';
import type { PlaidRoute } from './http';
import { findInstitution, openItemAccounts, type SimInstitution } from './institutions';
import { renderAccount, renderItem } from './render';
import {
  LINK_TOKEN_TTL_MS,
  newPlaidId,
  newToken,
  type PlaidState,
  PUBLIC_TOKEN_TTL_MS,
  type SimItem,
} from './state';

// Items: Link tokens, Link itself (completeLink), public tokens and their exchange, reading and
// removing items, and the sandbox's shortcuts (/sandbox/public_token/create, /sandbox/item/reset_login).

/** Plaid's sandbox credentials; anything else is INVALID_CREDENTIALS. */
const SANDBOX_USERNAME = 'user_good';
const SANDBOX_PASSWORD = 'pass_good';

const ACCESS_TOKEN = /^access-(sandbox|development|production)-[0-9a-f-]{36}$/;
const PRODUCTS = z.enum([
  'transactions',
  'auth',
  'identity',
  'balance',
  'assets',
  'investments',
  'liabilities',
]);
const COUNTRIES = z.array(z.enum(['US', 'CA', 'GB'])).min(1);
const accessTokenInput = z.strictObject({ access_token: z.string().min(1) });

/** The item an access token opens, or Plaid's refusal (malformed, unknown, or its item removed). */
function itemOf(state: PlaidState, accessToken: string): SimItem {
  if (!ACCESS_TOKEN.test(accessToken)) throw invalidAccessToken();
  const itemId = state.accessTokens.get(accessToken);
  const item = itemId ? state.items.get(itemId) : undefined;
  if (!item) throw itemNotFound();
  return item;
}

/** As itemOf, refused while the item's login has expired (its data cannot be read). */
export function readableItem(state: PlaidState, accessToken: string): SimItem {
  const item = itemOf(state, accessToken);
  if (item.error) throw itemLoginRequired();
  return item;
}

/** A new item of the institution, with its accounts and history as of the simulator's today. */
function createItem(state: PlaidState, institution: SimInstitution, clientUserId: string | null): SimItem {
  const now = state.now();
  state.itemCount += 1;
  const { accounts, transactions } = openItemAccounts(
    institution,
    now.toISOString().slice(0, 10),
    state.itemCount,
  );
  const item: SimItem = {
    itemId: newPlaidId(),
    accessToken: newToken('access'),
    institutionId: institution.institutionId,
    clientUserId,
    createdAt: now.toISOString(),
    error: null,
    accounts,
    transactions: new Map(transactions.map((transaction) => [transaction.transactionId, transaction])),
    log: transactions.map((transaction) => ({ kind: 'added', transaction })),
  };
  state.items.set(item.itemId, item);
  state.accessTokens.set(item.accessToken, item.itemId);
  return item;
}

function issuePublicToken(state: PlaidState, item: SimItem): string {
  const publicToken = newToken('public');
  state.publicTokens.set(publicToken, {
    publicToken,
    itemId: item.itemId,
    expiresAt: state.now().getTime() + PUBLIC_TOKEN_TTL_MS,
    used: false,
  });
  return publicToken;
}

/**
 * What Plaid Link does in the browser with a link token: the user picks the institution (new mode) and
 * signs in; a new item is made, or in update mode the item's login is repaired. Answers Link's
 * onSuccess public token.
 */
export function completeLink(
  state: PlaidState,
  input: { linkToken: string; institutionId?: string; username: string; password: string },
): { publicToken: string; itemId: string } {
  const grant = state.linkTokens.get(input.linkToken);
  if (!grant || grant.expiresAt <= state.now().getTime()) throw invalidLinkToken();
  if (input.username !== SANDBOX_USERNAME || input.password !== SANDBOX_PASSWORD) throw invalidCredentials();
  if (grant.itemId) {
    const item = state.items.get(grant.itemId);
    if (!item) throw itemNotFound();
    item.error = null;
    return { publicToken: issuePublicToken(state, item), itemId: item.itemId };
  }
  const institution = findInstitution(input.institutionId ?? '');
  if (!institution) throw invalidInstitution();
  const item = createItem(state, institution, grant.clientUserId);
  return { publicToken: issuePublicToken(state, item), itemId: item.itemId };
}

function institutionAnswer(institution: SimInstitution): Institution {
  return {
    institution_id: institution.institutionId,
    name: institution.name,
    products: [Products.Transactions, Products.Auth, Products.Balance, Products.Identity],
    country_codes: [CountryCode.Us],
    routing_numbers: [],
    oauth: false,
  };
}

export function itemRoutes(): [string, PlaidRoute][] {
  const route = <S extends z.ZodType>(schema: S, handle: (state: PlaidState, body: z.infer<S>) => object) =>
    ({ schema, handle }) as PlaidRoute;
  return [
    [
      '/link/token/create',
      route(
        z.strictObject({
          client_name: z.string().min(1).max(30),
          language: z.enum(['en', 'fr', 'es', 'de', 'nl']),
          country_codes: COUNTRIES,
          user: z.strictObject({ client_user_id: z.string().min(1).max(128) }),
          products: z.array(PRODUCTS).min(1).optional(),
          access_token: z.string().min(1).optional(),
          redirect_uri: z
            .url()
            .refine((uri) => !uri.includes('?'), 'must not have query parameters')
            .optional(),
          webhook: z.url().optional(),
        }),
        (state, body) => {
          if (!body.access_token && !body.products) {
            throw invalidRequest(
              'INVALID_FIELD',
              'products must be provided unless access_token is (update mode)',
            );
          }
          const item = body.access_token ? itemOf(state, body.access_token) : null;
          const linkToken = newToken('link');
          const expiresAt = state.now().getTime() + LINK_TOKEN_TTL_MS;
          state.linkTokens.set(linkToken, {
            linkToken,
            clientUserId: body.user.client_user_id,
            products: body.products ?? [],
            redirectUri: body.redirect_uri ?? null,
            itemId: item?.itemId ?? null,
            expiresAt,
          });
          return {
            link_token: linkToken,
            expiration: new Date(expiresAt).toISOString().replace(/\.\d+Z$/, 'Z'),
          };
        },
      ),
    ],
    [
      '/item/public_token/exchange',
      route(z.strictObject({ public_token: z.string().min(1) }), (state, body) => {
        if (!body.public_token.startsWith('public-')) throw invalidPublicToken();
        const grant = state.publicTokens.get(body.public_token);
        const item = grant ? state.items.get(grant.itemId) : undefined;
        if (!grant || grant.used || grant.expiresAt <= state.now().getTime() || !item) {
          throw invalidPublicToken(
            'provided public token is expired. Public tokens expire 30 minutes after creation at which point they can no longer be exchanged',
          );
        }
        grant.used = true;
        return { access_token: item.accessToken, item_id: item.itemId };
      }),
    ],
    [
      '/item/get',
      route(accessTokenInput, (state, body) => ({
        item: renderItem(itemOf(state, body.access_token)),
        status: null,
      })),
    ],
    [
      '/item/remove',
      route(
        z.strictObject({
          access_token: z.string().min(1),
          reason_code: z.string().optional(),
          reason_note: z.string().optional(),
        }),
        (state, body) => {
          const item = itemOf(state, body.access_token);
          state.items.delete(item.itemId);
          state.accessTokens.delete(item.accessToken);
          return {};
        },
      ),
    ],
    ...(['/accounts/get', '/accounts/balance/get'] as const).map((path): [string, PlaidRoute] => [
      path,
      route(
        z.strictObject({
          access_token: z.string().min(1),
          options: z.strictObject({ account_ids: z.array(z.string()).optional() }).optional(),
        }),
        (state, body) => {
          const item = readableItem(state, body.access_token);
          const wanted = body.options?.account_ids;
          const accounts = item.accounts.filter((account) => !wanted || wanted.includes(account.accountId));
          return {
            accounts: accounts.map((account) => renderAccount(item, account)),
            item: renderItem(item),
          };
        },
      ),
    ]),
    [
      '/institutions/get_by_id',
      route(
        z.strictObject({
          institution_id: z.string().min(1),
          country_codes: COUNTRIES,
          options: z.object({}).optional(),
        }),
        (_state, body) => {
          const institution = findInstitution(body.institution_id);
          if (!institution) throw invalidInstitution();
          return { institution: institutionAnswer(institution) };
        },
      ),
    ],
    [
      '/sandbox/public_token/create',
      route(
        z.strictObject({
          institution_id: z.string().min(1),
          initial_products: z.array(PRODUCTS).min(1),
          options: z
            .strictObject({
              webhook: z.url().optional(),
              override_username: z.string().optional(),
              override_password: z.string().optional(),
            })
            .optional(),
        }),
        (state, body) => {
          const institution = findInstitution(body.institution_id);
          if (!institution) throw invalidInstitution();
          return { public_token: issuePublicToken(state, createItem(state, institution, null)) };
        },
      ),
    ],
    [
      '/sandbox/item/reset_login',
      route(accessTokenInput, (state, body) => {
        const item = itemOf(state, body.access_token);
        item.error = itemLoginRequired().body;
        return { reset_login: true };
      }),
    ],
  ];
}
