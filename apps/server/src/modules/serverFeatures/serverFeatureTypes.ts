import {
  FEATURE_SIMULATED_MESSAGES,
  FEATURE_UNAVAILABLE_MESSAGES,
  SERVER_FEATURES,
  type ServerFeature,
  type ServerFeatureState,
} from '@keel/domain';
import { builder } from '../../graphql/builder';

/** One feature as this server offers it, and what a person should read about it. */
type ServerFeatureView = { feature: ServerFeature; state: ServerFeatureState; notice: string | null };

export const ServerFeatureRef = builder.objectRef<ServerFeatureView>('ServerFeature').implement({
  description:
    'A part of Keel that needs an outside vendor, and how this server offers it (DISABLED_FEATURES, SANDBOX_FEATURES and the vendor settings decide).',
  fields: (t) => ({
    feature: t.exposeString('feature', {
      description: 'banking, payments, plaid, moneykit, quickbooks or sms.',
    }),
    state: t.exposeString('state', {
      description:
        "'live' (the vendor's production environment), 'sandbox' (a simulation: Keel's own or the vendor's test environment) or 'off' (not offered).",
    }),
    notice: t.exposeString('notice', {
      nullable: true,
      description:
        "What to show in the feature's place: when off, that it is not set up ('Banking is not set up on this server'); when simulated on a production server (staging), that it is simulated; else null.",
    }),
  }),
});

/** Each feature's view: production servers say a simulation is one; development keeps the demo as it is. */
export function serverFeatureViews(config: {
  NODE_ENV: string;
  FEATURES: Record<ServerFeature, ServerFeatureState>;
}): ServerFeatureView[] {
  return SERVER_FEATURES.map((feature) => {
    const state = config.FEATURES[feature];
    const notice =
      state === 'off'
        ? FEATURE_UNAVAILABLE_MESSAGES[feature]
        : state === 'sandbox' && config.NODE_ENV === 'production'
          ? FEATURE_SIMULATED_MESSAGES[feature]
          : null;
    return { feature, state, notice };
  });
}
