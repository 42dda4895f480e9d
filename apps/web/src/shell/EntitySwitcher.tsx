import {
  Avatar,
  Box,
  Button,
  Combobox,
  Group,
  Modal,
  Text,
  Tooltip,
  UnstyledButton,
  useCombobox,
} from '@mantine/core';
import { IconCheck, IconPlus, IconSelector } from '@tabler/icons-react';
import { useState } from 'react';
import { initialsOf } from '../lib/format';
import { CreateEntityForm } from './CreateEntityForm';
import { searchEntities } from './selectedEntity';

type SwitcherEntity = { id: string; name: string };

type EntitySwitcherProps = {
  entities: readonly SwitcherEntity[];
  currentId: string;
  onSelect: (entityId: string) => void;
  /** Icon only (collapsed sidebar). */
  compact?: boolean;
};

/** Lists the user's entities with the current one checked, with fuzzy search by name (spec §2). */
export function EntitySwitcher({ entities, currentId, onSelect, compact = false }: EntitySwitcherProps) {
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);
  const combobox = useCombobox({
    onDropdownClose: () => {
      combobox.resetSelectedOption();
      setSearch('');
    },
    onDropdownOpen: () => combobox.focusSearchInput(),
  });
  const current = entities.find((entity) => entity.id === currentId);
  const matches = searchEntities(entities, search);

  const target = (
    <UnstyledButton
      onClick={() => combobox.toggleDropdown()}
      aria-label="Switch entity"
      aria-haspopup="listbox"
      aria-expanded={combobox.dropdownOpened}
      data-testid="entity-switcher"
      w="100%"
      p={compact ? 4 : 8}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-gray-3)',
        background: 'var(--mantine-color-white)',
      }}
    >
      <Group gap={10} wrap="nowrap" justify={compact ? 'center' : 'flex-start'}>
        <Avatar color="keel" variant="filled" radius="sm" size={compact ? 30 : 32}>
          {initialsOf(current?.name ?? '')}
        </Avatar>
        {!compact && (
          <>
            <Box style={{ flex: 1, minWidth: 0 }}>
              <Text size="xs" c="dimmed" lh={1.2}>
                Entity
              </Text>
              <Text size="sm" fw={600} truncate="end" data-testid="current-entity-name">
                {current?.name}
              </Text>
            </Box>
            <IconSelector size={16} stroke={1.6} color="var(--mantine-color-gray-6)" />
          </>
        )}
      </Group>
    </UnstyledButton>
  );

  return (
    <>
      <Combobox
        store={combobox}
        width={280}
        position={compact ? 'right-start' : 'bottom-start'}
        shadow="md"
        onOptionSubmit={(value) => {
          combobox.closeDropdown();
          if (value !== currentId) onSelect(value);
        }}
      >
        <Combobox.Target withAriaAttributes={false}>
          {compact ? (
            <Tooltip label={current?.name} position="right" withArrow>
              {target}
            </Tooltip>
          ) : (
            target
          )}
        </Combobox.Target>
        <Combobox.Dropdown>
          <Combobox.Search
            value={search}
            onChange={(event) => {
              setSearch(event.currentTarget.value);
              combobox.updateSelectedOptionIndex();
            }}
            placeholder="Search entities"
            aria-label="Search entities"
          />
          <Combobox.Options mah={280} style={{ overflowY: 'auto' }} aria-label="Entities">
            {matches.length === 0 && <Combobox.Empty>No matching entities</Combobox.Empty>}
            {matches.map((entity) => {
              const selected = entity.id === currentId;
              return (
                <Combobox.Option value={entity.id} key={entity.id} active={selected} aria-selected={selected}>
                  <Group gap="xs" wrap="nowrap">
                    <Box w={16} c="keel.7" style={{ display: 'flex' }}>
                      {selected && <IconCheck size={16} stroke={2.2} data-testid="current-entity-check" />}
                    </Box>
                    <Text size="sm" fw={selected ? 600 : 400} truncate="end">
                      {entity.name}
                    </Text>
                  </Group>
                </Combobox.Option>
              );
            })}
          </Combobox.Options>
          <Combobox.Footer>
            <Button
              variant="subtle"
              size="compact-sm"
              fullWidth
              justify="flex-start"
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                combobox.closeDropdown();
                setCreating(true);
              }}
            >
              New entity
            </Button>
          </Combobox.Footer>
        </Combobox.Dropdown>
      </Combobox>
      <Modal opened={creating} onClose={() => setCreating(false)} title="New entity">
        <CreateEntityForm
          onCancel={() => setCreating(false)}
          onCreated={(entityId) => {
            setCreating(false);
            onSelect(entityId);
          }}
        />
      </Modal>
    </>
  );
}
