import { isServerFeature, SERVER_FEATURE_LABELS } from '@keel/domain';
import { Alert, Text } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { Fragment, useContext } from 'react';
import { ServerFeaturesContext, simulatedFeaturesOf } from './serverFeatures';

/** Features whose simulation shows money or bank data (text messages show none). */
const MONEY_FEATURES = new Set(['banking', 'payments', 'plaid', 'moneykit', 'quickbooks']);

/**
 * On a production server that runs simulations (a staging server, SANDBOX_FEATURES), one line on
 * every page, above whatever figures it shows: what is simulated and so not real, so nobody takes its
 * accounts, balances or payments for a bank's. Each name carries the server's full notice as its
 * tooltip. Nothing in development, where the demo is the point.
 */
export function SimulatedFeaturesBanner() {
  const features = useContext(ServerFeaturesContext);
  const simulated = features ? simulatedFeaturesOf(features) : [];
  if (simulated.length === 0) return null;
  const money = simulated.some((feature) => MONEY_FEATURES.has(feature.feature));
  return (
    <Alert
      variant="light"
      color="yellow"
      radius="md"
      mb="md"
      py={8}
      icon={<IconFlask size={18} />}
      data-testid="simulated-features"
    >
      <Text size="sm">
        <Text span fw={700}>
          Staging server.
        </Text>{' '}
        Simulated here, not real:{' '}
        {simulated.map((feature, index) => (
          <Fragment key={feature.feature}>
            {index === 0 ? '' : index === simulated.length - 1 ? ' and ' : ', '}
            <Text span title={feature.notice ?? undefined} td="underline dotted">
              {isServerFeature(feature.feature) ? SERVER_FEATURE_LABELS[feature.feature] : feature.feature}
            </Text>
          </Fragment>
        ))}
        .{money ? ' No money moves and no bank is behind these figures.' : ''}
      </Text>
    </Alert>
  );
}
