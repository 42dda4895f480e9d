import { createHash } from 'node:crypto';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { getOperationAST, OperationTypeNode, parse } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { BackgroundTasks } from '../backgroundTasks';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { idempotentRequests, type StoredResponse } from '../db/schema';
import type { ErrorCode } from '../errors';
import type { Viewer } from './context';

/** 1–128 characters a client can make from a UUID, a ULID or its own counters. */
const KEY_PATTERN = /^[A-Za-z0-9_\-:.]{1,128}$/;
/** How long a key holds its answer; an older claim is replaced when its key comes again. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 3_600_000;
/** Answers up to this size (UTF-8 bytes) are kept for replay; larger ones keep only their status. */
export const IDEMPOTENCY_REPLAY_LIMIT_BYTES = 256 * 1024;
/** Expired keys are deleted at most this often (per server), at most CLEANUP_BATCH rows at a time. */
const CLEANUP_INTERVAL_MS = 60_000;
const CLEANUP_BATCH = 500;
/**
 * The document is parsed here before Yoga parses it, so its cost is bounded: well above graphql-armor's
 * limit (1,000 tokens), which refuses any longer document before it runs.
 */
const MAX_TOKENS = 10_000;
/** Times a claim is tried when the key's row vanishes between the claim and the read (a release). */
const CLAIM_ATTEMPTS = 3;

type ServerContext = { req: FastifyRequest };
type FetchApi = { Response: typeof Response };
type ErrorMore = { extensions?: Record<string, unknown>; headers?: Record<string, string> };
type GraphqlRequest = { query: string; operationName: string | null; variables: unknown };
type Claim = { userId: string; key: string; createdAt: Date };
type ExistingKey = {
  requestHash: string;
  status: 'pending' | 'done';
  response: StoredResponse | null;
  responseStatus: number | null;
};

type IdempotencyOptions = {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  backgroundTasks: BackgroundTasks;
  /** The signed-in user behind a request (the same lookup the GraphQL context uses). */
  viewerOf(req: FastifyRequest): Promise<Viewer | null>;
};

/**
 * Idempotency keys for GraphQL mutations: a client that gave up waiting and sends the same
 * mutation again with the same `Idempotency-Key` header gets the first answer back (marked
 * `Idempotent-Replayed: true`) instead of writing twice.
 *
 * Only POSTed mutations of a signed-in user take part; queries, and requests without a live token
 * (which their resolvers refuse anyway), ignore the header. Keys belong to the user, not to a company,
 * since one request may touch several. Before the mutation runs its key is claimed with one atomic
 * insert; a key already held answers without running anything: its stored answer for the same request,
 * 409 IDEMPOTENCY_IN_PROGRESS (Retry-After: 1) while the first is still running, 422
 * IDEMPOTENCY_KEY_REUSED for a different request. After the answer, the claim keeps it, or is released
 * when nothing was executed (an answer without `data`: the document or its variables were refused), so
 * a corrected retry can run.
 *
 * Early answers are ended in `onRequest`, so Yoga's CORS headers are added to them as to any other.
 */
export function useIdempotencyKeys(options: IdempotencyOptions): Plugin<object, ServerContext> {
  const { db, clock, log } = options;
  const claims = new WeakMap<object, Claim>();
  let nextCleanupAt = 0;

  return {
    async onRequest({ request, serverContext, endResponse, fetchAPI }) {
      if (request.method !== 'POST') return;
      const key = request.headers.get('idempotency-key');
      if (key === null) return;
      const graphqlRequest = mutationOf(serverContext.req.body);
      if (!graphqlRequest) return;
      if (!KEY_PATTERN.test(key)) {
        const message =
          'The Idempotency-Key header must be 1 to 128 characters, each a letter, a digit or one of _ - : .';
        endResponse(
          errorResponse(fetchAPI, 400, 'BAD_USER_INPUT', message, {
            extensions: { header: 'Idempotency-Key' },
          }),
        );
        return;
      }
      const viewer = await options.viewerOf(serverContext.req);
      if (!viewer) return;

      const requestHash = hashGraphqlRequest(graphqlRequest);
      const now = clock.now();
      const existing = await claimKey(db, { userId: viewer.userId, key, createdAt: now }, requestHash);
      if (!existing) {
        claims.set(serverContext, { userId: viewer.userId, key, createdAt: now });
        if (now.getTime() >= nextCleanupAt) {
          nextCleanupAt = now.getTime() + CLEANUP_INTERVAL_MS;
          options.backgroundTasks.run('idempotency key cleanup', () => deleteExpiredKeys(db, now));
        }
        return;
      }
      endResponse(heldKeyResponse(fetchAPI, existing, requestHash));
    },

    async onResponse({ serverContext, response }) {
      const claim = claims.get(serverContext);
      if (!claim) return;
      claims.delete(serverContext);
      try {
        await settleClaim(db, clock, claim, response);
      } catch (error) {
        // The answer still goes out; the key stays pending (retries get 409) until it expires.
        log.error({ err: error, key: claim.key }, 'Could not record the answer of an idempotent request');
      }
    },
  };
}

/** The answer to a request whose key is already held: nothing runs. */
function heldKeyResponse(fetchAPI: FetchApi, existing: ExistingKey, requestHash: string): Response {
  if (existing.requestHash !== requestHash) {
    return errorResponse(
      fetchAPI,
      422,
      'IDEMPOTENCY_KEY_REUSED',
      'This idempotency key was used for a different request',
    );
  }
  if (existing.status === 'pending') {
    return errorResponse(
      fetchAPI,
      409,
      'IDEMPOTENCY_IN_PROGRESS',
      'This request is still being processed. Try again shortly.',
      { headers: { 'retry-after': '1' } },
    );
  }
  const replayed = { 'idempotent-replayed': 'true' };
  if (!existing.response) {
    return errorResponse(
      fetchAPI,
      existing.responseStatus ?? 200,
      'IDEMPOTENCY_RESPONSE_UNAVAILABLE',
      'This request was already processed, but its answer was too large to keep. Reload to see its result.',
      { headers: replayed },
    );
  }
  return new fetchAPI.Response(existing.response.body, {
    status: existing.responseStatus ?? 200,
    headers: { 'content-type': existing.response.contentType, ...replayed },
  });
}

