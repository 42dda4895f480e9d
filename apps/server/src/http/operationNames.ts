/**
 * GraphQL operation names as metric labels. The client chooses them, so a client sending random names
 * must not grow the metrics without limit: a name must have GraphQL's shape and at most
 * OPERATION_NAME_MAX characters, and only the first MAX_OPERATION_LABELS distinct names get a label of
 * their own; the rest count together as `other`. The web app sends about 120 names.
 */
export const MAX_OPERATION_LABELS = 200;

/** The longest operation name kept, in the log and as a label. */
const OPERATION_NAME_MAX = 64;

/** The label of an operation without a name. */
const ANONYMOUS_OPERATION = 'anonymous';
/** The label of every name past the limit, or of a name not of GraphQL's shape. */
const OTHER_OPERATION = 'other';
/** The label of a request refused before its operation was read (the admission gate, a bad body). */
export const UNKNOWN_OPERATION = 'unknown';

const RESERVED = new Set([ANONYMOUS_OPERATION, OTHER_OPERATION, UNKNOWN_OPERATION]);

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The name when it has GraphQL's shape and fits; otherwise undefined (never logged nor labelled). */
export function wellFormedOperationName(name: unknown): string | undefined {
  return typeof name === 'string' && name.length <= OPERATION_NAME_MAX && NAME.test(name) ? name : undefined;
}

export type OperationLabels = {
  /** The label for the operation name a request gave (absent or empty: anonymous). */
  labelOf(name: unknown): string;
};

/** The labels one registry hands out; each app has its own. */
export function createOperationLabels(max = MAX_OPERATION_LABELS): OperationLabels {
  const known = new Set<string>();
  return {
    labelOf(given) {
      if (given === undefined || given === null || given === '') return ANONYMOUS_OPERATION;
      const name = wellFormedOperationName(given);
      if (name === undefined) return OTHER_OPERATION;
      if (known.has(name)) return name;
      // The reserved labels stay unambiguous: an operation named 'other' counts as one.
      if (RESERVED.has(name) || known.size >= max) {
        return OTHER_OPERATION;
      }
      known.add(name);
      return name;
    },
  };
}
