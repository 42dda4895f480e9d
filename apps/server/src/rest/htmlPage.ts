import type { FastifyRequest } from 'fastify';

/**
 * For the REST routes a browser may open by itself (a download link, an OAuth callback), whose refusals
 * are a short page for a person rather than a problem document for a program.
 */

/** A browser navigating (Accept: text/html first), not a program asking for JSON. */
export function prefersHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html') && !accept.startsWith('application/');
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe to place in HTML, in an element or a quoted attribute. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
