import { useQuery } from '@apollo/client/react';
import { useEffect } from 'react';
import type { LinkProvider } from './bankLinks';
import { AGGREGATOR_MODES_QUERY } from './linkingQueries';
import { MoneykitConnectWidget } from './MoneykitConnectWidget';
import { PlaidLinkWidget } from './PlaidLinkWidget';
import { SandboxLinkDialog, type SandboxLinkDialogProps } from './SandboxLinkDialog';

type BankLinkWidgetProps = SandboxLinkDialogProps & {
  /**
   * On a return page: the address a bank's OAuth sign-in sent the browser back to, from which a
   * vendor's widget resumes the flow (the sandbox dialog just opens again).
   */
  oauthReturnUrl?: string | null;
};

/**
 * The one place a link flow (Add Accounts, Reconnect, the OAuth return pages) opens its provider's
 * screen: the server's aggregatorModes say per provider whether it is the built-in sandbox, linked
 * through SandboxLinkDialog, or the vendor's live API, linked through the vendor's own widget (Plaid
 * Link for A, MoneyKit Connect for B). Until the modes are known nothing opens; if they cannot be read,
 * the sandbox dialog opens, which says so when the server has no sandbox for the provider.
 */
export function BankLinkWidget({
  session,
  onLinked,
  onExit,
  refetchQueries = [],
  oauthReturnUrl = null,
}: BankLinkWidgetProps) {
  const mode = useAggregatorMode(session?.provider ?? null);
  const live = mode === 'live' ? session : null;
  const widgetProps = { onLinked, onExit, refetchQueries, oauthReturnUrl };
  return (
    <>
      <SandboxLinkDialog
        session={mode === 'sandbox' ? session : null}
        onLinked={onLinked}
        onExit={onExit}
        refetchQueries={refetchQueries}
      />
      {live?.provider === 'plaid' ? (
        <PlaidLinkWidget key={live.linkToken} session={live} {...widgetProps} />
      ) : null}
      {live?.provider === 'moneykit' ? (
        <MoneykitConnectWidget key={live.linkToken} session={live} {...widgetProps} />
      ) : null}
    </>
  );
}

/** How the provider links now: 'pending' while the modes load (or no flow is under way). */
function useAggregatorMode(provider: LinkProvider | null): 'sandbox' | 'live' | 'pending' {
  // Read when the page opens, so a flow started later opens at once.
  const { data, error } = useQuery(AGGREGATOR_MODES_QUERY);
  useEffect(() => {
    if (error) console.error('The aggregator modes could not be loaded', error);
  }, [error]);
  if (!provider) return 'pending';
  const mode = data?.aggregatorModes.find((candidate) => candidate.provider === provider);
  if (mode) return mode.sandbox ? 'sandbox' : 'live';
  return data || error ? 'sandbox' : 'pending';
}
