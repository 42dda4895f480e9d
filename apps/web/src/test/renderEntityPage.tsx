import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type InitialEntry, MemoryRouter, Route, Routes } from 'react-router';
import { EntityContext, type EntityContextValue } from '../shell/EntityContext';
import { theme } from '../theme';
import { LocationProbe } from './LocationProbe';

/**
 * Renders a page of a company as the signed-in app does: Mantine, toasts, Apollo `mocks`, the company
 * (`entity`) and a router at `route`, with a LocationProbe showing where the page navigates to.
 */
export function renderEntityPage(
  page: ReactElement,
  {
    mocks,
    entity,
    route,
  }: { mocks: MockLink.MockedResponse[]; entity: EntityContextValue; route: InitialEntry },
) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider mocks={mocks}>
        <EntityContext.Provider value={entity}>
          <MemoryRouter initialEntries={[route]}>
            <Routes>
              <Route path="*" element={page} />
            </Routes>
            <LocationProbe />
          </MemoryRouter>
        </EntityContext.Provider>
      </MockedProvider>
    </MantineProvider>,
  );
}
