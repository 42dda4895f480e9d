import { MockedProvider } from '@apollo/client/testing/react';
import { SERVER_FEATURES } from '@keel/domain';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { theme } from '../theme';
import { SignedInShell } from './AppShellLayout';
import { useSelectedEntity } from './EntityContext';
import { appStateStore, storeSelectedEntityId } from './selectedEntity';
import { useFeatureOffNotice } from './serverFeatures';
import { ENTITIES_QUERY, HEADER_QUERY, type Me, type ShellEntity } from './shellQueries';

const entity = (id: string, name: string): ShellEntity =>
  ({
    __typename: 'Entity',
    id,
    name,
    demo: false,
    apiFlags: { __typename: 'ApiFlags', qbo: false, finch: false },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    hasKeelAccounts: false,
    viewerRole: 'owner',
    timeZone: 'America/Los_Angeles',
    today: '2026-11-22',
  }) as ShellEntity;

const entities = [entity('e1', 'Acme Holdings LLC'), entity('e2', 'Acme Robotics Inc.')];
const me = {
  __typename: 'Me',
  id: 'u1',
  name: 'Dana Demo',
  email: 'dana@example.test',
  phoneNumber: null,
  otpModuleEnabled: false,
  otpMethod: null,
  canOpenKeelAccounts: true,
  showFeatureFlags: false,
} as Me;

type ServerFeatureResult = { __typename: string; feature: string; state: string; notice: string | null };

const serverFeatures: ServerFeatureResult[] = SERVER_FEATURES.map((feature) => ({
  __typename: 'ServerFeature',
  feature,
  state: 'sandbox',
  notice: null,
}));

const headerMock = (selected: ShellEntity, features = serverFeatures) => ({
  request: { query: HEADER_QUERY, variables: { entityId: selected.id } },
  result: { data: { me, entities, entity: selected, serverFeatures: features } },
});

const mocks = [
  {
    request: { query: ENTITIES_QUERY },
    result: { data: { me: { __typename: 'Me', id: 'u1', defaultEntityId: null }, entities } },
  },
  ...entities.map((selected) => headerMock(selected)),
];

function CurrentEntity() {
  const banking = useFeatureOffNotice('banking');
  return (
    <>
      <p data-testid="page-entity">{useSelectedEntity().name}</p>
      <p data-testid="page-banking">{banking ?? 'banking offered'}</p>
    </>
  );
}

function renderShell(shellMocks = mocks) {
  return render(
    <MantineProvider theme={theme} env="test">
      <MockedProvider mocks={shellMocks}>
        <MemoryRouter initialEntries={['/financial']}>
          <Routes>
            <Route element={<SignedInShell />}>
              <Route path="/financial" element={<CurrentEntity />} />
            </Route>
          </Routes>
        </MemoryRouter>
      </MockedProvider>
    </MantineProvider>,
  );
}

describe('SignedInShell', () => {
  it('restores the entity chosen on an earlier visit', async () => {
    storeSelectedEntityId('e2');
    renderShell();
    expect(await screen.findByTestId('page-entity')).toHaveTextContent('Acme Robotics Inc.');
  });

  it('falls back to the first entity when the stored one is gone, and stores that choice', async () => {
    storeSelectedEntityId('deleted-entity');
    renderShell();
    expect(await screen.findByTestId('page-entity')).toHaveTextContent('Acme Holdings LLC');
    await waitFor(() => expect(appStateStore.read().selectedEntityId).toBe('e1'));
  });

  it('shows the sidebar with the signed-in user', async () => {
    renderShell();
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByText('Dana Demo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Transactions' })).toHaveAttribute('href', '/transactions');
    expect(screen.queryByRole('link', { name: 'Documents' })).not.toBeInTheDocument();
  });

  it('offers Ask Keel AI on the page, its panel closed', async () => {
    renderShell();
    expect(await screen.findByRole('button', { name: 'Ask Keel AI' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Ask Keel AI' })).not.toBeInTheDocument();
  });

  it("hands the pages what the server offers: a feature it does not, with the server's words", async () => {
    storeSelectedEntityId('e1');
    const withBankingOff = serverFeatures.map((item) =>
      item.feature === 'banking'
        ? { ...item, state: 'off', notice: 'Banking is not set up on this server' }
        : item,
    );
    const offHeader = headerMock(entities[0] as ShellEntity, withBankingOff);
    renderShell([mocks[0] as (typeof mocks)[number], offHeader]);
    expect(await screen.findByTestId('page-banking')).toHaveTextContent(
      'Banking is not set up on this server',
    );
  });
});
