import { FEATURE_UNAVAILABLE_MESSAGES, type ServerFeature } from '@keel/domain';
import type { FastifyReply } from 'fastify';
import type { Config } from '../config';
import type { Problem } from './problem';

/** The problem `type` of a route whose feature this server does not offer. */
export const FEATURE_UNAVAILABLE_PROBLEM = 'feature_unavailable';

/**
 * The answer of a REST route whose feature this server does not offer (DISABLED_FEATURES): 501 Not
 * Implemented, since this server lacks the functionality, which no retry or other request brings
 * (unlike 503); the detail is the words the web app shows ('Banking is not set up on this server') and
 * `feature` names it, as GraphQL's FEATURE_UNAVAILABLE does.
 */
export function featureUnavailableProblem(feature: ServerFeature): Problem & { feature: ServerFeature } {
  return {
    status: 501,
    type: FEATURE_UNAVAILABLE_PROBLEM,
    title: 'Not Implemented',
    detail: FEATURE_UNAVAILABLE_MESSAGES[feature],
    feature,
  };
}

export function sendFeatureUnavailable(reply: FastifyReply, feature: ServerFeature): FastifyReply {
  return reply.status(501).type('application/problem+json').send(featureUnavailableProblem(feature));
}

/** Whether `feature` is off on this server; the routes check it before reading or writing anything. */
export const isFeatureOff = (config: Pick<Config, 'FEATURES'>, feature: ServerFeature) =>
  config.FEATURES[feature] === 'off';
