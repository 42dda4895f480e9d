import { type FocusEvent, type KeyboardEvent, useRef } from 'react';

/**
 * The handlers of an input edited in place (spec §5: Enter saves, Escape cancels): its text is selected
 * when it opens; Enter or leaving it saves, Escape cancels without reaching the page around it.
 * `finish(save)` runs once, on whichever comes first.
 */
export function useInlineEdit(finish: (save: boolean) => void) {
  const finished = useRef(false);
  const finishOnce = (save: boolean) => {
    if (finished.current) return;
    finished.current = true;
    finish(save);
  };
  return {
    onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
    onBlur: () => finishOnce(true),
    onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        finishOnce(true);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        finishOnce(false);
      }
    },
  };
}
