import { ActionIcon, Box, Group, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useEntityContext } from './EntityContext';
import { EntitySwitcher } from './EntitySwitcher';
import { KeelLogo, LogoMark } from './KeelLogo';
import { buildSidebarItems, canSeeBooks, isActivePath } from './navigation';
import { NAVIGATION_ICONS } from './navigationIcons';
import { UserMenu } from './UserMenu';

/** The sidebar: brand and collapse toggle, entity switcher, page links, user menu (spec §2). */
export function Sidebar({ open, onToggle }: { open: boolean; onToggle: () => void }) {
  const { me, entity, entities, selectEntity } = useEntityContext();
  const { pathname } = useLocation();
  const items = buildSidebarItems(entity);
  const toggleLabel = open ? 'Collapse sidebar' : 'Expand sidebar';

  return (
    <Stack h="100%" gap={0} data-testid="sidebar" data-open={open}>
      <Group justify={open ? 'space-between' : 'center'} px={open ? 'md' : 0} pt="md" pb="sm" gap="xs">
        {open ? <KeelLogo size={28} /> : <LogoMark size={28} />}
        {open && (
          <Tooltip label={toggleLabel} withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={toggleLabel}>
              <IconLayoutSidebarLeftCollapse size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {!open && (
        <Group justify="center" pb="sm">
          <Tooltip label={toggleLabel} position="right" withArrow>
            <ActionIcon variant="subtle" color="gray" onClick={onToggle} aria-label={toggleLabel}>
              <IconLayoutSidebarLeftExpand size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
      )}
      <Box px="sm" pb="sm">
        <EntitySwitcher entities={entities} currentId={entity.id} onSelect={selectEntity} compact={!open} />
      </Box>
      <ScrollArea style={{ flex: 1 }} px="sm">
        <nav aria-label="Main">
          <Stack gap={2} py="xs">
            {items.map((item) => {
              const Icon = NAVIGATION_ICONS[item.icon];
              const link = (
                <NavLink
                  key={item.path}
                  component={Link}
                  to={item.path}
                  label={open ? item.label : undefined}
                  aria-label={open ? undefined : item.label}
                  leftSection={<Icon size={20} stroke={1.6} />}
                  active={isActivePath(item.path, pathname)}
                  variant="light"
                  styles={{
                    root: {
                      borderRadius: 'var(--mantine-radius-md)',
                      justifyContent: open ? undefined : 'center',
                    },
                    section: open ? undefined : { marginInlineEnd: 0 },
                    label: { fontWeight: 500 },
                  }}
                />
              );
              return open ? (
                link
              ) : (
                <Tooltip key={item.path} label={item.label} position="right" withArrow>
                  {link}
                </Tooltip>
              );
            })}
          </Stack>
        </nav>
      </ScrollArea>
      <Box p="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <UserMenu me={me} compact={!open} books={canSeeBooks(entity.viewerRole)} />
      </Box>
    </Stack>
  );
}
