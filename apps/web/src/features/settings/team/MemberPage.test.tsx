import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { MemberPage } from './MemberPage';
import { member, renderTeamPage, teamMock } from './team.testkit';
import { DELETE_MEMBER_MUTATION, MEMBER_QUERY, UPDATE_MEMBER_MUTATION } from './teamQueries';

const blake = member('m3', 'Blake Books', 'bookkeeper');

const memberMock = (data = blake): MockLink.MockedResponse => ({
  request: { query: MEMBER_QUERY, variables: { id: data.id } },
  result: { data: { member: data } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

async function renderMember(
  mocks: MockLink.MockedResponse[],
  { viewerRole = 'owner', id = 'm3' }: { viewerRole?: string; id?: string } = {},
) {
  const view = renderTeamPage(<MemberPage />, {
    mocks: [memberMock(), teamMock(), ...mocks],
    viewerRole,
    route: `/settings/team/member?id=${id}`,
  });
  await screen.findByTestId('member-page');
  return view;
}

const allowed = (capability: string) =>
  screen.getAllByTestId('permission').find((row) => row.dataset.capability === capability)?.dataset.allowed;

describe('MemberPage', () => {
  it("shows the member's role and what it allows", async () => {
    await renderMember([]);
    expect(screen.getByRole('heading', { name: 'Blake Books' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Bookkeeper' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Admin' })).not.toBeChecked();
    expect(allowed('bookkeeping')).toBe('true');
    expect(allowed('sendMoney')).toBe('false');
    expect(allowed('manageTeam')).toBe('false');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('updates the permission summary as the role changes, before saving', async () => {
    await renderMember([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    expect(allowed('sendMoney')).toBe('true');
    expect(allowed('manageTeam')).toBe('true');
    expect(screen.getByTestId('permission-summary-note')).toHaveTextContent('As admin, once saved');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeEnabled();
    fireEvent.click(screen.getByRole('radio', { name: 'Bookkeeper' }));
    expect(allowed('sendMoney')).toBe('false');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it("saves the role and says 'Member updated successfully'", async () => {
    const saved = vi.fn(() => ({ data: { updateMember: member('m3', 'Blake Books', 'admin') } }));
    await renderMember([
      { request: { query: UPDATE_MEMBER_MUTATION, variables: { id: 'm3', role: 'admin' } }, result: saved },
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Member updated successfully')).toBeInTheDocument();
    expect(saved).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('member-role')).toHaveTextContent('Admin'));
    expect(screen.getByRole('radio', { name: 'Admin' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it("says 'Error updating member' when the server refuses", async () => {
    await renderMember([
      {
        request: { query: UPDATE_MEMBER_MUTATION, variables: { id: 'm3', role: 'admin' } },
        result: { errors: [new GraphQLError('You do not have permission to do that')] },
      },
    ]);
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Error updating member')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Admin' })).toBeChecked();
  });

  it('Discard changes goes back to the team', async () => {
    await renderMember([]);
    fireEvent.click(screen.getByRole('radio', { name: 'Admin' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/team$/);
  });

  it('removes the member after asking', async () => {
    const removed = vi.fn(() => ({ data: { deleteMember: 'm3' } }));
    await renderMember([
      { request: { query: DELETE_MEMBER_MUTATION, variables: { id: 'm3' } }, result: removed },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove from team' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Blake Books?' });
    expect(dialog).toHaveTextContent('Blake Books loses access to Acme Robotics at once.');
    expect(removed).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove from team' }));
    expect(await screen.findByText('Blake Books was removed from the team')).toBeInTheDocument();
    expect(removed).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/team$/));
  });

  it("does not change the owner's role", async () => {
    const owner = member('m1', 'Dana Demo', 'owner');
    await renderMember([memberMock(owner)], { id: 'm1' });
    expect(screen.getByText("The owner's role cannot be changed")).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Admin' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Bookkeeper' })).toBeDisabled();
    expect(allowed('manageTeam')).toBe('true');
    expect(screen.getByRole('button', { name: 'Remove from team' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows a bookkeeper the page read-only', async () => {
    await renderMember([], { viewerRole: 'bookkeeper' });
    expect(
      screen.getByText('Only owners and admins can manage invites and permissions.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Admin' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save changes' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Discard changes' })).toBeEnabled();
  });

  it('says so when no member is given', async () => {
    renderTeamPage(<MemberPage />, { mocks: [], route: '/settings/team/member' });
    expect(await screen.findByRole('heading', { name: 'No member selected' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the team' })).toHaveAttribute('href', '/settings/team');
  });

  it('says so when the member is not found', async () => {
    renderTeamPage(<MemberPage />, {
      mocks: [
        {
          request: { query: MEMBER_QUERY, variables: { id: 'gone' } },
          result: { errors: [new GraphQLError('Member not found', { extensions: { code: 'NOT_FOUND' } })] },
        },
      ],
      route: '/settings/team/member?id=gone',
    });
    expect(await screen.findByRole('heading', { name: 'Member not found' })).toBeInTheDocument();
  });

  it("shows 'Error' and logs when the member cannot be loaded", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTeamPage(<MemberPage />, {
      mocks: [
        { request: { query: MEMBER_QUERY, variables: { id: 'm3' } }, error: new Error('Network down') },
      ],
      route: '/settings/team/member?id=m3',
    });
    expect(await screen.findByTestId('member-error')).toHaveTextContent('Error');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
