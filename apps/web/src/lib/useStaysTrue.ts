import { useState } from 'react';

/**
 * True from the first render where `value` is true on: a part loaded when first needed (a modal, the
 * toasts) stays mounted after, so it can close with its transition.
 */
export function useStaysTrue(value: boolean): boolean {
  const [stays, setStays] = useState(value);
  if (value && !stays) setStays(true);
  return stays || value;
}
