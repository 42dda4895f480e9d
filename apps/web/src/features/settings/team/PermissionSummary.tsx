import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';

/** One row of the summary: Member.permissions, or the domain's permissionSummary for another role. */
type PermissionRow = { capability: string; label: string; description: string; allowed: boolean };

/** The member page's read-only permission summary (spec §2): each capability, allowed or not. */
export function PermissionSummary({ permissions }: { permissions: readonly PermissionRow[] }) {
  return (
    <Stack gap="sm" role="list" aria-label="Permissions" data-testid="permission-summary">
      {permissions.map((permission) => (
        <Group
          key={permission.capability}
          gap="sm"
          wrap="nowrap"
          align="flex-start"
          role="listitem"
          data-testid="permission"
          data-capability={permission.capability}
          data-allowed={permission.allowed}
        >
          <ThemeIcon
            size={22}
            radius="xl"
            variant="light"
            color={permission.allowed ? 'green' : 'gray'}
            aria-label={permission.allowed ? 'Allowed' : 'Not allowed'}
            role="img"
          >
            {permission.allowed ? <IconCheck size={14} /> : <IconX size={14} />}
          </ThemeIcon>
          <div>
            <Text size="sm" fw={600} c={permission.allowed ? undefined : 'dimmed'}>
              {permission.label}
            </Text>
            <Text size="xs" c="dimmed">
              {permission.description}
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
