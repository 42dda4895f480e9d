import { Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setUnauthenticatedHandler } from '../lib/unauthenticated';
import { CookieConsentModal } from './CookieConsentModal';
import { ErrorModal } from './ErrorModal';
import { showErrorModal } from './errorModalStore';
import { LoadingScreen } from './LoadingScreen';

/** Wraps every route: the global Error modal, the cookie consent modal and lazy-page loading. */
export function RootLayout() {
  const navigate = useNavigate();

  useEffect(() => {
    // Spec §8: any 401 or UNAUTHENTICATED of an authenticated call ends at /logout.
    setUnauthenticatedHandler(() => navigate('/logout', { replace: true }));
  }, [navigate]);

  useEffect(() => {
    const onUnhandled = (event: PromiseRejectionEvent) => {
      const message = event.reason instanceof Error ? event.reason.message : String(event.reason);
      showErrorModal({ title: 'Something went wrong', message });
    };
    window.addEventListener('unhandledrejection', onUnhandled);
    return () => window.removeEventListener('unhandledrejection', onUnhandled);
  }, []);

  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <ErrorModal />
      <CookieConsentModal />
    </>
  );
}
