import { getAccessToken } from '../../lib/authToken';
import { ApiError, requestJson } from '../../lib/restClient';
import { notifyUnauthenticated } from '../../lib/unauthenticated';

/** A revealed card (spec §3 'Reveal returns primary_account_number and verification_code'). */
export type CardSecrets = { primaryAccountNumber: string; verificationCode: string; expiration: string };

/** The problem type the server gives a refused reveal token (apps/server/src/rest/cards.ts). */
const REVEAL_TOKEN_PROBLEM = 'invalid_reveal_token';

type RevealReply = { primary_account_number: string; verification_code: string; expiration: string };

/**
 * The reveal's second step: GET the card's reveal path with the session's bearer token and the reveal
 * token (as the X-Reveal-Token header, so it stays out of URLs and access logs). A 401 about the reveal
 * token (expired, spent) is this reveal's failure; any other 401 means the session is over, which
 * signs the user out as every refused call does (spec §8).
 */
export async function fetchCardSecrets(reveal: { token: string; revealPath: string }): Promise<CardSecrets> {
  const bearer = getAccessToken();
  try {
    const reply = await requestJson<RevealReply>(reveal.revealPath, {
      headers: { 'x-reveal-token': reveal.token, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    });
    return {
      primaryAccountNumber: reply.primary_account_number,
      verificationCode: reply.verification_code,
      expiration: reply.expiration,
    };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && !isRevealTokenProblem(error.body)) {
      notifyUnauthenticated();
    }
    throw error;
  }
}

function isRevealTokenProblem(body: unknown): boolean {
  return (
    typeof body === 'object' && body !== null && (body as { type?: unknown }).type === REVEAL_TOKEN_PROBLEM
  );
}