/** The request's operation when it is a mutation (the only kind a key applies to); otherwise null. */
function mutationOf(body: unknown): GraphqlRequest | null {
  // A batch (an array) is refused by Yoga, which has batching off.
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { query, operationName, variables } = body as Record<string, unknown>;
  if (typeof query !== 'string') return null;
  let document: ReturnType<typeof parse>;
  try {
    document = parse(query, { noLocation: true, maxTokens: MAX_TOKENS });
  } catch {
    return null; // Yoga refuses the document (syntax, size); nothing runs.
  }
  const name = typeof operationName === 'string' && operationName !== '' ? operationName : null;
  if (getOperationAST(document, name)?.operation !== OperationTypeNode.MUTATION) return null;
  return { query, operationName: name, variables: variables ?? {} };
}

/** SHA-256 hex of the operation name, the query text and the variables with their keys sorted. */
function hashGraphqlRequest(request: GraphqlRequest): string {
  const canonical = JSON.stringify([request.operationName, request.query, request.variables], sortedKeys);
  return createHash('sha256').update(canonical).digest('hex');
}

/** A JSON.stringify replacer that writes every object's keys in sorted order. */
function sortedKeys(_key: string, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1));
  return Object.fromEntries(entries);
}

/**
 * Claims the key for this request: inserts it as pending, or takes over a row that expired, in one
 * statement. Returns null when claimed, or the row that holds the key.
 */
async function claimKey(db: Db, claim: Claim, requestHash: string): Promise<ExistingKey | null> {
  const expiredBefore = new Date(claim.createdAt.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  for (let attempt = 0; attempt < CLAIM_ATTEMPTS; attempt += 1) {
    const claimed = await db
      .insert(idempotentRequests)
      .values({ ...claim, requestHash, status: 'pending' })
      .onConflictDoUpdate({
        target: [idempotentRequests.userId, idempotentRequests.key],
        set: {
          requestHash,
          status: 'pending',
          response: sql`null`,
          responseStatus: sql`null`,
          createdAt: claim.createdAt,
          completedAt: sql`null`,
        },
        setWhere: lt(idempotentRequests.createdAt, expiredBefore),
      })
      .returning({ key: idempotentRequests.key });
    if (claimed.length > 0) return null;
    const [existing] = await db
      .select({
        requestHash: idempotentRequests.requestHash,
        status: idempotentRequests.status,
        response: idempotentRequests.response,
        responseStatus: idempotentRequests.responseStatus,
      })
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, claim.userId), eq(idempotentRequests.key, claim.key)));
    if (existing) return existing;
  }
  // Claimed and released again each time: another request with this key is running, in effect.
  return { requestHash, status: 'pending', response: null, responseStatus: null };
}

/** Keeps the answer of a claimed request, or releases the claim when the request did not execute. */
async function settleClaim(db: Db, clock: Clock, claim: Claim, response: Response): Promise<void> {
  const ours = and(
    eq(idempotentRequests.userId, claim.userId),
    eq(idempotentRequests.key, claim.key),
    eq(idempotentRequests.createdAt, claim.createdAt),
    eq(idempotentRequests.status, 'pending'),
  );
  const contentType = response.headers.get('content-type') ?? 'application/json';
  const body = await response.clone().text();
  if (!executed(contentType, body)) {
    await db.delete(idempotentRequests).where(ours);
    return;
  }
  await db
    .update(idempotentRequests)
    .set({
      status: 'done',
      response: replayableResponse(contentType, body),
      responseStatus: response.status,
      completedAt: clock.now(),
    })
    .where(ours);
}

/** The answer as kept for replay, or null when it is larger than the replay limit. */
export function replayableResponse(contentType: string, body: string): StoredResponse | null {
  return Buffer.byteLength(body) <= IDEMPOTENCY_REPLAY_LIMIT_BYTES ? { contentType, body } : null;
}

/**
 * Whether the operation ran: a GraphQL answer has `data` once execution began, and only then. An answer
 * that cannot be read that way (a stream) counts as executed, so it is never run twice.
 */
function executed(contentType: string, body: string): boolean {
  if (!contentType.includes('json')) return true;
  try {
    const answer: unknown = JSON.parse(body);
    return typeof answer !== 'object' || answer === null || 'data' in answer;
  } catch {
    return true;
  }
}

/** Deletes up to CLEANUP_BATCH keys that expired, oldest first. */
async function deleteExpiredKeys(db: Db, now: Date): Promise<void> {
  const expiredBefore = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_MS);
  await db.execute(sql`
    DELETE FROM ${idempotentRequests}
    WHERE (user_id, key) IN (
      SELECT user_id, key FROM ${idempotentRequests}
      WHERE created_at < ${expiredBefore.toISOString()}::timestamptz
      ORDER BY created_at
      LIMIT ${CLEANUP_BATCH}
    )`);
}

function errorResponse(
  fetchAPI: FetchApi,
  status: number,
  code: ErrorCode,
  message: string,
  more: ErrorMore = {},
): Response {
  const body = JSON.stringify({ errors: [{ message, extensions: { code, ...more.extensions } }] });
  return new fetchAPI.Response(body, {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', ...more.headers },
  });
}
