import { Badge, Button, Divider, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { Fragment } from 'react';
import {
  FEATURE_FLAGS,
  isFeatureFlagEnabled,
  resetFeatureFlagOverride,
  setFeatureFlagOverride,
  useFeatureFlagOverrides,
} from './featureFlags';

/** Local feature-flag toggles for staff (spec §2). The 'default' flag is not listed. */
export function FeatureFlagsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const overrides = useFeatureFlagOverrides();
  const visibleFlags = FEATURE_FLAGS.filter((flag) => !flag.hidden);

  return (
    <Modal opened={opened} onClose={onClose} title="Feature Flags" size="md">
      <Text size="sm" c="dimmed" mb="md">
        Overrides apply to this browser only.
      </Text>
      <Stack gap="sm">
        {visibleFlags.map((flag, index) => {
          const overridden = overrides[flag.id] !== undefined;
          return (
            <Fragment key={flag.id}>
              {index > 0 && <Divider />}
              <Group justify="space-between" wrap="nowrap" data-testid={`feature-flag-${flag.id}`}>
                <Stack gap={2}>
                  <Group gap="xs">
                    <Text fw={600} size="sm">
                      {flag.label}
                    </Text>
                    {overridden && (
                      <Badge size="xs" variant="light" color="orange">
                        Overridden
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {flag.description} <code>{flag.id}</code>
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  {overridden && (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      onClick={() => resetFeatureFlagOverride(flag.id)}
                      aria-label={`Reset ${flag.label}`}
                    >
                      Reset
                    </Button>
                  )}
                  <Switch
                    checked={isFeatureFlagEnabled(flag.id, overrides)}
                    onChange={(event) => setFeatureFlagOverride(flag.id, event.currentTarget.checked)}
                    aria-label={flag.label}
                  />
                </Group>
              </Group>
            </Fragment>
          );
        })}
      </Stack>
    </Modal>
  );
}
