/**
 * Whether a combo box offers "+ Create '<typed>'" (spec §5 'Hiring'): only when the typed name, trimmed,
 * is not empty and no existing name matches it whatever the case.
 */
export function canCreateOption(typed: string, existingNames: readonly string[]): boolean {
  const name = typed.trim().toLowerCase();
  if (name === '') return false;
  return !existingNames.some((existing) => existing.trim().toLowerCase() === name);
}
