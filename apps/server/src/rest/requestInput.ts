import { findTextProblem, type TextProblem } from '@keel/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ClientInfo } from '../modules/auth/audit';
import { sendProblem } from './problem';

/**
 * Reading what a sign-in request sent: bodies of the expected content type, a header, a cookie, and
 * where the request came from. Each reader answers the request itself (4xx) and returns null when the
 * input is unusable, so handlers stop before anything is written.
 */

type Fields = Record<string, unknown>;
type BodyKind = 'json' | 'urlencoded' | 'multipart';

const USER_AGENT_MAX = 512;

export function clientOf(request: FastifyRequest): ClientInfo {
  const userAgent = request.headers['user-agent'];
  return {
    ip: request.ip || null,
    userAgent: typeof userAgent === 'string' && userAgent ? userAgent.slice(0, USER_AGENT_MAX) : null,
  };
}

function bodyKind(request: FastifyRequest): BodyKind | null {
  const type = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) return 'json';
  if (type === 'application/x-www-form-urlencoded') return 'urlencoded';
  if (type === 'multipart/form-data') return 'multipart';
  return null;
}

const ACCEPTS: Record<BodyKind, string> = {
  json: 'application/json',
  urlencoded: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
};

/**
 * The body's fields when it is one of the accepted kinds and an object; otherwise answers 415 (wrong
 * content type) or 400 (not an object) and returns null.
 */
export async function readBodyFields(
  request: FastifyRequest,
  reply: FastifyReply,
  accepted: readonly BodyKind[] = ['json'],
): Promise<Fields | null> {
  const kind = bodyKind(request);
  if (!kind || !accepted.includes(kind)) {
    sendProblem(reply, 415, `Send the body as ${accepted.map((k) => ACCEPTS[k]).join(' or ')}`);
    return null;
  }
  let body: unknown = request.body;
  if (kind === 'multipart') {
    try {
      body = await readMultipartFields(request);
    } catch (error) {
      // Busboy's parse errors carry no status; the plugin's limit errors carry a 4xx one.
      const status = (error as { statusCode?: number }).statusCode;
      sendProblem(reply, status && status >= 400 && status < 500 ? status : 400, 'Malformed multipart body');
      return null;
    }
  }
  if (!isRecord(body)) {
    sendProblem(reply, 400, 'The request body must be an object');
    return null;
  }
  // PostgreSQL text cannot hold NUL, and a lone surrogate would be stored as U+FFFD: refuse both here.
  const textProblem = findBodyTextProblem(body);
  if (textProblem) {
    sendProblem(
      reply,
      400,
      textProblem === 'nul'
        ? 'Text must not contain NUL characters'
        : 'Text must be valid Unicode (it has a lone surrogate)',
    );
    return null;
  }
  return body;
}

/** The first text of the body (nested objects included) that cannot be stored as sent. */
function findBodyTextProblem(value: unknown, depth = 0): TextProblem | null {
  if (typeof value === 'string') return findTextProblem(value);
  if (depth > 8 || value === null || typeof value !== 'object') return null;
  for (const item of Object.values(value)) {
    const problem = findBodyTextProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

async function readMultipartFields(request: FastifyRequest): Promise<Fields> {
  const fields: Fields = {};
  for await (const part of request.parts()) {
    if (part.type === 'field') fields[part.fieldname] = part.value;
    else await part.toBuffer(); // no files are expected: drain and ignore them
  }
  return fields;
}

/** A header sent once, or null when absent; sent twice it counts as absent. */
export function headerValue(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name.toLowerCase()];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** One cookie of the Cookie header, URL-decoded, or null. */
export function cookieValue(request: FastifyRequest, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const raw = pair
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** Whether a value is a plain object (a nested JSON object such as signup's `user`). */
export function isRecord(value: unknown): value is Fields {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
