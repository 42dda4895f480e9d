import { useApolloClient } from '@apollo/client/react';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useMutationRun } from '../../../lib/useMutationRun';
import {
  APPROVE_INVITE_MUTATION,
  DECLINE_INVITE_MUTATION,
  DELETE_INVITE_MUTATION,
  TEAM_QUERY,
  type TeamInvite,
} from './teamQueries';

const TEAM_REFETCH = [TEAM_QUERY] as const;

export type InviteAction = 'approve' | 'decline' | 'remove';

/**
 * The invitation rows' actions (spec §4 'Invite'): Approve, Decline and Remove, each refetching the team
 * (an approval can add a member) and toasting the outcome. `busy` names the row and action under way.
 */
export function useInviteActions() {
  const client = useApolloClient();
  const run = useMutationRun(TEAM_REFETCH);
  const [busy, setBusy] = useState<{ id: string; action: InviteAction } | null>(null);

  const perform = async (invite: TeamInvite, action: InviteAction) => {
    const name = `${invite.firstName} ${invite.lastName}`;
    setBusy({ id: invite.id, action });
    try {
      if (action === 'approve') {
        const result = await run('Invitation not approved', () =>
          client.mutate({ mutation: APPROVE_INVITE_MUTATION, variables: { id: invite.id } }),
        );
        if (!result) return;
        const joined = result.data?.approveInvite.member != null;
        notifications.show({
          color: 'green',
          message: joined
            ? `${name} approved and added to the team`
            : `${name} approved: they join when they sign up`,
        });
      } else {
        const mutation = action === 'decline' ? DECLINE_INVITE_MUTATION : DELETE_INVITE_MUTATION;
        const result = await run(
          action === 'decline' ? 'Invitation not declined' : 'Invitation not removed',
          () => client.mutate({ mutation, variables: { id: invite.id } }),
        );
        if (!result) return;
        notifications.show({
          color: 'green',
          message:
            action === 'decline' ? `Invitation for ${name} declined` : `Invitation for ${name} removed`,
        });
      }
    } finally {
      setBusy(null);
    }
  };

  return { perform, busy };
}
