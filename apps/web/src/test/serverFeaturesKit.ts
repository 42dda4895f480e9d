import { FEATURE_UNAVAILABLE_MESSAGES, SERVER_FEATURES, type ServerFeature } from '@keel/domain';
import type { ServerFeatureView } from '../shell/serverFeatures';

/**
 * The serverFeatures of a development server whose DISABLED_FEATURES names `off`: those off with the
 * server's words, the others their sandbox (test code only).
 */
export function serverFeaturesWithOff(...off: ServerFeature[]): ServerFeatureView[] {
  return SERVER_FEATURES.map((feature) =>
    off.includes(feature)
      ? { feature, state: 'off', notice: FEATURE_UNAVAILABLE_MESSAGES[feature] }
      : { feature, state: 'sandbox', notice: null },
  );
}
