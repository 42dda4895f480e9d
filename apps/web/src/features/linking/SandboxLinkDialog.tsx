import {
  Alert,
  Button,
  Code,
  Group,
  Loader,
  Modal,
  PasswordInput,
  Select,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { PROVIDER_LABELS } from './bankLinks';
import { describeLinkFailure } from './describeLinkFailure';
import type { PendingLink } from './pendingLink';
import {
  completeSandboxLink,
  fetchSandboxInstitutions,
  SANDBOX_CREDENTIALS,
  type SandboxInstitution,
} from './sandboxLinkApi';
import { type LinkedBank, useExchangeLinkToken } from './useBankLinkFlow';

export type SandboxLinkDialogProps = {
  /** The flow under way; null: closed. */
  session: PendingLink | null;
  onLinked: (linked: LinkedBank, session: PendingLink) => void;
  /** The user left the flow (spec §2: the stored token is then cleared). */
  onExit: () => void;
  /** Operation names of the queries on screen that a new link changes. */
  refetchQueries?: readonly string[];
};

/**
 * The aggregator sandbox's link screen, in place of the vendor's widget (Plaid Link, MoneyKit
 * Connect): choose an institution (not in update mode, where the token names the link to repair), sign
 * in with the sandbox credentials, and the token the sandbox answers is handed to Keel
 * (createPlaidItem / createMoneykitLink). Refusals (wrong credentials, an institution linked already)
 * show in the dialog, which stays open to try again.
 */
export function SandboxLinkDialog({
  session,
  onLinked,
  onExit,
  refetchQueries = [],
}: SandboxLinkDialogProps) {
  const provider = session?.provider ?? 'plaid';
  const updating = session?.linkId != null;
  const title = updating
    ? `Reconnect ${session?.institutionName ?? 'your bank'}`
    : `Connect a bank with ${PROVIDER_LABELS[provider]}`;
  return (
    <Modal
      opened={session !== null}
      onClose={onExit}
      title={title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {session ? (
        <SandboxLinkForm
          key={session.linkToken}
          session={session}
          onLinked={onLinked}
          onCancel={onExit}
          refetchQueries={refetchQueries}
        />
      ) : null}
    </Modal>
  );
}

type Institutions = { state: 'loading' } | { state: 'ready'; list: SandboxInstitution[] } | { state: 'none' };

function useSandboxInstitutions(session: PendingLink): Institutions {
  const [institutions, setInstitutions] = useState<Institutions>({ state: 'loading' });
  useEffect(() => {
    let live = true;
    fetchSandboxInstitutions(session.provider)
      .then((list) => live && setInstitutions(list ? { state: 'ready', list } : { state: 'none' }))
      .catch(() => live && setInstitutions({ state: 'none' }));
    return () => {
      live = false;
    };
  }, [session.provider]);
  return institutions;
}

function SandboxLinkForm({
  session,
  onLinked,
  onCancel,
  refetchQueries,
}: {
  session: PendingLink;
  onLinked: SandboxLinkDialogProps['onLinked'];
  onCancel: () => void;
  refetchQueries: readonly string[];
}) {
  const exchange = useExchangeLinkToken(refetchQueries);
  const institutions = useSandboxInstitutions(session);
  const updating = session.linkId !== null;
  const [institutionId, setInstitutionId] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const label = PROVIDER_LABELS[session.provider];

  if (institutions.state === 'loading') {
    return (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label="Loading institutions" />
      </Group>
    );
  }
  if (institutions.state === 'none') {
    return (
      <Alert color="orange" title={`${label} is not available`}>
        This server links banks through {label}'s own screens, which this version of the app does not include.
        Ask your administrator to use the {label} sandbox.
      </Alert>
    );
  }

  const chosen = institutions.list.find((institution) => institution.id === institutionId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!updating && !institutionId) {
      setError('Choose your bank.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const token = await completeSandboxLink(session.provider, {
        linkToken: session.linkToken,
        institutionId: updating ? null : institutionId,
        username,
        password,
      });
      const linked = await exchange(session, token);
      onLinked(linked, session);
    } catch (failure) {
      setError(describeLinkFailure(failure));
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={`${label} sign-in`}>
      <Stack gap="md">
        <Alert color="gray" variant="light" icon={<IconFlask size={18} />} data-testid="sandbox-hint">
          <Text size="sm">
            Sandbox: no real bank is contacted. Sign in with <Code>{SANDBOX_CREDENTIALS.username}</Code> and{' '}
            <Code>{SANDBOX_CREDENTIALS.password}</Code>.
          </Text>
        </Alert>
        {updating ? (
          <Text size="sm">
            Your login at {session.institutionName ?? 'your bank'} expired. Sign in again so {label} can keep
            importing its transactions.
          </Text>
        ) : (
          <Select
            label="Bank"
            placeholder="Choose your bank"
            data={institutions.list.map((institution) => ({
              value: institution.id,
              label: institution.name,
            }))}
            value={institutionId}
            onChange={setInstitutionId}
            searchable
            nothingFoundMessage="No bank of that name"
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
            description={chosen ? `Accounts: ${chosen.accounts.join(', ')}` : undefined}
          />
        )}
        <TextInput
          label="Username"
          autoComplete="off"
          value={username}
          onChange={(event) => setUsername(event.currentTarget.value)}
          required
        />
        <PasswordInput
          label="Password"
          autoComplete="off"
          value={password}
          onChange={(event) => setPassword(event.currentTarget.value)}
          required
        />
        {error ? (
          <Alert color="red" role="alert" data-testid="link-error">
            {error}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {updating ? 'Reconnect' : 'Connect'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
