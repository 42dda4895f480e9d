import { Badge, Button, Group, Paper, Text, ThemeIcon, Title, Tooltip } from '@mantine/core';

/** Spec §9: 'The accounting provider Xero connection is disabled.' */
export const XERO_DISABLED_REASON = 'Connecting Xero is not available yet.';

/** Xero, shown beside QuickBooks Online as the other accounting provider, with its connection disabled. */
export function XeroCard() {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label="Xero" data-testid="xero">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ flex: '1 1 320px', minWidth: 0 }}>
          <ThemeIcon size={40} radius="md" variant="light" color="cyan" aria-hidden>
            <Text fw={800} size="sm">
              x
            </Text>
          </ThemeIcon>
          <div style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Title order={4} c="dimmed">
                Xero
              </Title>
              <Badge color="gray" variant="light" size="sm">
                Unavailable
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" maw={560}>
              {XERO_DISABLED_REASON}
            </Text>
          </div>
        </Group>
        <Tooltip label={XERO_DISABLED_REASON} withArrow>
          <Button
            variant="default"
            data-disabled
            aria-disabled="true"
            onClick={(event) => event.preventDefault()}
          >
            Connect
          </Button>
        </Tooltip>
      </Group>
    </Paper>
  );
}
