import { Button, Stack, Text } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { useState } from 'react';
import { FeatureFlagsDialog } from '../../shell/FeatureFlagsDialog';
import { findFeatureFlag } from '../../shell/featureFlags';

export type DashboardEmptyStateProps = {
  /** Bookkeeping rights here: the person may add and arrange charts. */
  canEdit: boolean;
  /** The custom-charts feature flag (spec §3, off by default): Add shows only with it on. */
  customCharts: boolean;
  /** The person may open Feature Flags from the user menu (staff, spec §2 Navigation shell). */
  canSetFlags: boolean;
  reportName: string;
};

/**
 * What an empty dashboard says: how to add a chart, or why the person cannot and
 * how to get there. Adding charts needs the custom-charts flag (spec §2 'an Add button (only with
 * feature flag custom-charts on)', §6 'Feature flag custom-charts gates adding charts'); the flag is
 * set per browser from Feature Flags, which only staff see, so others are told to ask for it.
 */
export function DashboardEmptyState({
  canEdit,
  customCharts,
  canSetFlags,
  reportName,
}: DashboardEmptyStateProps) {
  const [flagsOpen, setFlagsOpen] = useState(false);
  const flag = findFeatureFlag('custom-charts').label;
  let how: string;
  if (!canEdit) how = 'Someone with bookkeeping rights on this company can add charts.';
  else if (customCharts) how = `Add one with Add, above: a chart plots lines of the ${reportName}.`;
  else if (canSetFlags)
    how = `Adding charts needs the '${flag}' feature flag, which is off in this browser. Turn it on in Feature Flags (also in your user menu); Add then shows above.`;
  else
    how = `Adding charts needs the '${flag}' feature flag, which is off for you. Ask Keel support to turn it on; Add then shows above.`;
  return (
    <Stack gap="xs" align="center" py="xl" data-testid="dashboard-empty">
      <Text c="dimmed" size="sm" ta="center">
        This dashboard has no charts yet. {how}
      </Text>
      {canEdit && !customCharts && canSetFlags ? (
        <>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconFlag size={14} />}
            onClick={() => setFlagsOpen(true)}
          >
            Open Feature Flags
          </Button>
          <FeatureFlagsDialog opened={flagsOpen} onClose={() => setFlagsOpen(false)} />
        </>
      ) : null}
    </Stack>
  );
}
