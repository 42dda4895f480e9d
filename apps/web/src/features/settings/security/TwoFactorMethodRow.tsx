import { Badge, Box, Button, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { FeatureUnavailableNotice } from '../../../shell/FeatureUnavailableNotice';

type TwoFactorMethodRowProps = {
  name: string;
  description: string;
  icon: ReactNode;
  enabled: boolean;
  recommended: boolean;
  /** Set while the other method is on: Add is disabled and says why (spec §4). */
  blockedReason: string | null;
  /**
   * The server's notice when it cannot carry out this method (text messages not set up): it stands in
   * the place of Add, and under the description of an enabled method, which can still be removed.
   */
  unavailable?: string | null;
  /** The setup below is open: Add is hidden. */
  adding: boolean;
  removing: boolean;
  onAdd: () => void;
  onRemove: () => void;
  /** The setup of this method, while adding it. */
  children?: ReactNode;
};

/**
 * One two-factor method (spec §4): 'Enabled' and 'Remove' when on; else 'Add', disabled with a
 * tooltip while the other method is on. The authenticator app is 'Recommended' while not on.
 */
export function TwoFactorMethodRow(props: TwoFactorMethodRowProps) {
  const { name, description, icon, enabled, recommended, blockedReason, adding, removing } = props;
  const unavailable = props.unavailable ?? null;
  return (
    <Box component="section" aria-label={name} py="md">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group align="flex-start" wrap="nowrap" gap="sm" style={{ minWidth: 0 }}>
          <ThemeIcon variant="light" size="lg" radius="md" color={enabled ? 'teal' : 'gray'}>
            {icon}
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{name}</Text>
              {recommended && (
                <Badge variant="light" color="blue" size="sm">
                  Recommended
                </Badge>
              )}
              {enabled && (
                <Badge variant="light" color="teal" size="sm">
                  Enabled
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
            {enabled && unavailable ? <FeatureUnavailableNotice notice={unavailable} compact /> : null}
          </Stack>
        </Group>
        {enabled ? (
          <Button variant="light" color="red" onClick={props.onRemove} loading={removing}>
            Remove
          </Button>
        ) : unavailable ? (
          <Box maw={240} style={{ flex: 'none' }}>
            <FeatureUnavailableNotice notice={unavailable} compact />
          </Box>
        ) : adding ? null : blockedReason ? (
          <Tooltip
            label={blockedReason}
            position="left"
            multiline
            w={260}
            events={{ hover: true, focus: true, touch: true }}
          >
            {/* Not `disabled`: a disabled button gets no pointer events, and the tooltip must show. */}
            <Button variant="default" data-disabled aria-disabled onClick={(event) => event.preventDefault()}>
              Add
            </Button>
          </Tooltip>
        ) : (
          <Button variant="default" onClick={props.onAdd}>
            Add
          </Button>
        )}
      </Group>
      {adding && !unavailable && (
        <Box mt="md" ml={{ base: 0, sm: 46 }}>
          {props.children}
        </Box>
      )}
    </Box>
  );
}
