/** The name Add Sub-Account gives (spec §2). */
const NEW_ACCOUNT_NAME = 'New Account';

/**
 * 'New Account', or 'New Account (1)', '(2)'... when a sibling already has the name: the grid names
 * rows by path in the URL, so two siblings of one name could not be told apart.
 */
export function newSubAccountName(siblingNames: readonly string[]): string {
  const taken = new Set(siblingNames);
  if (!taken.has(NEW_ACCOUNT_NAME)) return NEW_ACCOUNT_NAME;
  for (let suffix = 1; ; suffix += 1) {
    const name = `${NEW_ACCOUNT_NAME} (${suffix})`;
    if (!taken.has(name)) return name;
  }
}

/** A selected row key after an account's path changed (renamed): the account and anything below it move. */
export function movedRowKey(key: string, fromPath: string, toPath: string): string | null {
  if (key === fromPath) return toPath;
  if (key.startsWith(`${fromPath}/`)) return `${toPath}${key.slice(fromPath.length)}`;
  return null;
}
