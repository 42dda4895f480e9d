import { useQuery } from '@apollo/client/react';
import type { MonthKey } from '@keel/domain';
import { Button, Group, NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useEntityContext } from '../../shell/EntityContext';
import { listHiringAccountOptions } from './hiringAccountOptions';
import { HIRING_ACCOUNTS_QUERY, type HiringJobPosition, type HiringSettingsData } from './hiringQueries';
import {
  describeMonthCost,
  describeSettingsWorking,
  draftOfSettings,
  findSettingsProblems,
  SETTINGS_FIELD_LABELS,
  type SettingsChanges,
  type SettingsDraft,
  settingsChanges,
} from './settingsDraft';

type HiringCostsTabProps = {
  settings: HiringSettingsData;
  positions: readonly HiringJobPosition[];
  currentMonth: MonthKey;
  canEdit: boolean;
  /** Resolves to true when the changes were saved (and the plan refetched). */
  onSave: (changes: SettingsChanges) => Promise<boolean>;
};

const ON_SALARIES = 'Onto the salaries account';
const FOUND_OR_MADE = 'Found or made when first needed';
const percentProps = {
  suffix: '%',
  min: 0,
  max: 100,
  decimalScale: 2,
  allowNegative: false,
  clampBehavior: 'strict',
  w: 200,
} as const;

/**
 * Hiring Plan Settings' Costs tab: the accounts the plan writes its four cost lines to in the Financial
 * Report (employer taxes and benefits may go onto the salaries account) and the two rates on salaries,
 * with their working. Save sends only what changed, and only while every field is valid.
 */
export function HiringCostsTab(props: HiringCostsTabProps) {
  const { settings, positions, currentMonth, canEdit, onSave } = props;
  const { entity } = useEntityContext();
  const saved = draftOfSettings(settings);
  // Only what the person changed: the rest follows the plan as it is refetched.
  const [edits, setEdits] = useState<Partial<SettingsDraft>>({});
  const [saving, setSaving] = useState(false);
  const draft: SettingsDraft = { ...saved, ...edits };
  const problems = findSettingsProblems(draft);
  const changes = settingsChanges(saved, draft);
  const changed = Object.keys(changes).length > 0;
  const valid = Object.keys(problems).length === 0;
  const edit = (patch: Partial<SettingsDraft>) => setEdits((current) => ({ ...current, ...patch }));

  const { data } = useQuery(HIRING_ACCOUNTS_QUERY, {
    variables: { entityId: entity.id, month: currentMonth },
    fetchPolicy: 'cache-and-network',
  });
  const options = listHiringAccountOptions(data?.report.accounts ?? [], [
    settings.salariesAccount ?? null,
    settings.contractorsAccount ?? null,
    settings.taxesAccount ?? null,
    settings.benefitsAccount ?? null,
  ]);
  const accountSelect = (field: keyof SettingsDraft & `${string}AccountId`, clearable: boolean) => (
    <Select
      label={SETTINGS_FIELD_LABELS[field]}
      searchable
      clearable={clearable && canEdit}
      // Mantine hides the clear button from assistive technology; it is the only way to clear.
      clearButtonProps={{ 'aria-label': `Clear ${SETTINGS_FIELD_LABELS[field]}`, 'aria-hidden': false }}
      readOnly={!canEdit}
      data={options}
      value={draft[field] as string | null}
      placeholder={clearable ? ON_SALARIES : FOUND_OR_MADE}
      nothingFoundMessage="No matches"
      allowDeselect={false}
      maxDropdownHeight={260}
      onChange={(value) => {
        if (value !== null || clearable) edit({ [field]: value });
      }}
      comboboxProps={{ withinPortal: true }}
    />
  );

  const save = async () => {
    if (!changed || !valid || saving) return;
    setSaving(true);
    const ok = await onSave(changes);
    setSaving(false);
    if (ok) setEdits({});
  };
  const monthCost = describeMonthCost(draft, positions, currentMonth);

  return (
    <Stack gap="md" data-testid="hiring-costs-tab">
      <Text size="sm" c="dimmed">
        The plan writes its cost into the Financial Report as forecasts on these accounts, from the current
        month on. Employer taxes and benefits are a percent of salaries; contractors carry neither.
      </Text>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        {accountSelect('salariesAccountId', false)}
        {accountSelect('contractorsAccountId', false)}
        {accountSelect('taxesAccountId', true)}
        {accountSelect('benefitsAccountId', true)}
      </SimpleGrid>
      <Group gap="md" align="flex-start">
        <NumberInput
          {...percentProps}
          label={SETTINGS_FIELD_LABELS.employerTaxPercent}
          readOnly={!canEdit}
          value={draft.employerTaxPercent}
          error={problems.employerTaxPercent}
          onChange={(employerTaxPercent) => edit({ employerTaxPercent })}
        />
        <NumberInput
          {...percentProps}
          label={SETTINGS_FIELD_LABELS.benefitsPercent}
          readOnly={!canEdit}
          value={draft.benefitsPercent}
          error={problems.benefitsPercent}
          onChange={(benefitsPercent) => edit({ benefitsPercent })}
        />
      </Group>
      <Stack gap={2} data-testid="hiring-settings-working">
        <Text size="sm">{describeSettingsWorking(draft, currentMonth)}</Text>
        {monthCost ? (
          <Text size="sm" c="dimmed">
            {monthCost}
          </Text>
        ) : null}
      </Stack>
      {canEdit ? (
        <Group justify="flex-end" gap="sm">
          {changed ? (
            <Button variant="default" disabled={saving} onClick={() => setEdits({})}>
              Reset
            </Button>
          ) : null}
          <Button disabled={!changed || !valid} loading={saving} onClick={() => void save()}>
            Save
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
