import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { getAccessToken } from '../../lib/authToken';
import { resetGraphqlClient } from '../../lib/graphqlClient';
import { clearStoredAppState } from '../../lib/localStore';
import { LoadingScreen } from '../../shell/LoadingScreen';
import { revokeToken } from './authApi';

/** Where /logout sends the user unless the caller asks for another page (the password update asks for /). */
export type LogoutState = { next?: string };

/**
 * /logout (spec §4): revokes the token, clears it and the stored app state (not navOpen or the cookie
 * choice), forgets cached data, and goes to /login. Every refused authenticated call lands here.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const next = (location.state as LogoutState | null)?.next ?? '/login';
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = getAccessToken();
    const revoke = token ? revokeToken(token).catch(() => undefined) : Promise.resolve();
    void revoke
      .then(() => {
        clearStoredAppState();
        return resetGraphqlClient();
      })
      .finally(() => navigate(next, { replace: true }));
  }, [navigate, next]);

  return <LoadingScreen label="Signing out…" />;
}
