/** The application for a deposit account (spec §2 /apply): a public page that sends visitors to sign in. */
export const APPLY_PATH = '/apply';

/**
 * Where signing in or signing up may return to (?next=), instead of its usual page. A list, not any
 * path, so a link cannot send someone who just signed in anywhere a stranger chose.
 */
const RETURN_PATHS: ReadonlySet<string> = new Set([APPLY_PATH]);

/** The page to return to after signing in, when the query names an allowed one; else null. */
export function readReturnPath(params: URLSearchParams): string | null {
  const next = params.get('next');
  return next !== null && RETURN_PATHS.has(next) ? next : null;
}

/** `page` with ?next= set to `returnTo` ('/login?next=%2Fapply'); `page` alone when there is none. */
export function withReturnPath(page: string, returnTo: string | null): string {
  return returnTo ? `${page}?next=${encodeURIComponent(returnTo)}` : page;
}
