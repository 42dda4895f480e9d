import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { LinkReturnFrame } from './LinkReturnFrame';
import { pendingLinkStore } from './pendingLink';
import { ResumeLinkFlow } from './ResumeLinkFlow';

/** /plaid-oauth (spec §2): where provider A's OAuth institutions send the browser back. */
export function PlaidOauthPage() {
  return (
    <LinkReturnFrame>
      <PlaidOauthReturn />
    </LinkReturnFrame>
  );
}

/**
 * Resumes provider A's flow with the stored link token ('Missing link token' without one); when it
 * ends, linked or not, the token is cleared and the browser goes to /accounts.
 */
export function PlaidOauthReturn() {
  const navigate = useNavigate();
  const leave = () => {
    pendingLinkStore.clear();
    navigate('/accounts', { replace: true });
  };
  return (
    <ResumeLinkFlow
      provider="plaid"
      onLinked={(linked) => {
        notifications.show({ color: 'teal', title: `${linked.institutionName} connected`, message: '' });
        leave();
      }}
      onExit={leave}
    />
  );
}
