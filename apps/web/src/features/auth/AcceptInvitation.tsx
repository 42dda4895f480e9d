import { PRODUCT_NAME } from '@keel/domain';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { graphql } from '../../lib/graphql';
import { graphqlClient, graphqlErrorCode, resetGraphqlClient } from '../../lib/graphqlClient';
import { storeSelectedEntityId } from '../../shell/selectedEntity';
import { awaitingApprovalMessage, INVALID_INVITATION } from './acceptInvitationText';

const ACCEPT_INVITE = graphql(`
  mutation AcceptInvite($token: String!) {
    acceptInvite(token: $token) {
      entityId
      entityName
      status
    }
  }
`);

/** Where a person lands once they joined a company by invitation: its books. */
const AFTER_JOINING = '/financial';

type Outcome = { kind: 'awaiting'; entityName: string } | { kind: 'failed'; message: string } | null;

/**
 * /signup?invite_token= for someone already signed in (the invitation of a person who has an account):
 * 'Accept invitation' joins the company (acceptInvite) and opens it, or says it awaits an approval.
 */
export function AcceptInvitation({ inviteToken }: { inviteToken: string }) {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);

  const accept = async () => {
    setBusy(true);
    setOutcome(null);
    try {
      const result = await graphqlClient.mutate({
        mutation: ACCEPT_INVITE,
        variables: { token: inviteToken },
      });
      const accepted = result.data?.acceptInvite;
      if (!accepted) throw new Error('No answer');
      if (accepted.status === 'awaiting_approval') {
        setOutcome({ kind: 'awaiting', entityName: accepted.entityName });
        return;
      }
      // The company list and everything read so far belong to the membership before this one.
      await resetGraphqlClient();
      storeSelectedEntityId(accepted.entityId);
      navigate(AFTER_JOINING, { replace: true });
    } catch (error) {
      setOutcome({
        kind: 'failed',
        message:
          graphqlErrorCode(error) === 'NOT_FOUND'
            ? INVALID_INVITATION
            : 'Something went wrong. Please try again.',
      });
    } finally {
      setBusy(false);
    }
  };

  if (outcome?.kind === 'awaiting') {
    return (
      <Stack gap="md">
        <Alert color="blue" title="Waiting for approval" data-testid="invitation-awaiting">
          {awaitingApprovalMessage(outcome.entityName)}
        </Alert>
        <Button component={Link} to={AFTER_JOINING} variant="default">
          Go to {PRODUCT_NAME}
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <Text size="sm">
        You are signed in. Accept the invitation to join the company with this account, or sign out and open
        the invitation link again to create a new account for it.
      </Text>
      {outcome?.kind === 'failed' && (
        <Alert color="red" title="Invitation not accepted" data-testid="invitation-error">
          {outcome.message}
        </Alert>
      )}
      <Button size="md" loading={busy} onClick={accept}>
        Accept invitation
      </Button>
      <Anchor component={Link} to="/logout" size="sm" ta="center">
        Sign out
      </Anchor>
    </Stack>
  );
}
