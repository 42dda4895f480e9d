import { Combobox, InputBase, Loader, useCombobox } from '@mantine/core';
import { useState } from 'react';
import { canCreateOption } from './canCreateOption';

const CREATE = '$create';
const NONE = '$none';

type CreatableComboboxProps = {
  /** Shown above the input (the form's fields wrap, so no column header names them). */
  label: string;
  placeholder: string;
  options: readonly { id: string; name: string }[];
  value: string | null;
  /** When set, an option with this label clears the choice (an employee is optional: an open role). */
  noneLabel?: string;
  onChange: (id: string | null) => void;
  /** Creates the typed name and resolves to its id, or null when the server refused it. */
  onCreate: (name: string) => Promise<string | null>;
  /** Told true while a typed name is being created (the choice is not made yet), then false. */
  onCreatingChange?: (creating: boolean) => void;
};

/**
 * A role or employee picker (spec §5 'Hiring'): typing filters the names; "+ Create '<name>'" is offered
 * only for a non-empty name that matches no existing one whatever the case, and picks what it created
 * (the input is busy, and says so, until the server has made it).
 */
export function CreatableCombobox(props: CreatableComboboxProps) {
  const { label, placeholder, options, value, noneLabel, onChange, onCreate, onCreatingChange } = props;
  const [creating, setCreating] = useState(false);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const selectedName = options.find((option) => option.id === value)?.name ?? '';
  const [search, setSearch] = useState<string | null>(null);
  const typed = search ?? selectedName;
  const query = search === null ? '' : search.trim().toLowerCase();
  const shown = options.filter((option) => option.name.toLowerCase().includes(query));
  const offerCreate =
    search !== null &&
    canCreateOption(
      search,
      options.map((option) => option.name),
    );

  const submit = async (picked: string) => {
    combobox.closeDropdown();
    if (picked === CREATE) {
      setCreating(true);
      onCreatingChange?.(true);
      try {
        const id = await onCreate(typed.trim());
        if (id) onChange(id);
      } finally {
        setCreating(false);
        onCreatingChange?.(false);
      }
    } else {
      onChange(picked === NONE ? null : picked);
    }
    setSearch(null);
  };

  return (
    <Combobox store={combobox} withinPortal onOptionSubmit={(picked) => void submit(picked)}>
      <Combobox.Target>
        <InputBase
          label={label}
          size="xs"
          placeholder={placeholder}
          value={typed}
          readOnly={creating}
          aria-busy={creating}
          rightSection={
            creating ? (
              <Loader size={12} aria-label={`Adding ${typed.trim()}`} />
            ) : (
              <Combobox.Chevron size="xs" />
            )
          }
          rightSectionPointerEvents="none"
          onChange={(event) => {
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
            setSearch(event.currentTarget.value);
          }}
          onClick={() => combobox.openDropdown()}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => {
            combobox.closeDropdown();
            setSearch(null);
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={240} style={{ overflowY: 'auto' }}>
          {noneLabel ? (
            <Combobox.Option value={NONE} c="dimmed">
              {noneLabel}
            </Combobox.Option>
          ) : null}
          {shown.map((option) => (
            <Combobox.Option value={option.id} key={option.id} active={option.id === value}>
              {option.name}
            </Combobox.Option>
          ))}
          {offerCreate ? (
            <Combobox.Option value={CREATE} fw={600}>
              + Create '{typed.trim()}'
            </Combobox.Option>
          ) : null}
          {shown.length === 0 && !offerCreate ? <Combobox.Empty>Nothing found</Combobox.Empty> : null}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
