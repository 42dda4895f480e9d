import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { theme } from '../../../theme';
import type { SecurityMe, TwoFactorSetup } from './securityQueries';
import { TWO_FACTOR_QUERY } from './securityQueries';

export const PASSWORD = 'correct-horse-42';
export const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR_CODE = 'data:image/png;base64,iVBORw0KGgo=';

export function meWith(overrides: Partial<SecurityMe> = {}): SecurityMe & { __typename: 'Me' } {
  return {
    __typename: 'Me',
    id: 'u1',
    email: 'taylor@example.test',
    otpModuleEnabled: false,
    otpMethod: null,
    otpPhoneNumber: null,
    ...overrides,
  };
}

export function setupWith(overrides: Partial<TwoFactorSetup> = {}): TwoFactorSetup & { __typename: string } {
  return {
    __typename: 'TwoFactorSetup',
    otpModuleEnabled: false,
    otpMethod: null,
    otpSecret: SECRET,
    otpProvisioningUri: `otpauth://totp/Keel:taylor%40example.test?secret=${SECRET}&issuer=Keel`,
    otpProvisioningQrcode: QR_CODE,
    ...overrides,
  };
}

/** TwoFactor(password) answered with `setup`, or refused with a GraphQL error of `code`. */
export function twoFactorMock(
  answer: { setup: TwoFactorSetup } | { error: string; code: string },
  password = PASSWORD,
): MockLink.MockedResponse {
  return {
    request: { query: TWO_FACTOR_QUERY, variables: { password } },
    result:
      'setup' in answer
        ? { data: { twoFactor: answer.setup } }
        : { errors: [{ message: answer.error, extensions: { code: answer.code } }] },
  };
}

/** Where the page went: the /logout route shows its `next` state. */
function LogoutProbe() {
  const location = useLocation();
  const next = (location.state as { next?: string } | null)?.next ?? '';
  return <p>Logged out, next {next}</p>;
}

/** Renders as the signed-in shell does: Mantine, modals, toasts, Apollo (mocked) and the router. */
export function renderSecurity(ui: ReactElement, mocks: readonly MockLink.MockedResponse[] = []) {
  notifications.clean();
  return render(
    <MantineProvider theme={theme} env="test">
      <MockedProvider mocks={mocks} mockLinkDefaultOptions={{ delay: 0 }}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={['/settings/security']}>
            <Routes>
              <Route path="/settings/security" element={ui} />
              <Route path="/logout" element={<LogoutProbe />} />
            </Routes>
          </MemoryRouter>
        </ModalsProvider>
      </MockedProvider>
    </MantineProvider>,
  );
}
