import { createStoredValue, useStoredValue } from '../lib/localStore';
import { STORAGE_KEYS } from '../lib/storageKeys';

/** The feature flags of spec §3. Both are off unless overridden on this device. */
export const FEATURE_FLAGS = [
  { id: 'default', label: 'Default', description: 'Baseline flag.', defaultValue: false, hidden: true },
  {
    id: 'custom-charts',
    label: 'Custom charts',
    description: 'Add new charts to dashboards.',
    defaultValue: false,
    hidden: false,
  },
] as const;

type FeatureFlag = (typeof FEATURE_FLAGS)[number];
type FeatureFlagId = FeatureFlag['id'];
type FeatureFlagOverrides = Partial<Record<FeatureFlagId, boolean>>;

function isFeatureFlagId(id: string): id is FeatureFlagId {
  return FEATURE_FLAGS.some((flag) => flag.id === id);
}

export function findFeatureFlag(id: string): FeatureFlag {
  const flag = FEATURE_FLAGS.find((candidate) => candidate.id === id);
  if (!flag) throw new Error(`Feature flag with id ${id} not found`);
  return flag;
}

/** Keeps only known flags with boolean values: storage may hold flags that no longer exist. */
function parseOverrides(raw: unknown): FeatureFlagOverrides | undefined {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const overrides: FeatureFlagOverrides = {};
  for (const [id, value] of Object.entries(raw)) {
    if (isFeatureFlagId(id) && typeof value === 'boolean') overrides[id] = value;
  }
  return overrides;
}

export const featureFlagOverridesStore = createStoredValue<FeatureFlagOverrides>(
  STORAGE_KEYS.featureFlags,
  parseOverrides,
  {},
);

export function isFeatureFlagEnabled(id: FeatureFlagId, overrides: FeatureFlagOverrides): boolean {
  return overrides[id] ?? findFeatureFlag(id).defaultValue;
}

/**
 * Sets a flag on this device. Choosing the default value removes the override, so 'overridden'
 * always means 'differs from the default'.
 */
export function setFeatureFlagOverride(id: FeatureFlagId, value: boolean) {
  const { [id]: _previous, ...others } = featureFlagOverridesStore.read();
  const next: FeatureFlagOverrides =
    value === findFeatureFlag(id).defaultValue ? others : { ...others, [id]: value };
  featureFlagOverridesStore.write(next);
}

export function resetFeatureFlagOverride(id: FeatureFlagId) {
  const { [id]: _removed, ...others } = featureFlagOverridesStore.read();
  featureFlagOverridesStore.write(others);
}

export function useFeatureFlagOverrides(): FeatureFlagOverrides {
  return useStoredValue(featureFlagOverridesStore);
}

/** Whether a feature flag is on for this device, e.g. `useFeatureFlag('custom-charts')`. */
export function useFeatureFlag(id: FeatureFlagId): boolean {
  return isFeatureFlagEnabled(id, useFeatureFlagOverrides());
}
