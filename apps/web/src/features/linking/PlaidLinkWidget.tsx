import { useEffect, useRef } from 'react';
import { type LinkWidgetProps, LinkWidgetStatus } from './LinkWidgetStatus';
import { loadPlaidLink, type PlaidLinkError, type PlaidLinkHandler } from './plaidLinkScript';
import { useExchangeLinkToken } from './useBankLinkFlow';
import { useLinkWidgetPhase } from './useLinkWidgetPhase';

/**
 * Provider A when the server runs Plaid live: Plaid Link, opened with the session's link token (for
 * Reconnect, the update-mode token the server made for the item). Link draws itself; its outcome is
 * Keel's: onSuccess(public_token) goes to createPlaidItem as the sandbox dialog's token does, onExit
 * with an error shows Plaid's message, onExit without one ends the flow quietly. After a bank's OAuth
 * sign-in (/plaid-oauth) Link is created again with the same token and `receivedRedirectUri`, the
 * address Plaid sent the browser back to, which resumes it (plaid.com/docs/link/oauth).
 */
export function PlaidLinkWidget({
  session,
  oauthReturnUrl,
  onLinked,
  onExit,
  refetchQueries,
}: LinkWidgetProps) {
  const exchange = useExchangeLinkToken(refetchQueries);
  const { phase, finish, fail } = useLinkWidgetPhase(session, onLinked);
  // Link's callbacks outlive renders: they read the latest of these.
  const latest = useRef({ session, exchange, finish, fail, onExit });
  latest.current = { session, exchange, finish, fail, onExit };
  const { linkToken } = session;

  useEffect(() => {
    let live = true;
    let handler: PlaidLinkHandler | null = null;
    loadPlaidLink().then(
      (plaid) => {
        if (!live) return;
        handler = plaid.create({
          token: linkToken,
          ...(oauthReturnUrl ? { receivedRedirectUri: oauthReturnUrl } : {}),
          onSuccess: (publicToken) => {
            if (!live) return;
            const { session: done, exchange: exchangeToken, finish: finishWith } = latest.current;
            void finishWith(() => exchangeToken(done, publicToken));
          },
          onExit: (error) => {
            if (!live) return;
            if (error) latest.current.fail(describePlaidExit(error));
            else latest.current.onExit();
          },
        });
        handler.open();
      },
      (error: Error) => live && latest.current.fail(error.message),
    );
    return () => {
      live = false;
      handler?.destroy();
    };
  }, [linkToken, oauthReturnUrl]);

  return <LinkWidgetStatus session={session} phase={phase} onClose={onExit} />;
}

/** Plaid's message for the user when it gives one, else its message for developers. */
function describePlaidExit(error: PlaidLinkError): string {
  return (
    error.display_message || error.error_message || 'Plaid could not connect your bank. Please try again.'
  );
}
