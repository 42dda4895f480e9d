import { Center, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingBank } from '@tabler/icons-react';

/**
 * No bank linked yet (spec §2): the empty state, pointing at Add Accounts; `canAdd: false` on a server
 * that links banks through neither provider, where Add Accounts is not there to point at.
 */
export function LinkedAccountsEmpty({ canAdd = true }: { canAdd?: boolean }) {
  return (
    <Center py={56} data-testid="linked-accounts-empty">
      <Stack align="center" gap="xs" maw={460} ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconBuildingBank size={26} />
        </ThemeIcon>
        <Text fw={600}>You currently have no linked accounts</Text>
        {canAdd ? (
          <Text size="sm" c="dimmed">
            Click on Add Accounts to get started.
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
