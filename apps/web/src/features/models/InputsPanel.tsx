import { findInputConversionProblem, INPUT_VALUE_MAX, VARIABLE_NAME_MAX } from '@keel/domain';
import { Box, Button, Group, Menu, NumberInput, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { MonthPickerInput } from '@mantine/dates';
import {
  IconCalendarMonth,
  IconCurrencyDollar,
  IconHash,
  IconLink,
  IconList,
  IconPercentage,
  IconPlus,
} from '@tabler/icons-react';
import { type ReactNode, useRef, useState } from 'react';
import { InlineNameInput } from './InlineNameInput';
import type { InputType, ModelAccount, ModelVariable } from './modelQueries';
import { MONTH_PICKER_ARIA_LABELS } from './monthPickerAriaLabels';
import { VariableMenu } from './VariableMenu';

/** What an input may become or be created as, with the add menu's and the type badge's words. */
const INPUT_TYPES: { type: InputType; label: string; icon: ReactNode }[] = [
  { type: 'number', label: 'Number', icon: <IconHash size={16} /> },
  { type: 'percent', label: 'Percentage', icon: <IconPercentage size={16} /> },
  { type: 'currency', label: 'Currency', icon: <IconCurrencyDollar size={16} /> },
  { type: 'month', label: 'Month', icon: <IconCalendarMonth size={16} /> },
];
/** Beyond the spec's four: an input reading an account's report figures, and one typed month by month. */
const MORE_INPUT_TYPES: { type: InputType; label: string; icon: ReactNode }[] = [
  { type: 'link', label: 'Linked account', icon: <IconLink size={16} /> },
  { type: 'list', label: 'Monthly values', icon: <IconList size={16} /> },
];
const CONVERTIBLE = new Set<InputType>(['number', 'percent', 'currency', 'month']);

type InputChange = {
  name?: string;
  inputType?: InputType;
  value?: string | null;
  accountId?: string | null;
  decimalPlaces?: number;
};

type InputsPanelProps = {
  inputs: ModelVariable[];
  accounts: ModelAccount[];
  canEdit: boolean;
  onAdd: (inputType: InputType) => void;
  /** Saves a change; a promise resolving to null says nothing was saved (refused or cancelled). */
  onChange: (input: ModelVariable, change: InputChange) => Promise<unknown>;
  onDelete: (input: ModelVariable) => void;
};

/** An input's change as its row sends it. */
type InputChangeHandler = (change: InputChange) => Promise<unknown>;

/**
 * The Inputs panel (spec 'Models screens'): the model's inputs by creation, each with its value, and the
 * add menu (Number, Percentage, Currency, Month, plus Linked account and Monthly values). Each input's
 * menu offers Rename, Convert type, Format (decimal places) and Delete (a second click confirms).
 */
export function InputsPanel({ inputs, accounts, canEdit, onAdd, onChange, onDelete }: InputsPanelProps) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="model-inputs" style={{ minWidth: 0 }}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={4}>Inputs</Title>
        {canEdit ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button size="xs" variant="light" leftSection={<IconPlus size={14} />}>
                Add input
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              {INPUT_TYPES.map(({ type, label, icon }) => (
                <Menu.Item key={type} leftSection={icon} onClick={() => onAdd(type)}>
                  {label}
                </Menu.Item>
              ))}
              <Menu.Divider />
              {MORE_INPUT_TYPES.map(({ type, label, icon }) => (
                <Menu.Item key={type} leftSection={icon} onClick={() => onAdd(type)}>
                  {label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </Group>
      {inputs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No inputs yet. Inputs hold the numbers your formulas start from: a growth rate, a price, a start
          month, or an account's figures from the books.
        </Text>
      ) : (
        <Stack gap={6}>
          {inputs.map((input) => (
            <InputRow
              key={input.id}
              input={input}
              accounts={accounts}
              canEdit={canEdit}
              onChange={(change) => onChange(input, change)}
              onDelete={() => onDelete(input)}
            />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function InputRow({
  input,
  accounts,
  canEdit,
  onChange,
  onDelete,
}: {
  input: ModelVariable;
  accounts: ModelAccount[];
  canEdit: boolean;
  onChange: InputChangeHandler;
  onDelete: () => void;
}) {
  const [renaming, setRenaming] = useState(false);
  const holdsValue = input.value !== null && input.value !== '';
  return (
    <Group gap="xs" wrap="nowrap" data-testid="model-input" data-variable-id={input.id} align="center">
      <Box style={{ flex: '1 1 140px', minWidth: 0 }}>
        {renaming ? (
          <InlineNameInput
            label="Input name"
            name={input.name}
            maxLength={VARIABLE_NAME_MAX}
            onRename={(name) => onChange({ name })}
            onDone={() => setRenaming(false)}
          />
        ) : (
          <Text size="sm" fw={500} lineClamp={2} title={input.name} style={{ overflowWrap: 'anywhere' }}>
            {input.name}
          </Text>
        )}
      </Box>
      <Box style={{ flex: '1 1 210px', minWidth: 0 }}>
        <InputValueEditor input={input} accounts={accounts} disabled={!canEdit} onChange={onChange} />
      </Box>
      {canEdit ? (
        <VariableMenu
          name={input.name}
          decimalPlaces={input.decimalPlaces}
          formatDisabled={input.inputType === 'month'}
          onRename={() => setRenaming(true)}
          onFormat={(decimalPlaces) => onChange({ decimalPlaces })}
          onDelete={onDelete}
        >
          <Menu.Sub>
            <Menu.Sub.Target>
              <Menu.Sub.Item disabled={!CONVERTIBLE.has(input.inputType)}>Convert type</Menu.Sub.Item>
            </Menu.Sub.Target>
            <Menu.Sub.Dropdown maw={280}>
              {INPUT_TYPES.map(({ type, label, icon }) => {
                // A conversion keeps the value's meaning (5% becomes 0.05); one that cannot is offered
                // disabled, with the reason, while the input holds a value.
                const problem =
                  input.inputType === 'formulas' || type === 'formulas'
                    ? null
                    : findInputConversionProblem(input.inputType, type, holdsValue);
                return (
                  <Menu.Item
                    key={type}
                    leftSection={icon}
                    disabled={type === input.inputType || problem !== null}
                    onClick={() => onChange({ inputType: type })}
                  >
                    {label}
                    {problem ? (
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'normal' }}>
                        {problem}
                      </Text>
                    ) : null}
                  </Menu.Item>
                );
              })}
            </Menu.Sub.Dropdown>
          </Menu.Sub>
        </VariableMenu>
      ) : null}
    </Group>
  );
}

/** Percent values arrive as fractions and are typed in percent: 0.035 shows as 3.5. */
function shownNumber(input: ModelVariable): number | '' {
  if (input.value === null || input.value === '') return '';
  const stored = Number(input.value);
  if (!Number.isFinite(stored)) return '';
  return input.inputType === 'percent' ? Number((stored * 100).toPrecision(12)) : stored;
}

function InputValueEditor({
  input,
  accounts,
  disabled,
  onChange,
}: {
  input: ModelVariable;
  accounts: ModelAccount[];
  disabled: boolean;
  onChange: InputChangeHandler;
}) {
  const label = `${input.name} value`;
  switch (input.inputType) {
    case 'month':
      return (
        <MonthPickerInput
          aria-label={label}
          size="xs"
          valueFormat="MMM YYYY"
          placeholder="Pick a month"
          clearable
          value={input.value ? `${input.value}-01` : null}
          disabled={disabled}
          onChange={(date) => onChange({ value: date ? date.slice(0, 7) : null })}
          popoverProps={{ withinPortal: true }}
          ariaLabels={MONTH_PICKER_ARIA_LABELS}
        />
      );
    case 'link':
      return (
        <Select
          aria-label={label}
          size="xs"
          placeholder="Pick an account"
          searchable
          data={accounts.map((account) => ({ value: account.id, label: account.path }))}
          value={input.accountId}
          disabled={disabled}
          onChange={(accountId) => onChange({ accountId })}
          nothingFoundMessage="No matches"
          comboboxProps={{ withinPortal: true, width: 320, position: 'bottom-end' }}
        />
      );
    case 'list':
      return (
        <Text size="xs" c="dimmed">
          Typed month by month in the grid below
        </Text>
      );
    default:
      return (
        <NumberValueInput
          // Remade when the saved value or its type changes: a conversion keeps the stored 0.05 but
          // shows it as 5 (%) or 0.05 (a number).
          key={`${input.inputType}:${input.value ?? ''}`}
          input={input}
          label={label}
          disabled={disabled}
          onChange={onChange}
        />
      );
  }
}

/**
 * A number, currency or percent input: saved when it loses focus or on Enter, only when it changed
 * and once (Enter then the blur a confirmation dialog causes send it once). When nothing was saved
 * (refused, or a large change cancelled) it shows the saved value again.
 */
function NumberValueInput({
  input,
  label,
  disabled,
  onChange,
}: {
  input: ModelVariable;
  label: string;
  disabled: boolean;
  onChange: InputChangeHandler;
}) {
  const initial = shownNumber(input);
  const [draft, setDraft] = useState<number | string>(initial);
  const sending = useRef<string | null | undefined>(undefined);
  // Bumped when nothing was saved: the field is remade with the saved value, because the number
  // field keeps the last value it reported and would not report the same value typed again.
  const [resets, setResets] = useState(0);
  const commit = async () => {
    const next = draft === '' ? '' : Number(draft);
    if (next === initial || (typeof next === 'number' && !Number.isFinite(next))) return;
    const value = next === '' ? null : String(next);
    if (sending.current === value) return;
    sending.current = value;
    try {
      if ((await onChange({ value })) === null) {
        setDraft(initial);
        setResets((count) => count + 1);
      }
    } finally {
      sending.current = undefined;
    }
  };
  return (
    <NumberInput
      key={resets}
      aria-label={label}
      size="xs"
      value={draft}
      onChange={setDraft}
      onBlur={() => void commit()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') void commit();
      }}
      thousandSeparator=","
      decimalScale={8}
      min={-INPUT_VALUE_MAX}
      max={INPUT_VALUE_MAX}
      clampBehavior="strict"
      hideControls
      prefix={input.inputType === 'currency' ? '$' : undefined}
      suffix={input.inputType === 'percent' ? '%' : undefined}
      disabled={disabled}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
    />
  );
}
