import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { PROVIDER_LABELS } from './bankLinks';
import type { PendingLink } from './pendingLink';
import type { LinkedBank } from './useBankLinkFlow';
import type { LinkWidgetPhase } from './useLinkWidgetPhase';

/** What a vendor's widget (PlaidLinkWidget, MoneykitConnectWidget) is given by BankLinkWidget. */
export type LinkWidgetProps = {
  session: PendingLink;
  /**
   * The address a bank's OAuth sign-in sent the browser back to (the return pages, with the vendor's
   * query): the widget resumes the flow from it. Null when the flow starts here.
   */
  oauthReturnUrl: string | null;
  onLinked: (linked: LinkedBank, session: PendingLink) => void;
  onExit: () => void;
  refetchQueries: readonly string[];
};

/**
 * What Keel shows around a vendor's widget, which draws itself: nothing while it is open; while Keel
 * makes the link from the token it gave, a dialog saying so; when the vendor or Keel refused, the
 * reason (as the sandbox dialog shows it) until the dialog is closed, which ends the flow.
 */
export function LinkWidgetStatus({
  session,
  phase,
  onClose,
}: {
  session: PendingLink;
  phase: LinkWidgetPhase;
  onClose: () => void;
}) {
  const updating = session.linkId !== null;
  const title = updating
    ? `Reconnect ${session.institutionName ?? 'your bank'}`
    : `Connect a bank with ${PROVIDER_LABELS[session.provider]}`;
  const failed = phase.phase === 'failed';
  return (
    <Modal
      opened={phase.phase !== 'open'}
      onClose={failed ? onClose : () => undefined}
      withCloseButton={failed}
      closeOnClickOutside={failed}
      closeOnEscape={failed}
      title={title}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {phase.phase === 'failed' ? (
        <Stack gap="md">
          <Alert color="red" role="alert" data-testid="link-error">
            {phase.message}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              OK
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm" p="md" justify="center" data-testid="link-finishing">
          <Loader size="sm" aria-label="Connecting" />
          <Text size="sm">{updating ? 'Reconnecting your bank…' : 'Connecting your bank…'}</Text>
        </Group>
      )}
    </Modal>
  );
}
