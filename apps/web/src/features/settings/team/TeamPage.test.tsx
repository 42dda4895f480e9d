import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it, vi } from 'vitest';
import { TeamPage } from './TeamPage';
import { renderTeamPage, TEAM, teamMock } from './team.testkit';
import {
  APPROVE_INVITE_MUTATION,
  CREATE_INVITE_MUTATION,
  DECLINE_INVITE_MUTATION,
  DELETE_INVITE_MUTATION,
  TEAM_QUERY,
} from './teamQueries';

const inviteRow = (email: string) =>
  screen.getAllByTestId('invite-row').find((row) => row.dataset.email === email) as HTMLElement;

async function renderLoaded(options: Parameters<typeof renderTeamPage>[1]) {
  const view = renderTeamPage(<TeamPage />, options);
  await screen.findByTestId('invites-table');
  return view;
}

describe('TeamPage', () => {
  it('counts the invitations and the members, All, Admin and Bookkeeper', async () => {
    await renderLoaded({ mocks: [teamMock()] });
    expect(screen.getByRole('heading', { name: 'Pending Approvals and Invites' })).toBeInTheDocument();
    expect(screen.getByTestId('invites-section-count')).toHaveTextContent('2');
    expect(screen.getByTestId('members-section-count')).toHaveTextContent('4');
    expect(screen.getAllByTestId('member-row')).toHaveLength(4);
    expect(screen.getByText('All (4)')).toBeInTheDocument();
    expect(screen.getByText('Admin (1)')).toBeInTheDocument();
    fireEvent.click(screen.getByText('Bookkeeper (1)'));
    const rows = screen.getAllByTestId('member-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('Blake Books');
  });

  it("shows each invitation's status, sender and dates", async () => {
    await renderLoaded({ mocks: [teamMock()] });
    const jordan = inviteRow('jordan@invited.test');
    expect(jordan).toHaveTextContent('Pending');
    expect(jordan).toHaveTextContent('Needs approval');
    expect(jordan).toHaveTextContent('Alex Admin');
    expect(jordan).toHaveTextContent('Sent Nov 22, 2026');
    expect(jordan).toHaveTextContent('Expires Dec 6, 2026');
    expect(within(jordan).getByRole('button', { name: 'Approve Jordan Lee' })).toBeInTheDocument();
    expect(within(jordan).getByRole('button', { name: 'Decline Jordan Lee' })).toBeInTheDocument();
    const riley = inviteRow('riley@invited.test');
    expect(
      within(riley).getByRole('button', { name: 'Remove invitation for Riley Stone' }),
    ).toBeInTheDocument();
    expect(within(riley).queryByRole('button', { name: /Approve/ })).not.toBeInTheDocument();
  });

  it("links members to their page, but not the owner's row", async () => {
    await renderLoaded({ mocks: [teamMock()] });
    expect(screen.queryByRole('link', { name: 'Dana Demo' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Blake Books' })).toHaveAttribute(
      'href',
      '/settings/team/member?id=m3',
    );
    const rows = screen.getAllByTestId('member-row');
    fireEvent.click(rows[0] as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/settings\/team$/);
    fireEvent.click(rows[1] as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent('/settings/team/member?id=m2');
  });

  it.each([
    ['Approve Jordan Lee', APPROVE_INVITE_MUTATION, 'i1', 'Jordan Lee approved: they join when they sign up'],
    ['Decline Jordan Lee', DECLINE_INVITE_MUTATION, 'i1', 'Invitation for Jordan Lee declined'],
    ['Remove invitation for Riley Stone', DELETE_INVITE_MUTATION, 'i2', 'Invitation for Riley Stone removed'],
  ])('%s calls the server, refetches the team and says so', async (button, mutation, id, toast) => {
    const approved = { invite: { ...TEAM.invites[0], approvedAt: '2026-11-22T10:00:00.000Z' }, member: null };
    const called = vi.fn(() => ({
      data:
        mutation === APPROVE_INVITE_MUTATION
          ? { approveInvite: { __typename: 'ApproveInvitePayload', ...approved } }
          : mutation === DECLINE_INVITE_MUTATION
            ? { declineInvite: id }
            : { deleteInvite: id },
    }));
    const refetched = vi.fn(() => ({ data: TEAM }));
    await renderLoaded({
      mocks: [
        { request: { query: mutation, variables: { id } }, result: called },
        {
          request: { query: TEAM_QUERY, variables: { entityId: 'e1' } },
          result: refetched,
          maxUsageCount: Number.POSITIVE_INFINITY,
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: button }));
    expect(await screen.findByText(toast)).toBeInTheDocument();
    expect(called).toHaveBeenCalledTimes(1);
    // Loaded once, then again after the change.
    await waitFor(() => expect(refetched).toHaveBeenCalledTimes(2));
  });

  it("toasts a refused approval with the server's message", async () => {
    await renderLoaded({
      mocks: [
        teamMock(),
        {
          request: { query: APPROVE_INVITE_MUTATION, variables: { id: 'i1' } },
          result: { errors: [new GraphQLError('This invitation is already approved')] },
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Approve Jordan Lee' }));
    expect(await screen.findByText('Invitation not approved')).toBeInTheDocument();
    expect(screen.getByText('This invitation is already approved')).toBeInTheDocument();
    // The team is reloaded all the same (the refusal may be news, e.g. someone else approved it).
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Approve Jordan Lee' })).not.toHaveAttribute('data-loading'),
    );
  });

  it('keeps the sender of an invitation from approving it', async () => {
    const team = {
      ...TEAM,
      invites: [{ ...TEAM.invites[0], sender: { ...TEAM.invites[0]?.sender, id: 'u-owner' } }],
    };
    await renderLoaded({ mocks: [teamMock(team as typeof TEAM)] });
    expect(screen.getByRole('button', { name: 'Approve Jordan Lee' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(screen.getByRole('button', { name: 'Decline Jordan Lee' })).not.toHaveAttribute('aria-disabled');
  });

  it('invites a person, checking the form first', async () => {
    const created = vi.fn(() => ({ data: { createInvite: { ...TEAM.invites[1], id: 'i3' } } }));
    await renderLoaded({
      mocks: [
        teamMock(),
        {
          request: {
            query: CREATE_INVITE_MUTATION,
            variables: {
              entityId: 'e1',
              firstName: 'Morgan',
              lastName: 'Hale',
              email: 'morgan@new.test',
              role: 'admin',
            },
          },
          result: created,
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite team member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite team member' });
    expect(within(dialog).getByRole('combobox', { name: 'Role' })).toHaveAttribute(
      'placeholder',
      'Select a role...',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('First name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Last name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Select a role...').length).toBeGreaterThan(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'First name' }), {
      target: { value: 'Morgan' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Last name' }), {
      target: { value: 'Hale' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'Morgan@New.test' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(within(dialog).getByText(/Can see the books, keep the books, send money/)).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to morgan@new.test')).toBeInTheDocument();
    expect(created).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Invite team member' })).not.toBeInTheDocument(),
    );
  });

  it("opens 'Invitation Error' with the server's message when the invitation is refused", async () => {
    await renderLoaded({
      mocks: [
        teamMock(),
        {
          request: { query: CREATE_INVITE_MUTATION, variables: () => true },
          result: {
            errors: [
              new GraphQLError('An invitation has already been sent to this email', {
                extensions: { code: 'BAD_USER_INPUT', field: 'email' },
              }),
            ],
          },
        },
      ],
    });
    fireEvent.click(screen.getByRole('button', { name: 'Invite team member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite team member' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'First name' }), {
      target: { value: 'Jordan' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Last name' }), {
      target: { value: 'Lee' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: 'jordan@invited.test' },
    });
    fireEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Bookkeeper' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const error = await screen.findByRole('dialog', { name: 'Invitation Error' });
    expect(error).toHaveTextContent('An invitation has already been sent to this email');
    fireEvent.click(within(error).getByRole('button', { name: 'Okay' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Invitation Error' })).not.toBeInTheDocument(),
    );
    // The form stays as typed, to correct it.
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('jordan@invited.test');
  });

  it('shows a bookkeeper the lists read-only, saying what the role cannot do', async () => {
    const called = vi.fn(() => ({ data: { approveInvite: null } }));
    await renderLoaded({
      viewerRole: 'bookkeeper',
      mocks: [
        teamMock(),
        { request: { query: APPROVE_INVITE_MUTATION, variables: { id: 'i1' } }, result: called },
      ],
    });
    expect(screen.getByTestId('team-read-only')).toHaveTextContent(
      'You are a bookkeeper: you cannot send money, use the company cards, manage invites and permissions or manage the company.',
    );
    for (const name of [
      'Invite team member',
      'Approve Jordan Lee',
      'Decline Jordan Lee',
      'Remove invitation for Riley Stone',
    ]) {
      expect(screen.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
    }
    fireEvent.click(screen.getByRole('button', { name: 'Approve Jordan Lee' }));
    fireEvent.click(screen.getByRole('button', { name: 'Invite team member' }));
    expect(screen.queryByRole('dialog', { name: 'Invite team member' })).not.toBeInTheDocument();
    expect(called).not.toHaveBeenCalled();
  });

  it("shows 'Error' when the team cannot be loaded", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderTeamPage(<TeamPage />, {
      mocks: [
        { request: { query: TEAM_QUERY, variables: { entityId: 'e1' } }, error: new Error('Network down') },
      ],
    });
    expect(await screen.findByTestId('team-error')).toHaveTextContent('Error');
    expect(log).toHaveBeenCalled();
    log.mockRestore();
  });
});
