import { CombinedGraphQLErrors } from '@apollo/client';

/** One output a change would move more than 10× in a month (the server's CONFIRMATION_REQUIRED). */
export type LargeChange = {
  outputId: string;
  variableName: string;
  accountName: string;
  month: string;
  fromCents: number;
  toCents: number;
  /** The output's months that move more than 10×; `month` is the largest move. */
  monthsMoved: number;
};

/** What a refused change would do: the outputs listed, and how many there are in all. */
export type LargeChanges = { changes: LargeChange[]; count: number };

/**
 * The effect an UpdateVariable refusal carries when the change moves an output more than 10×
 * (`extensions.code` CONFIRMATION_REQUIRED, `extensions.largeChanges`), or null for any other error.
 * Entries that are not shaped as the server sends them are dropped.
 */
export function readLargeChanges(error: unknown): LargeChanges | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const refusal = error.errors.find((item) => item.extensions?.code === 'CONFIRMATION_REQUIRED');
  const listed = refusal?.extensions?.largeChanges;
  if (!refusal || !Array.isArray(listed)) return null;
  const changes = listed.filter(isLargeChange);
  const count = refusal.extensions?.largeChangeCount;
  return { changes, count: typeof count === 'number' && count >= changes.length ? count : changes.length };
}

function isLargeChange(value: unknown): value is LargeChange {
  if (!value || typeof value !== 'object') return false;
  const change = value as Record<string, unknown>;
  return (
    typeof change.outputId === 'string' &&
    typeof change.variableName === 'string' &&
    typeof change.accountName === 'string' &&
    typeof change.month === 'string' &&
    typeof change.fromCents === 'number' &&
    typeof change.toCents === 'number' &&
    typeof change.monthsMoved === 'number'
  );
}
