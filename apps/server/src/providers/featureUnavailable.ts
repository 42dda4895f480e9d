import { FEATURE_UNAVAILABLE_MESSAGES, type ServerFeature } from '@keel/domain';

/**
 * A feature this server does not offer (DISABLED_FEATURES) was asked for. Its message is the words a
 * person reads ('Banking is not set up on this server'); GraphQL answers it as FEATURE_UNAVAILABLE and
 * REST as a 501 problem. Off providers throw it from every call, so nothing of an off feature runs even
 * where a caller forgot to check first.
 */
export class FeatureUnavailable extends Error {
  readonly feature: ServerFeature;
  constructor(feature: ServerFeature) {
    super(FEATURE_UNAVAILABLE_MESSAGES[feature]);
    this.name = 'FeatureUnavailable';
    this.feature = feature;
  }
}

/** A call of an off provider: refused at once, before anything is sent or written. */
export const refuseCall = (feature: ServerFeature) => (): never => {
  throw new FeatureUnavailable(feature);
};

/** An asynchronous call of an off provider: a rejected promise, as the live call would fail. */
export const refuseAsyncCall = (feature: ServerFeature) => (): Promise<never> =>
  Promise.reject(new FeatureUnavailable(feature));
