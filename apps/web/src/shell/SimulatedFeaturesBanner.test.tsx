import { FEATURE_SIMULATED_MESSAGES } from '@keel/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { serverFeaturesWithOff } from '../test/serverFeaturesKit';
import { SimulatedFeaturesBanner } from './SimulatedFeaturesBanner';
import { ServerFeaturesContext, type ServerFeatureView } from './serverFeatures';

function renderBanner(features: ServerFeatureView[]) {
  return renderWithProviders(
    <ServerFeaturesContext.Provider value={features}>
      <SimulatedFeaturesBanner />
    </ServerFeaturesContext.Provider>,
  );
}

describe('SimulatedFeaturesBanner', () => {
  it('names what a staging server simulates, each with its full notice', () => {
    renderBanner([
      { feature: 'banking', state: 'sandbox', notice: FEATURE_SIMULATED_MESSAGES.banking },
      { feature: 'payments', state: 'live', notice: null },
      { feature: 'plaid', state: 'sandbox', notice: FEATURE_SIMULATED_MESSAGES.plaid },
      { feature: 'sms', state: 'off', notice: 'Text messages are not set up on this server' },
    ]);
    const banner = screen.getByTestId('simulated-features');
    expect(banner).toHaveTextContent(
      'Staging server. Simulated here, not real: banking and bank linking through Plaid. No money moves and no bank is behind these figures.',
    );
    expect(screen.getByText('banking')).toHaveAttribute('title', FEATURE_SIMULATED_MESSAGES.banking);
  });

  it('says nothing in development, where sandboxes carry no notice', () => {
    renderBanner(serverFeaturesWithOff('sms'));
    expect(screen.queryByTestId('simulated-features')).not.toBeInTheDocument();
  });
});
