import { PRODUCT_SLUG } from '@keel/domain';
import { screen } from '@testing-library/react';
import { isValidElement, type ReactNode } from 'react';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from '../routes';
import { renderWithProviders } from '../test/renderWithProviders';
import { serverFeaturesWithOff } from '../test/serverFeaturesKit';
import { FeatureGate } from './FeatureGate';
import { ServerFeaturesContext, type ServerFeatureView } from './serverFeatures';

function renderGate(features: ServerFeatureView[] | null) {
  return renderWithProviders(
    <ServerFeaturesContext.Provider value={features}>
      <FeatureGate feature="banking" title="Keel Accounts">
        <p>The accounts table</p>
      </FeatureGate>
    </ServerFeaturesContext.Provider>,
  );
}

/** The feature and title of the gate a path's page stands behind, or null when it has none. */
function gateOf(path: string): { feature: string; title: string } | null {
  const match = matchRoutes(routes, path)?.at(-1);
  const element = match?.route.element as ReactNode;
  if (!isValidElement<{ feature: string; title: string }>(element) || element.type !== FeatureGate)
    return null;
  return { feature: element.props.feature, title: element.props.title };
}

describe('FeatureGate', () => {
  it("shows the page's title and the server's words in place of a page whose feature is off", () => {
    renderGate(serverFeaturesWithOff('banking'));
    expect(screen.getByRole('heading', { name: 'Keel Accounts' })).toBeInTheDocument();
    expect(screen.getByTestId('feature-unavailable')).toHaveTextContent(
      'Banking is not set up on this server',
    );
    expect(screen.queryByText('The accounts table')).not.toBeInTheDocument();
  });

  it('shows the page itself while the feature is live or its sandbox, and outside the shell', () => {
    for (const features of [serverFeaturesWithOff('sms'), null]) {
      const { unmount } = renderGate(features);
      expect(screen.getByText('The accounts table')).toBeInTheDocument();
      expect(screen.queryByTestId('feature-unavailable')).not.toBeInTheDocument();
      unmount();
    }
  });

  it('gates every banking page, and billing behind payments', () => {
    for (const path of [
      `/${PRODUCT_SLUG}-checking`,
      `/accounts/${PRODUCT_SLUG}`,
      `/${PRODUCT_SLUG}-transactions`,
      '/apply',
      '/cards',
      '/documents',
    ]) {
      expect(gateOf(path)?.feature, path).toBe('banking');
    }
    expect(gateOf('/settings/billing')).toEqual({ feature: 'payments', title: 'Billing Details' });
    expect(gateOf('/transactions')).toBeNull();
    expect(gateOf('/financial')).toBeNull();
  });
});
