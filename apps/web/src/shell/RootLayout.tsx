import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { setUnauthenticatedHandler } from '../lib/unauthenticated';
import { useStaysTrue } from '../lib/useStaysTrue';
import { useCookieConsent } from './cookieConsent';
import { showErrorModal, useErrorModalContent } from './errorModalStore';
import { LoadingScreen } from './LoadingScreen';

// The two modals load their code (Mantine's Modal and what it brings) when first needed, so the
// sign-in page does not download it: the Error modal with the first error, the cookie question for
// a visitor who has not answered it.
const ErrorModal = lazy(() => import('./ErrorModal').then((m) => ({ default: m.ErrorModal })));
const CookieConsentModal = lazy(() =>
  import('./CookieConsentModal').then((m) => ({ default: m.CookieConsentModal })),
);

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

  // Once shown, a modal stays mounted, so it closes with its transition.
  const errorModalNeeded = useStaysTrue(useErrorModalContent() !== null);
  const cookieQuestionNeeded = useStaysTrue(useCookieConsent() === null);

  return (
    <>
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <Suspense fallback={null}>
        {errorModalNeeded ? <ErrorModal /> : null}
        {cookieQuestionNeeded ? <CookieConsentModal /> : null}
      </Suspense>
    </>
  );
}
