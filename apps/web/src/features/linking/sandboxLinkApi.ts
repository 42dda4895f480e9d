import { ApiError, requestJson } from '../../lib/restClient';
import type { LinkProvider } from './bankLinks';

/**
 * The aggregator sandboxes' hosted screens (apps/server/src/rest/sandboxAggregators.ts): what Plaid's
 * Link and MoneyKit's Connect are for the real vendors. They exist only while the server's provider is
 * its sandbox (the default), which is how the page knows to show its own link dialog.
 */

/** The credentials the sandboxes accept (Plaid's sandbox user), shown as a hint in the dialog. */
export const SANDBOX_CREDENTIALS = { username: 'user_good', password: 'pass_good' } as const;

export type SandboxInstitution = { id: string; name: string; accounts: string[] };

/** The sandbox's institutions for a provider, or null when the server has no sandbox for it. */
export async function fetchSandboxInstitutions(provider: LinkProvider): Promise<SandboxInstitution[] | null> {
  try {
    const body = await requestJson<{ institutions: SandboxInstitution[] }>(
      `/api/sandbox/aggregators/${provider}/institutions`,
    );
    return body.institutions;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

type SandboxLinkInput = {
  linkToken: string;
  /** The institution chosen; none in update mode (the token names the link it repairs). */
  institutionId: string | null;
  username: string;
  password: string;
};

/**
 * Signs in at the institution and answers the token the page hands to Keel: A's public token (for
 * createPlaidItem) or B's exchangeable token (for createMoneykitLink). A refusal (wrong credentials, an
 * expired link token) throws ApiError whose detail is the vendor's message.
 */
export async function completeSandboxLink(provider: LinkProvider, input: SandboxLinkInput): Promise<string> {
  const body = await requestJson<{ public_token?: string; exchangeable_token?: string }>(
    `/api/sandbox/aggregators/${provider}/link`,
    {
      json: {
        link_token: input.linkToken,
        institution_id: input.institutionId,
        username: input.username,
        password: input.password,
      },
    },
  );
  const token = provider === 'plaid' ? body.public_token : body.exchangeable_token;
  if (!token) throw new Error('The sandbox did not answer a token');
  return token;
}
