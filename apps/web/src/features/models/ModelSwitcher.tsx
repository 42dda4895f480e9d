import { MODEL_NAME_MAX } from '@keel/domain';
import { ActionIcon, Button, Group, Menu, Tooltip } from '@mantine/core';
import { IconChevronDown, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { InlineNameInput } from './InlineNameInput';
import type { ModelSummary } from './modelQueries';

type ModelSwitcherProps = {
  models: ModelSummary[];
  current: { id: string; name: string };
  canEdit: boolean;
  onAdd: () => void;
  onRename: (name: string) => void;
  onDelete: () => void;
};

/**
 * The model switcher (spec 'Models screens'): the open model's name opens a menu listing the company's
 * models as links to /models/{id}, then Rename model and Delete model (disabled for the last model; the
 * first click turns it into Confirm delete). The plus button adds a model. Renaming is inline: Enter
 * saves a non-blank name, Escape cancels.
 */
export function ModelSwitcher({ models, current, canEdit, onAdd, onRename, onDelete }: ModelSwitcherProps) {
  const [renaming, setRenaming] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const isLast = models.length <= 1;

  if (renaming) {
    return (
      <InlineNameInput
        label="Model name"
        name={current.name}
        maxLength={MODEL_NAME_MAX}
        width={320}
        size="sm"
        onRename={onRename}
        onDone={() => setRenaming(false)}
      />
    );
  }
  return (
    <Group gap={6} wrap="nowrap" data-testid="model-switcher">
      <Menu
        width={240}
        position="bottom-start"
        onClose={() => setConfirmingDelete(false)}
        closeOnItemClick
        withinPortal
      >
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<IconChevronDown size={16} />}
            aria-label={`Model: ${current.name}`}
            styles={{ label: { maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis' } }}
          >
            {current.name}
          </Button>
        </Menu.Target>
        <Menu.Dropdown data-testid="model-menu">
          <Menu.Label>Models</Menu.Label>
          {models.map((model) => (
            <Menu.Item
              key={model.id}
              component={Link}
              to={`/models/${model.id}`}
              fw={model.id === current.id ? 650 : undefined}
              aria-current={model.id === current.id ? 'page' : undefined}
            >
              {model.name}
            </Menu.Item>
          ))}
          {canEdit ? (
            <>
              <Menu.Divider />
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setRenaming(true)}>
                Rename model
              </Menu.Item>
              <Menu.Item
                color="red"
                leftSection={<IconTrash size={16} />}
                disabled={isLast}
                closeMenuOnClick={confirmingDelete}
                onClick={() => {
                  if (confirmingDelete) onDelete();
                  else setConfirmingDelete(true);
                }}
              >
                {confirmingDelete ? 'Confirm delete' : 'Delete model'}
              </Menu.Item>
            </>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      {canEdit ? (
        <Tooltip label="Add model">
          <ActionIcon variant="default" size="lg" aria-label="Add model" onClick={onAdd}>
            <IconPlus size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
    </Group>
  );
}
