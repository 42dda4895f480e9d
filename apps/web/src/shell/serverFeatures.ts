import type { ServerFeature, ServerFeatureState } from '@keel/domain';
import { createContext, useContext } from 'react';

/**
 * A feature as this server offers it (the serverFeatures query): its state and the notice to show in
 * its place (off: 'Banking is not set up on this server'; simulated on a staging server: what is not
 * real; else null).
 */
export type ServerFeatureView = { feature: string; state: string; notice: string | null };

/** The server's features, from the shell's Header query; null outside the signed-in shell. */
export const ServerFeaturesContext = createContext<readonly ServerFeatureView[] | null>(null);

type ServerFeatureStatus = { state: ServerFeatureState; notice: string | null };

/**
 * How this server offers `feature`; null while unknown (outside the shell, where nothing is gated).
 * An unknown state counts as off: a page never offers what the server did not say it has.
 */
function useServerFeature(feature: ServerFeature): ServerFeatureStatus | null {
  const features = useContext(ServerFeaturesContext);
  if (!features) return null;
  const found = features.find((candidate) => candidate.feature === feature);
  const state = found?.state;
  if (state === 'live' || state === 'sandbox') return { state, notice: found?.notice ?? null };
  return { state: 'off', notice: found?.notice ?? null };
}

/** The notice of `feature` when this server does not offer it, else null. */
export function useFeatureOffNotice(feature: ServerFeature): string | null {
  const status = useServerFeature(feature);
  return status?.state === 'off' ? (status.notice ?? `${feature} is not set up on this server`) : null;
}

/** The features a production server simulates (a staging server), with what each notice says. */
export function simulatedFeaturesOf(features: readonly ServerFeatureView[]): ServerFeatureView[] {
  return features.filter((feature) => feature.state === 'sandbox' && feature.notice !== null);
}
