import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAccessToken } from '../../lib/authToken';
import { BankLinkWidget } from './BankLinkWidget';
import { type LinkProvider, PROVIDER_LABELS } from './bankLinks';
import { type PendingLink, readPendingLink } from './pendingLink';
import type { LinkedBank } from './useBankLinkFlow';

/** Spec §8: the return page found no stored link token. */
const MISSING_LINK_TOKEN = 'Missing link token';

/**
 * Resumes the link flow stored when it started (pendingLink.ts), on a provider's return page: the
 * flow opens again with the stored token (in sandbox mode, the sandbox's sign-in dialog; live, the
 * vendor's widget resuming from this page's address, which carries the vendor's OAuth answer) and
 * ends in `onLinked` or `onExit`. Without a stored token it fails with 'Missing link token' (spec §2,
 * §8).
 */
export function ResumeLinkFlow({
  provider,
  onLinked,
  onExit,
}: {
  provider: LinkProvider;
  onLinked: (linked: LinkedBank, session: PendingLink) => void;
  onExit: () => void;
}) {
  // Read once: finishing the flow clears the stored token, and the page must not fail then.
  const [session] = useState(() => readPendingLink(provider));
  // The address the bank sent the browser back to, as it arrived (the page may navigate later).
  const [returnUrl] = useState(() => window.location.href);
  const signedIn = useAccessToken() !== null;
  if (!session) {
    return (
      <Alert color="red" title={MISSING_LINK_TOKEN} icon={<IconAlertTriangle size={18} />} role="alert">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            This page finishes connecting a bank through {PROVIDER_LABELS[provider]}, but no connection was
            started in this browser. Start again from Linked Accounts.
          </Text>
          <Button component={Link} to="/accounts/linked" size="xs" variant="default">
            Go to Linked Accounts
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (!signedIn) {
    return (
      <Alert color="orange" title="Sign in to finish">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">
            Sign in to finish connecting your bank, then start again from Linked Accounts.
          </Text>
          <Button component={Link} to="/login" size="xs" variant="default">
            Sign in
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed" data-testid="resume-link">
        Finish signing in to your bank to connect it to Keel.
      </Text>
      <BankLinkWidget session={session} onLinked={onLinked} onExit={onExit} oauthReturnUrl={returnUrl} />
    </>
  );
}
