import { Avatar, Box, Group, Menu, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronRight, IconFlag, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { initialsOf } from '../lib/format';
import { FeatureFlagsDialog } from './FeatureFlagsDialog';
import { buildUserMenuItems } from './navigation';
import { NAVIGATION_ICONS } from './navigationIcons';
import type { Me } from './shellQueries';

/** The user's name and the account pages, Feature Flags for staff, and Sign out (spec §2). */
export function UserMenu({
  me,
  compact = false,
  books = true,
}: {
  me: Me;
  compact?: boolean;
  books?: boolean;
}) {
  const navigate = useNavigate();
  const [flagsOpen, setFlagsOpen] = useState(false);
  const items = buildUserMenuItems({ production: import.meta.env.PROD, staff: me.showFeatureFlags, books });

  const target = (
    <UnstyledButton
      aria-label="User menu"
      data-testid="user-menu"
      w="100%"
      p={compact ? 4 : 8}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      className="keel-hoverable"
    >
      <Group gap={10} wrap="nowrap" justify={compact ? 'center' : 'flex-start'}>
        <Avatar color="gray" radius="xl" size={32}>
          {initialsOf(me.name)}
        </Avatar>
        {!compact && (
          <>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={600} truncate="end">
                {me.name}
              </Text>
              <Text size="xs" c="dimmed" truncate="end">
                {me.email}
              </Text>
            </Box>
            <IconChevronRight size={16} color="var(--mantine-color-gray-6)" />
          </>
        )}
      </Group>
    </UnstyledButton>
  );

  return (
    <>
      <Menu position={compact ? 'right-end' : 'top-start'} width={220} shadow="md" withinPortal>
        <Menu.Target>
          {compact ? (
            <Tooltip label={me.name} position="right" withArrow>
              {target}
            </Tooltip>
          ) : (
            target
          )}
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{me.email}</Menu.Label>
          {items.map((item) => {
            const Icon = NAVIGATION_ICONS[item.icon];
            return (
              <Menu.Item key={item.path} component={Link} to={item.path} leftSection={<Icon size={16} />}>
                {item.label}
              </Menu.Item>
            );
          })}
          {me.showFeatureFlags && (
            <Menu.Item leftSection={<IconFlag size={16} />} onClick={() => setFlagsOpen(true)}>
              Feature Flags
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => navigate('/logout')}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <FeatureFlagsDialog opened={flagsOpen} onClose={() => setFlagsOpen(false)} />
    </>
  );
}
