import { useCallback, useEffect, useRef, useState } from 'react';
import { CHAT_MESSAGE_DELAY_MS } from '../../lib/timers';

/**
 * The chat message delay (spec §9, lib/timers.ts): `hold()` at the user's action, and the assistant's
 * message it brings stays behind the typing indicator while `holding`, CHAT_MESSAGE_DELAY_MS long.
 */
export function useChatDelay(): { holding: boolean; hold: () => void; release: () => void } {
  const [holding, setHolding] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const hold = useCallback(() => {
    clearTimeout(timer.current);
    setHolding(true);
    timer.current = setTimeout(() => setHolding(false), CHAT_MESSAGE_DELAY_MS);
  }, []);
  /** Ends the wait early: the action failed, so nothing is coming. */
  const release = useCallback(() => {
    clearTimeout(timer.current);
    setHolding(false);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  return { holding, hold, release };
}
