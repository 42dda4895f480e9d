/**
 * Signup's 422 reply `{messages: {field: [message]}}` as one line (spec §8): 'field message' pairs
 * joined by commas, e.g. 'email has already been taken, password is too short'.
 */
export function formatSignupErrors(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const messages = (body as Record<string, unknown>).messages;
  if (typeof messages !== 'object' || messages === null || Array.isArray(messages)) return null;
  const parts: string[] = [];
  for (const [field, list] of Object.entries(messages)) {
    const items = Array.isArray(list) ? list : [list];
    for (const message of items) {
      if (typeof message === 'string' && message) parts.push(`${field} ${message}`);
    }
  }
  return parts.length > 0 ? parts.join(', ') : null;
}

/** The password update's 422 reply `{errors: [...]}` as one line (spec §8: the lines joined). */
export function formatPasswordUpdateErrors(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const errors = (body as Record<string, unknown>).errors;
  if (!Array.isArray(errors)) return null;
  const lines = errors.filter((line): line is string => typeof line === 'string' && line.length > 0);
  return lines.length > 0 ? lines.join(', ') : null;
}
