import { useCallback, useRef, useState } from 'react';
import { describeLinkFailure } from './describeLinkFailure';
import type { PendingLink } from './pendingLink';
import type { LinkedBank } from './useBankLinkFlow';

/**
 * Where a flow in a vendor's widget is: the widget open (it draws itself), Keel making the link from
 * the token it gave, or failed with the reason to show.
 */
export type LinkWidgetPhase =
  | { phase: 'open' }
  | { phase: 'finishing' }
  | { phase: 'failed'; message: string };

/**
 * The phase of a vendor widget's flow, with the two ways it moves: `finish(work)` runs Keel's side
 * (the exchange) and hands what it made to `onLinked`, or shows why it failed; `fail(message)` shows
 * the vendor's own refusal.
 */
export function useLinkWidgetPhase(
  session: PendingLink,
  onLinked: (linked: LinkedBank, session: PendingLink) => void,
) {
  const [phase, setPhase] = useState<LinkWidgetPhase>({ phase: 'open' });
  const onLinkedRef = useRef(onLinked);
  onLinkedRef.current = onLinked;

  const finish = useCallback(
    async (work: () => Promise<LinkedBank>) => {
      setPhase({ phase: 'finishing' });
      try {
        onLinkedRef.current(await work(), session);
      } catch (error) {
        setPhase({ phase: 'failed', message: describeLinkFailure(error) });
      }
    },
    [session],
  );
  const fail = useCallback((message: string) => setPhase({ phase: 'failed', message }), []);
  return { phase, finish, fail };
}
