/** '1 entry', '22 entries'. */
export const entriesLabel = (count: number) => `${count} ${count === 1 ? 'entry' : 'entries'}`;

/**
 * The toast after a rule is made from the drawer's search: how many entries moved, counted against the
 * drawer's own count of the search (`shown`, its list from `shownFrom` to the end of its window). A
 * rule moves every matching entry from that date on, so entries dated after the drawer's window (a
 * later forecast) are named apart instead of making the two counts disagree silently.
 */
export function ruleCreatedMessage(moved: number, shown: number, toName: string): string {
  const base = `Rule created: moved ${entriesLabel(moved)} to ${toName}`;
  if (moved === shown) return base;
  if (moved > shown) return `${base} (${shown} shown in the drawer, ${moved - shown} dated after its range)`;
  // Fewer: some of the listed entries changed or moved elsewhere since the drawer counted them.
  return `${base} (${shown} were shown; the others had already changed)`;
}
