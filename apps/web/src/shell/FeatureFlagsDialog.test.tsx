import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { FeatureFlagsDialog } from './FeatureFlagsDialog';
import { featureFlagOverridesStore } from './featureFlags';

describe('FeatureFlagsDialog', () => {
  it('lists the flags except the default one, all off', async () => {
    renderWithProviders(<FeatureFlagsDialog opened onClose={() => undefined} />);
    expect(await screen.findByRole('switch', { name: 'Custom charts' })).not.toBeChecked();
    expect(screen.queryByRole('switch', { name: 'Default' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reset/ })).not.toBeInTheDocument();
  });

  it('overrides a flag, offers Reset only while overridden, and resets it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FeatureFlagsDialog opened onClose={() => undefined} />);
    const toggle = await screen.findByRole('switch', { name: 'Custom charts' });

    await user.click(toggle);
    expect(toggle).toBeChecked();
    expect(featureFlagOverridesStore.read()).toEqual({ 'custom-charts': true });
    const reset = screen.getByRole('button', { name: 'Reset Custom charts' });

    await user.click(reset);
    expect(toggle).not.toBeChecked();
    expect(featureFlagOverridesStore.read()).toEqual({});
    expect(screen.queryByRole('button', { name: 'Reset Custom charts' })).not.toBeInTheDocument();
  });

  it('shows an override stored earlier', async () => {
    featureFlagOverridesStore.write({ 'custom-charts': true });
    renderWithProviders(<FeatureFlagsDialog opened onClose={() => undefined} />);
    expect(await screen.findByRole('switch', { name: 'Custom charts' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Reset Custom charts' })).toBeInTheDocument();
  });
});
