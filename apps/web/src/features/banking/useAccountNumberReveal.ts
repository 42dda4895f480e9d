import { useCallback, useEffect, useRef, useState } from 'react';
import { ACCOUNT_NUMBER_REVEAL_SECONDS, type RevealedAccountNumber } from './accountNumberQueries';

type AccountNumberReveal = {
  /** The revealed accounts' numbers, by account id; an account absent shows masked. */
  revealed: Readonly<Record<string, RevealedAccountNumber>>;
  /** Shows an account's numbers (the password prompt's answer) for ACCOUNT_NUMBER_REVEAL_SECONDS. */
  show: (numbers: RevealedAccountNumber) => void;
  /** Masks the account's number again ('Hide'). */
  hide: (accountId: string) => void;
};

/**
 * The revealed account numbers of /keel-checking, as card numbers are revealed (cards/useCardReveal.ts):
 * they live only in this component's state, masked again on 'Hide', after ACCOUNT_NUMBER_REVEAL_SECONDS,
 * or when the page unmounts.
 */
export function useAccountNumberReveal(): AccountNumberReveal {
  const [revealed, setRevealed] = useState<Record<string, RevealedAccountNumber>>({});
  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const hide = useCallback((accountId: string) => {
    clearTimeout(timers.current.get(accountId));
    timers.current.delete(accountId);
    setRevealed(({ [accountId]: _hidden, ...rest }) => rest);
  }, []);

  const show = useCallback(
    (numbers: RevealedAccountNumber) => {
      setRevealed((current) => ({ ...current, [numbers.accountId]: numbers }));
      clearTimeout(timers.current.get(numbers.accountId));
      timers.current.set(
        numbers.accountId,
        setTimeout(() => hide(numbers.accountId), ACCOUNT_NUMBER_REVEAL_SECONDS * 1000),
      );
    },
    [hide],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
    };
  }, []);

  return { revealed, show, hide };
}
