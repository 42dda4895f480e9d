import { ActionIcon, Button, Group, Paper, Select, Table, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowRight, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { ModelAccount, ModelOutputView, ModelVariable } from './modelQueries';

type OutputsPanelProps = {
  outputs: ModelOutputView[];
  variables: ModelVariable[];
  accounts: ModelAccount[];
  canEdit: boolean;
  onAdd: (variableId: string, accountId: string) => void;
  onChange: (output: ModelOutputView, change: { variableId?: string; accountId?: string }) => void;
  onDelete: (output: ModelOutputView) => void;
};

/**
 * The Outputs panel (spec 'Models screens'): each output writes a variable's monthly values into the
 * Financial Report as a forecast on an account (not Banks, Credit Cards, Investments or Loans). Outputs
 * can be pointed at another variable or account, or deleted (their forecast leaves the report).
 */
export function OutputsPanel({
  outputs,
  variables,
  accounts,
  canEdit,
  onAdd,
  onChange,
  onDelete,
}: OutputsPanelProps) {
  const variableOptions = variables.map((variable) => ({ value: variable.id, label: variable.name }));
  const accountOptions = accounts
    .filter((account) => account.canOutput)
    .map((account) => ({ value: account.id, label: account.path }));
  const accountPath = new Map(accounts.map((account) => [account.id, account.path]));
  return (
    <Paper withBorder p="sm" radius="md" data-testid="model-outputs">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Outputs</Title>
        <Text size="xs" c="dimmed">
          Each output writes its variable’s months into the Financial Report as a forecast.
        </Text>
      </Group>
      <Table verticalSpacing={4} layout="fixed" withRowBorders={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="35%">Variable</Table.Th>
            <Table.Th w={32} />
            <Table.Th>Account in the Financial Report</Table.Th>
            <Table.Th w={canEdit ? 120 : 0} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outputs.map((output) => (
            <Table.Tr key={output.id} data-testid="model-output">
              <Table.Td>
                {canEdit ? (
                  <Select
                    aria-label={`Output variable of ${output.name}`}
                    size="xs"
                    data={variableOptions}
                    value={output.variableId}
                    allowDeselect={false}
                    onChange={(variableId) => variableId && onChange(output, { variableId })}
                  />
                ) : (
                  <Text size="sm">{output.name}</Text>
                )}
              </Table.Td>
              <Table.Td>
                <IconArrowRight size={16} color="var(--mantine-color-dimmed)" />
              </Table.Td>
              <Table.Td>
                {canEdit ? (
                  <Select
                    aria-label={`Output account of ${output.name}`}
                    size="xs"
                    searchable
                    data={accountOptions}
                    value={output.accountId}
                    allowDeselect={false}
                    nothingFoundMessage="No matches"
                    onChange={(accountId) => accountId && onChange(output, { accountId })}
                  />
                ) : (
                  <Text size="sm">{accountPath.get(output.accountId) ?? ''}</Text>
                )}
              </Table.Td>
              <Table.Td>
                {canEdit ? (
                  <Tooltip label="Delete output">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete output ${output.name}`}
                      onClick={() => onDelete(output)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Table.Td>
            </Table.Tr>
          ))}
          {canEdit ? (
            <NewOutputRow variableOptions={variableOptions} accountOptions={accountOptions} onAdd={onAdd} />
          ) : null}
        </Table.Tbody>
      </Table>
      {outputs.length === 0 && !canEdit ? (
        <Text size="sm" c="dimmed">
          This model writes nothing into the Financial Report yet.
        </Text>
      ) : null}
    </Paper>
  );
}

type Option = { value: string; label: string };

function NewOutputRow({
  variableOptions,
  accountOptions,
  onAdd,
}: {
  variableOptions: Option[];
  accountOptions: Option[];
  onAdd: (variableId: string, accountId: string) => void;
}) {
  const [variableId, setVariableId] = useState<string | null>(null);
  const [accountId, setAccountId] = useState<string | null>(null);
  return (
    <Table.Tr data-testid="new-model-output">
      <Table.Td>
        <Select
          aria-label="New output variable"
          size="xs"
          placeholder="Pick a variable"
          data={variableOptions}
          value={variableId}
          onChange={setVariableId}
        />
      </Table.Td>
      <Table.Td>
        <IconArrowRight size={16} color="var(--mantine-color-dimmed)" />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label="New output account"
          size="xs"
          placeholder="Pick an account"
          searchable
          nothingFoundMessage="No matches"
          data={accountOptions}
          value={accountId}
          onChange={setAccountId}
        />
      </Table.Td>
      <Table.Td>
        <Button
          size="xs"
          variant="light"
          disabled={!variableId || !accountId}
          onClick={() => {
            if (!variableId || !accountId) return;
            onAdd(variableId, accountId);
            setVariableId(null);
            setAccountId(null);
          }}
        >
          Add output
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}
