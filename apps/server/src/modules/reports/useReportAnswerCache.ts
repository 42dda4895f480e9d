import { gzipSync } from 'node:zlib';
import {
  type DocumentNode,
  type ExecutionResult,
  getOperationAST,
  Kind,
  OperationTypeNode,
  type ValueNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../../graphql/context';
import { entityMonthAtVersion } from './entityMonthAtVersion';
import { reportCacheOf } from './reportCache';

/**
 * Whole answers to report queries, kept while the entity's ledger version stands.
 * A query whose only root field is `report` (the grid's Report query, the cards' ReportSummary) depends
 * on nothing but its text, its variables, the entity's ledger and the company's month (in its time zone); so its answer, the
 * JSON text included, is kept under those and replayed until a write raises the version.
 *
 * Every request is still checked in full before a kept answer is replayed: the viewer's membership and
 * role (the same guard as the resolver's `requireEntity(entityId, 'read')`; a refusal runs the
 * operation, which answers the refusal) and, in the same statement, the ledger version, read after any
 * write the client saw commit. Only answers without errors are kept.
 */

/** The longest a request waits for another's answer before running the operation itself. */
const WAIT_LIMIT_MS = 5_000;

/** The root field whose answers are kept. */
const CACHED_ROOT_FIELD = 'report';

type Plan = { entityId: ValueNode };
/** A kept answer: the result, its JSON text and, once a client accepted it, the text gzipped. */
type Kept = { result: ExecutionResult; body: string; gzipped?: Uint8Array<ArrayBuffer> };

/** Parsed documents are shared by Yoga's parser cache, so plans are worked out once per document. */
const plans = new WeakMap<DocumentNode, Map<string, Plan | null>>();
let documentCounter = 0;
const documentIds = new WeakMap<DocumentNode, number>();

/** Results replayed from the cache or about to be kept, with what to send for them. */
const answers = new WeakMap<object, Kept>();

function planOf(document: DocumentNode, operationName: string | null | undefined): Plan | null {
  let byName = plans.get(document);
  if (!byName) {
    byName = new Map();
    plans.set(document, byName);
  }
  const name = operationName ?? '';
  if (byName.has(name)) return byName.get(name) ?? null;
  const operation = getOperationAST(document, operationName);
  let plan: Plan | null = null;
  if (operation?.operation === OperationTypeNode.QUERY && !operation.directives?.length) {
    const fields = operation.selectionSet.selections;
    const [field] = fields;
    if (fields.length === 1 && field?.kind === Kind.FIELD && field.name.value === CACHED_ROOT_FIELD) {
      const entityId = field.arguments?.find((argument) => argument.name.value === 'entityId')?.value;
      if (entityId && !field.directives?.length) plan = { entityId };
    }
  }
  byName.set(name, plan);
  return plan;
}

function documentId(document: DocumentNode): number {
  let id = documentIds.get(document);
  if (id === undefined) {
    documentCounter += 1;
    id = documentCounter;
    documentIds.set(document, id);
  }
  return id;
}

function argumentValue(node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown {
  if (node.kind === Kind.VARIABLE) return variables?.[node.name.value];
  if (node.kind === Kind.STRING) return node.value;
  return undefined;
}

/**
 * The JSON media type Yoga's regular processor would pick for this Accept header, or null when the
 * client asked for a stream (then Yoga answers as usual).
 */
function jsonMediaType(accept: string | null): string | null {
  const wanted = accept ?? '*/*';
  if (wanted.includes('application/json') || wanted.includes('*/*') || wanted.trim() === '') {
    return 'application/json';
  }
  if (wanted.includes('application/graphql-response+json')) return 'application/graphql-response+json';
  return null;
}

export function useReportAnswerCache(): Plugin<Context> {
  /** Operations under way by key and version: their answers, once known (undefined if not kept). */
  const executing = new Map<string, Promise<Kept | undefined>>();
  const answerUnderWay = (runKey: string): Promise<Kept | undefined> | undefined => {
    const running = executing.get(runKey);
    if (!running) return undefined;
    return Promise.race([running, new Promise<undefined>((resolve) => setTimeout(resolve, WAIT_LIMIT_MS))]);
  };
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const plan = planOf(args.document, args.operationName);
      if (!plan) return;
      const context = args.contextValue;
      const entityId = argumentValue(plan.entityId, args.variableValues);
      if (typeof entityId !== 'string') return;
      let version: number;
      try {
        ({ ledgerVersion: version } = await context.requireEntityAtLedgerVersion(entityId, 'read'));
      } catch {
        return; // The resolver answers the refusal.
      }
      const cache = reportCacheOf(context.db);
      // The company's month, in its time zone: the report's current month and its default range.
      const month = await entityMonthAtVersion(context.db, entityId, version, context.clock.now());
      const key = `${entityId}|answer|${documentId(args.document)}|${args.operationName ?? ''}|${month}|${JSON.stringify(args.variableValues ?? {})}`;
      const taken = cache.take(key, version) as Kept | undefined;
      const kept = taken ?? (await answerUnderWay(`${key}|${version}`));
      cache.countLookup('answers', taken ? 'hit' : kept ? 'joined' : 'miss');
      if (kept) {
        answers.set(kept.result, kept);
        setResultAndStopExecution(kept.result);
        return;
      }
      // The first request to miss runs the operation; those that miss meanwhile wait for its answer
      // (after a write, every open grid asks again at once).
      const runKey = `${key}|${version}`;
      let finish: (answer: Kept | undefined) => void = () => undefined;
      const running = new Promise<Kept | undefined>((resolve) => {
        finish = resolve;
      });
      executing.set(runKey, running);
      // Should the operation throw instead of answering, nobody waits on it for long.
      setTimeout(() => {
        if (executing.get(runKey) === running) executing.delete(runKey);
        finish(undefined);
      }, WAIT_LIMIT_MS).unref();
      return {
        onExecuteDone({ result }) {
          if (executing.get(runKey) === running) executing.delete(runKey);
          if (!('data' in result) || result.errors?.length || !result.data) {
            finish(undefined);
            return;
          }
          const answer: Kept = { result, body: JSON.stringify(result) };
          answers.set(result, answer);
          // The parsed answer, its text and the text gzipped: about three bytes per character.
          cache.keep(key, { version, value: answer, weight: answer.body.length * 3 });
          finish(answer);
        },
      };
    },
    onResultProcess({ request, result, resultProcessor, setResultProcessor }) {
      if (!resultProcessor || Array.isArray(result)) return;
      const answer = answers.get(result as object);
      const mediaType = jsonMediaType(request.headers.get('accept'));
      if (answer === undefined || mediaType === null) return;
      const headers: Record<string, string> = {
        'Content-Type': `${mediaType}; charset=utf-8`,
        Vary: 'Accept-Encoding',
      };
      // Browsers accept gzip: a kept answer is compressed once (a 74 KB grid becomes about 9 KB).
      const gzip = /\bgzip\b/.test(request.headers.get('accept-encoding') ?? '');
      if (gzip) {
        answer.gzipped ??= Uint8Array.from(gzipSync(answer.body));
        headers['Content-Encoding'] = 'gzip';
      }
      setResultProcessor(
        (_result, fetchAPI) =>
          new fetchAPI.Response(gzip ? answer.gzipped : answer.body, { status: 200, headers }),
        mediaType,
      );
    },
  };
}
