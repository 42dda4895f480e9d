import { z } from 'zod';

/**
 * Text Keel can store as sent. PostgreSQL's text cannot hold a NUL character, and a lone UTF-16
 * surrogate (half of a pair) cannot be encoded as UTF-8: it would be stored as U+FFFD, not as sent.
 */
export type TextProblem = 'nul' | 'lone_surrogate';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What keeps a text from being stored as sent, or null when nothing does. */
export function findTextProblem(text: string): TextProblem | null {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'lone_surrogate';
  return null;
}

/** A name a person must give: trimmed, 1 to `max` characters, each message naming `label`. */
export function requiredNameSchema(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
}
