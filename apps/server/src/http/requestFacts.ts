/**
 * What a request turned out to be about, gathered while it runs and written once, on its log line and
 * in the metrics, when it ends (http/observeRequests.ts). Only identifiers go here: never a token, an
 * email address or anything else a person typed.
 */
export type RequestFacts = {
  /** The signed-in user whose bearer token the request carried. */
  userId?: string;
  /** The first company the request was allowed into (the entity guard said yes). */
  entityId?: string;
  /** The GraphQL operation's name, when it has one of a valid shape (operationNames.ts). */
  operationName?: string;
  /** The operation's metric label: its name, `anonymous` or `other` (operationNames.ts). */
  operationLabel?: string;
  /** The GraphQL operation's kind, once its document is known. */
  operationType?: 'query' | 'mutation' | 'subscription';
  /** The distinct `extensions.code`s of the GraphQL answer's errors. */
  errorCodes?: string[];
  /** The answer is a long-lived event stream (a subscription): its duration is not a latency. */
  streaming?: boolean;
};

const factsByRequest = new WeakMap<object, RequestFacts>();

/** The facts of a request (a FastifyRequest), made empty on first use. */
export function requestFactsOf(request: object): RequestFacts {
  let facts = factsByRequest.get(request);
  if (!facts) {
    facts = {};
    factsByRequest.set(request, facts);
  }
  return facts;
}

/** Notes the company a request was let into; the first one stays (a request is about one company). */
export function noteRequestEntity(facts: RequestFacts | undefined, entityId: string): void {
  if (facts && facts.entityId === undefined) facts.entityId = entityId;
}
