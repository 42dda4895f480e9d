/**
 * Plaid's web SDK for Link (provider A live). Plaid ships it only as a script that must be loaded from
 * its CDN, never bundled or self-hosted, and not versioned (plaid.com/docs/link/web, 'Installation'):
 * `window.Plaid.create(options)` answers a handler with open, exit and destroy. The shapes below are
 * the part Keel uses, as that page and Plaid's React wrapper (github.com/plaid/react-plaid-link,
 * src/types) describe them: open() called before Link has loaded waits for it.
 */

export const PLAID_LINK_SCRIPT_URL = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';

/** Link's onExit error (null when the user just closed Link). */
export type PlaidLinkError = {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
};

export type PlaidLinkOptions = {
  /** The link_token from /link/token/create (an update-mode token for Reconnect). */
  token: string;
  /** Re-initialising Link after a bank's OAuth sign-in: the address Plaid sent the browser back to. */
  receivedRedirectUri?: string;
  onSuccess: (publicToken: string, metadata: unknown) => void;
  onExit: (error: PlaidLinkError | null, metadata: unknown) => void;
};

export type PlaidLinkHandler = { open(): void; exit(options?: { force?: boolean }): void; destroy(): void };

type PlaidLinkFactory = { create(options: PlaidLinkOptions): PlaidLinkHandler };

declare global {
  interface Window {
    Plaid?: PlaidLinkFactory;
  }
}

let loading: Promise<PlaidLinkFactory> | null = null;

/** Plaid's Link SDK: the one on the page, or its script added now (once; again after a failure). */
export function loadPlaidLink(): Promise<PlaidLinkFactory> {
  if (window.Plaid) return Promise.resolve(window.Plaid);
  loading ??= new Promise<PlaidLinkFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = PLAID_LINK_SCRIPT_URL;
    script.async = true;
    const failed = () => {
      loading = null;
      script.remove();
      reject(new Error('Plaid Link could not be loaded. Check your connection and try again.'));
    };
    script.addEventListener('load', () => (window.Plaid ? resolve(window.Plaid) : failed()));
    script.addEventListener('error', failed);
    document.head.appendChild(script);
  });
  return loading;
}
