import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenStore } from '../../lib/authToken';
import { appStateStore } from '../../shell/selectedEntity';
import { renderWithProviders } from '../../test/renderWithProviders';
import { stubFetch } from '../../test/stubFetch';
import { INVALID_INVITATION } from './acceptInvitationText';
import { SignupPage } from './SignupPage';

function renderSignup(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/signup" element={<SignupPage />} />
      <Route path="/financial" element={<p>Reports</p>} />
      <Route path="/accounts/linked" element={<p>Linked accounts</p>} />
    </Routes>,
    { route },
  );
}

beforeEach(() => accessTokenStore.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  accessTokenStore.clear();
});

describe('/signup with an invitation, signed in', () => {
  beforeEach(() => accessTokenStore.write('token-1'));

  it('accepts it, opens the company joined and shows its books', async () => {
    const sent = stubFetch(() => ({
      json: { data: { acceptInvite: { entityId: 'e9', entityName: 'Acme', status: 'joined' } } },
    }));
    renderSignup('/signup?invite_token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByText('Reports')).toBeInTheDocument();
    expect(sent[0]?.body.variables).toEqual({ token: 'abc' });
    expect(appStateStore.read().selectedEntityId).toBe('e9');
  });

  it('says so when the invitation waits for an approval', async () => {
    stubFetch(() => ({
      json: { data: { acceptInvite: { entityId: 'e9', entityName: 'Acme', status: 'awaiting_approval' } } },
    }));
    renderSignup('/signup?invite_token=abc');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByTestId('invitation-awaiting')).toHaveTextContent(
      'Your invitation to Acme is waiting for approval by one of its owners or admins.',
    );
  });

  it('explains a link that no longer works and stays on the page', async () => {
    stubFetch(() => ({
      json: { data: null, errors: [{ message: 'Invitation not found', extensions: { code: 'NOT_FOUND' } }] },
    }));
    renderSignup('/signup?invite_token=gone');
    fireEvent.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByTestId('invitation-error')).toHaveTextContent(INVALID_INVITATION);
    expect(screen.getByRole('button', { name: 'Accept invitation' })).toBeEnabled();
  });
});

describe('/signup with an invitation, signed out', () => {
  it('sends people who already have an account to sign in and back to the invitation', async () => {
    stubFetch(() => ({ json: {} }));
    renderSignup('/signup?invite_token=a%2Bb');
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?invite_token=a%2Bb',
    );
  });

  it('creates the account with the token and says when it waits for an approval', async () => {
    const sent = stubFetch(() => ({
      status: 201,
      json: {
        user: {},
        auth: { access_token: 'new-token' },
        invitation: { entity_id: 'e9', status: 'awaiting_approval' },
      },
    }));
    renderSignup('/signup?invite_token=abc');
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: 'Jo' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: 'Lee' } });
    fireEvent.change(screen.getByLabelText('Work email'), { target: { value: 'jo@example.test' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-42' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByTestId('invitation-awaiting')).toHaveTextContent('waiting for approval');
    await waitFor(() => expect(accessTokenStore.read()).toBe('new-token'));
    expect(sent[0]?.body.user).toMatchObject({ invite_token: 'abc' });
  });
});
