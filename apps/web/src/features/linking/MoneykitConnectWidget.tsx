import type { LinkExitError } from '@moneykit/connect';
import { useEffect, useRef } from 'react';
import { type LinkWidgetProps, LinkWidgetStatus } from './LinkWidgetStatus';
import { useExchangeLinkToken, useFinishMoneykitRelink } from './useBankLinkFlow';
import { useLinkWidgetPhase } from './useLinkWidgetPhase';

const NOT_LOADED = 'MoneyKit Connect could not be loaded. Check your connection and try again.';
const NO_TOKEN = 'MoneyKit did not hand over the new connection. Please try again.';
const REFUSED = 'MoneyKit could not connect your bank. Please try again.';

/**
 * Provider B when the server runs MoneyKit live: MoneyKit Connect through MoneyKit's web SDK,
 * @moneykit/connect (docs.moneykit.com/connect/web; its types in github.com/moneykit/connect-js,
 * types/lib/connect-launcher.d.ts). The SDK draws Connect in an iframe from
 * https://connect.moneykit.com over the page and reports back by postMessage:
 * - link(link_session_token, …): a new link; its success callback is passed the exchangeable token,
 *   which goes to createMoneykitLink as the sandbox dialog's does;
 * - relink(link_session_token, …): Reconnect (the server made the session with existing_link_id); its
 *   success callback is passed the institution only, so Keel is told by useFinishMoneykitRelink;
 * - continue(returnUrl, …): on /moneykit-oauth, the session's redirect_uri, after a bank's OAuth
 *   sign-in, resumes the flow from the address MoneyKit sent the browser back to (success: a link's
 *   token, or for a relink the institution).
 * The exit callback's error carries `displayed_message`, shown as the sandbox dialog shows refusals;
 * without an error the flow ends quietly. The SDK is loaded only here, in live mode.
 */
export function MoneykitConnectWidget({
  session,
  oauthReturnUrl,
  onLinked,
  onExit,
  refetchQueries,
}: LinkWidgetProps) {
  const exchange = useExchangeLinkToken(refetchQueries);
  const finishRelink = useFinishMoneykitRelink(refetchQueries);
  const { phase, finish, fail } = useLinkWidgetPhase(session, onLinked);
  // Connect's callbacks outlive renders: they read the latest of these.
  const latest = useRef({ session, exchange, finishRelink, finish, fail, onExit });
  latest.current = { session, exchange, finishRelink, finish, fail, onExit };
  const { linkToken } = session;
  const relinking = session.linkId !== null;

  useEffect(() => {
    let live = true;
    const succeeded = (result: unknown) => {
      if (!live) return;
      const current = latest.current;
      if (typeof result === 'string') void current.finish(() => current.exchange(current.session, result));
      else if (relinking) void current.finish(() => current.finishRelink(current.session));
      else current.fail(NO_TOKEN);
    };
    const exited = (error: LinkExitError | null) => {
      if (!live) return;
      if (error) latest.current.fail(error.displayed_message || REFUSED);
      else latest.current.onExit();
    };
    import('@moneykit/connect').then(
      ({ default: MoneyKit }) => {
        if (!live) return;
        const connect = new MoneyKit();
        if (oauthReturnUrl) connect.continue(oauthReturnUrl, succeeded, exited);
        else if (relinking) connect.relink(linkToken, succeeded, exited);
        else connect.link(linkToken, succeeded, exited);
      },
      () => live && latest.current.fail(NOT_LOADED),
    );
    return () => {
      live = false;
    };
  }, [linkToken, relinking, oauthReturnUrl]);

  return <LinkWidgetStatus session={session} phase={phase} onClose={onExit} />;
}
