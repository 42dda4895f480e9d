import { describe, expect, it } from 'vitest';
import {
  featureFlagOverridesStore,
  findFeatureFlag,
  isFeatureFlagEnabled,
  resetFeatureFlagOverride,
  setFeatureFlagOverride,
} from './featureFlags';

describe('feature flags', () => {
  it('are off by default', () => {
    expect(isFeatureFlagEnabled('custom-charts', {})).toBe(false);
    expect(isFeatureFlagEnabled('default', {})).toBe(false);
  });

  it('stores an override and reads it back', () => {
    setFeatureFlagOverride('custom-charts', true);
    const overrides = featureFlagOverridesStore.read();
    expect(overrides).toEqual({ 'custom-charts': true });
    expect(isFeatureFlagEnabled('custom-charts', overrides)).toBe(true);
  });

  it('drops the override when the flag is set back to its default', () => {
    setFeatureFlagOverride('custom-charts', true);
    setFeatureFlagOverride('custom-charts', false);
    expect(featureFlagOverridesStore.read()).toEqual({});
  });

  it('resets one flag and keeps the others', () => {
    setFeatureFlagOverride('custom-charts', true);
    setFeatureFlagOverride('default', true);
    resetFeatureFlagOverride('custom-charts');
    expect(featureFlagOverridesStore.read()).toEqual({ default: true });
  });

  it('ignores stored flags that no longer exist and values that are not booleans', () => {
    window.localStorage.setItem(
      featureFlagOverridesStore.key,
      JSON.stringify({ 'custom-charts': 'yes', retired: true, default: true }),
    );
    expect(featureFlagOverridesStore.read()).toEqual({ default: true });
  });

  it('refuses an unknown flag', () => {
    expect(() => findFeatureFlag('nope')).toThrow('Feature flag with id nope not found');
  });
});
