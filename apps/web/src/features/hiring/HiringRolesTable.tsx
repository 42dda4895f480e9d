import { NumberInput, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDeleteButton } from './ConfirmDeleteButton';
import { amountOfInput, HIRING_MONEY_INPUT_PROPS, HiringAmountCell } from './HiringAmountCell';
import { HiringNameAdder } from './HiringNameAdder';
import { HiringNameCell } from './HiringNameCell';
import type { HiringJobTitle, JobTitleDefaults } from './hiringQueries';

type HiringRolesTableProps = {
  jobTitles: readonly HiringJobTitle[];
  canEdit: boolean;
  /** Resolves to null when the server refused the role. */
  onAdd: (name: string, defaults: JobTitleDefaults) => Promise<unknown>;
  onRename: (id: string, name: string) => void;
  onChangeDefaults: (id: string, change: Partial<JobTitleDefaults>) => void;
  onDelete: (id: string) => void;
};

/**
 * Hiring Plan Settings' Roles tab (spec §2): each role (job title) with its default annual salary and
 * bonus and its hires; an editor adds a role with its defaults, renames it and edits its defaults in
 * place (an emptied default is cleared), and deletes with a two-step Confirm (the server refuses a role
 * with hires, and the toast says so).
 */
export function HiringRolesTable(props: HiringRolesTableProps) {
  const { jobTitles, canEdit, onAdd, onRename, onChangeDefaults, onDelete } = props;
  const [salary, setSalary] = useState<number | string>('');
  const [bonus, setBonus] = useState<number | string>('');
  return (
    <Stack gap="sm" h="100%">
      {canEdit ? (
        <HiringNameAdder
          noun="role"
          buttonLabel="Add role"
          size="sm"
          names={jobTitles.map((title) => title.name)}
          onAdd={async (name) => {
            const added = await onAdd(name, {
              defaultSalary: amountOfInput(salary),
              defaultBonus: amountOfInput(bonus),
            });
            if (added !== null) {
              setSalary('');
              setBonus('');
            }
            return added;
          }}
        >
          <NumberInput
            {...HIRING_MONEY_INPUT_PROPS}
            size="sm"
            w={170}
            aria-label="New role default salary"
            placeholder="Default salary / yr"
            value={salary}
            onChange={setSalary}
          />
          <NumberInput
            {...HIRING_MONEY_INPUT_PROPS}
            size="sm"
            w={170}
            aria-label="New role default bonus"
            placeholder="Default bonus / yr"
            value={bonus}
            onChange={setBonus}
          />
        </HiringNameAdder>
      ) : null}
      <ScrollArea type="auto" offsetScrollbars style={{ flex: 1, minHeight: 0 }}>
        <Table layout="fixed" verticalSpacing={6} stickyHeader data-testid="hiring-roles-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th w={170} ta="right">
                Default salary / yr
              </Table.Th>
              <Table.Th w={170} ta="right">
                Default bonus / yr
              </Table.Th>
              <Table.Th w={80} ta="right">
                Hires
              </Table.Th>
              {canEdit ? <Table.Th w={96} aria-label="Actions" /> : null}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {jobTitles.map((title) => (
              <Table.Tr key={title.id} data-testid="hiring-role-row">
                <Table.Td>
                  <HiringNameCell
                    noun="role"
                    name={title.name}
                    canEdit={canEdit}
                    onRename={(name) => onRename(title.id, name)}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <HiringAmountCell
                    label={`Default salary of ${title.name}`}
                    units={title.defaultSalary ?? null}
                    canEdit={canEdit}
                    onChange={(defaultSalary) => onChangeDefaults(title.id, { defaultSalary })}
                  />
                </Table.Td>
                <Table.Td ta="right">
                  <HiringAmountCell
                    label={`Default bonus of ${title.name}`}
                    units={title.defaultBonus ?? null}
                    canEdit={canEdit}
                    onChange={(defaultBonus) => onChangeDefaults(title.id, { defaultBonus })}
                  />
                </Table.Td>
                <Table.Td ta="right">{title.hiresCount}</Table.Td>
                {canEdit ? (
                  <Table.Td ta="right">
                    <ConfirmDeleteButton label={title.name} onConfirm={() => onDelete(title.id)} />
                  </Table.Td>
                ) : null}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {jobTitles.length === 0 ? (
          <Text size="sm" c="dimmed" p="sm">
            No roles yet.
          </Text>
        ) : null}
      </ScrollArea>
    </Stack>
  );
}
