import type { LinkProvider } from '../../db/schema';
import type { SecretBox } from '../../secrets/secretBox';

/**
 * The sandboxes' link tokens and public (exchangeable) tokens: their claims sealed with the server's
 * secret box (authenticated, so nobody can forge or alter one; the same key on every server of one
 * database, so any server accepts any server's token). Nothing is stored for them: a token is valid
 * until it expires, and a public token for a new link is single-use because exchanging it gives the
 * link its credential (sandbox.ts).
 */

export type LinkTokenClaims = {
  kind: 'link';
  provider: LinkProvider;
  clientUserId: string;
  redirectUrl: string | null;
  /** Update mode: the link it repairs. */
  providerLinkId: string | null;
  expiresAt: number;
};

export type PublicTokenClaims = {
  kind: 'public';
  provider: LinkProvider;
  clientUserId: string;
  providerLinkId: string;
  mode: 'new' | 'update';
  expiresAt: number;
};

type Claims = LinkTokenClaims | PublicTokenClaims;

/** Plaid's: link tokens last 4 hours, public tokens 30 minutes. */
export const LINK_TOKEN_TTL_MS = 4 * 60 * 60 * 1000;
export const PUBLIC_TOKEN_TTL_MS = 30 * 60 * 1000;

const PREFIXES: Record<LinkProvider, Record<Claims['kind'], string>> = {
  plaid: { link: 'link-sandbox-', public: 'public-sandbox-' },
  moneykit: { link: 'mk-session-sandbox-', public: 'mk-exchange-sandbox-' },
};

const CONTEXT = 'aggregator-sandbox-token';

export function sealToken(secrets: SecretBox, claims: Claims): string {
  return `${PREFIXES[claims.provider][claims.kind]}${secrets.seal(JSON.stringify(claims), CONTEXT)}`;
}

/** The token's claims when it is one of this provider's, of this kind, and unexpired at `at`; else null. */
export function openToken<K extends Claims['kind']>(
  secrets: SecretBox,
  provider: LinkProvider,
  kind: K,
  token: string,
  at: Date,
): Extract<Claims, { kind: K }> | null {
  const prefix = PREFIXES[provider][kind];
  if (!token.startsWith(prefix)) return null;
  let claims: Claims;
  try {
    claims = JSON.parse(secrets.open(token.slice(prefix.length), CONTEXT)) as Claims;
  } catch {
    return null;
  }
  if (claims.kind !== kind || claims.provider !== provider || claims.expiresAt <= at.getTime()) return null;
  return claims as Extract<Claims, { kind: K }>;
}
