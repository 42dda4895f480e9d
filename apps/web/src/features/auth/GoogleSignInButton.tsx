import { useEffect, useRef, useState } from 'react';
import { loadGoogleIdentity } from './googleIdentity';

/** Google's own rendered button; `onCredential` receives the ID token of the chosen Google account. */
export function GoogleSignInButton({
  clientId,
  onCredential,
}: {
  clientId: string;
  onCredential: (credential: string) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadGoogleIdentity()
      .then((google) => {
        if (cancelled || !container.current) return;
        google.accounts.id.initialize({
          client_id: clientId,
          callback: (response) => callback.current(response.credential),
        });
        google.accounts.id.renderButton(container.current, {
          theme: 'outline',
          size: 'large',
          text: 'signin_with',
          shape: 'rectangular',
          width: container.current.offsetWidth || 400,
          logo_alignment: 'center',
        });
      })
      .catch(() => setFailed(true));
    return () => {
      cancelled = true;
    };
  }, [clientId]);

  if (failed) return null;
  return <div ref={container} data-testid="google-sign-in" style={{ width: '100%', minHeight: 44 }} />;
}
