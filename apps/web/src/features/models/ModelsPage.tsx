import { useApolloClient, useQuery } from '@apollo/client/react';
import { type MonthKey, monthKeyOfDate } from '@keel/domain';
import { Alert, Anchor, Box, Button, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { graphqlErrorCode } from '../../lib/graphqlClient';
import { useEntityContext } from '../../shell/EntityContext';
import { PageTitle, useDocumentTitle } from '../../shell/PageTitle';
import { useViewerHolds } from '../../shell/viewerHolds';
import { FormulasPanel } from './FormulasPanel';
import type { FormulaVariableOption } from './formulaEditor/FormulaEditor';
import { InputsPanel } from './InputsPanel';
import { ModelGrid } from './ModelGrid';
import { ModelProblemsPanel } from './ModelProblemsPanel';
import { ModelRangePicker } from './ModelRangePicker';
import { ModelSwitcher } from './ModelSwitcher';
import {
  CREATE_BUDGET_MUTATION,
  CREATE_MODEL_MUTATION,
  CREATE_VARIABLE_MUTATION,
  DELETE_BUDGET_MUTATION,
  DELETE_MODEL_MUTATION,
  MODEL_QUERY,
  MODELS_QUERY,
  type ModelData,
  type ModelSummary,
  type ModelVariable,
  UPDATE_BUDGET_MUTATION,
  UPDATE_MODEL_MUTATION,
} from './modelQueries';
import { OutputsPanel } from './OutputsPanel';
import { useDeleteVariable } from './useDeleteVariable';
import { useModelActions } from './useModelActions';
import { useUpdateVariable } from './useUpdateVariable';

/**
 * /models and /models/{id} (spec §2, 'Models screens'). /models opens the company's first model, or
 * offers to create one; /models/{id} shows the switcher, the month range, the Inputs, Formulas and
 * Outputs panels and the monthly data grid. Every change is saved at once and the figures shown are the
 * server's evaluation (so the grid and the Financial Report agree).
 */
export function ModelsPage() {
  const { id } = useParams();
  return id ? <ModelScreen key={id} modelId={id} /> : <ModelsLanding />;
}

function useCanEdit(): boolean {
  return useViewerHolds('bookkeeping');
}

function useCreateModel() {
  const { entity } = useEntityContext();
  const client = useApolloClient();
  const run = useModelActions();
  const navigate = useNavigate();
  return async () => {
    const result = await run('Model not created', () =>
      client.mutate({ mutation: CREATE_MODEL_MUTATION, variables: { entityId: entity.id } }),
    );
    const id = result?.data?.createModel.id;
    if (id) navigate(`/models/${id}`);
  };
}

/** /models: the first model, or an invitation to create one when the company has none. */
function ModelsLanding() {
  const { entity } = useEntityContext();
  const canEdit = useCanEdit();
  const createModel = useCreateModel();
  const { data, error } = useQuery(MODELS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const first = data?.models[0];
  if (first) return <Navigate to={`/models/${first.id}`} replace />;
  return (
    <Stack gap="md">
      <PageTitle title="Models" />
      {error ? (
        <LoadError error={error} />
      ) : !data ? (
        <Loader aria-label="Loading models" />
      ) : (
        <Stack gap="sm" maw={560} data-testid="models-empty">
          <Text>
            A model forecasts with formulas: start from your books or your own inputs, project them month by
            month, and write the results into the Financial Report.
          </Text>
          {canEdit ? (
            <Group>
              <Button leftSection={<IconPlus size={16} />} onClick={createModel}>
                Create a model
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
    </Stack>
  );
}

function LoadError({ error, modelId }: { error: unknown; modelId?: string }) {
  useEffect(() => console.error('The model could not be loaded', error), [error]);
  if (modelId !== undefined && graphqlErrorCode(error) === 'NOT_FOUND') {
    return (
      <Alert color="yellow" title="Model not found" data-testid="model-error">
        <Text size="sm">
          This company has no model with the id '{modelId}'. It may have been deleted, or the link may belong
          to another company.
        </Text>
        <Anchor component={Link} to="/models" size="sm" mt="xs" display="inline-block">
          Open the models
        </Anchor>
      </Alert>
    );
  }
  return (
    <Alert color="red" title="Error" data-testid="model-error">
      <Text size="sm">The model could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}

function ModelScreen({ modelId }: { modelId: string }) {
  const { entity, today } = useEntityContext();
  const currentMonth = monthKeyOfDate(today);
  const { data, previousData, error } = useQuery(MODEL_QUERY, {
    variables: { entityId: entity.id, modelId },
    fetchPolicy: 'cache-and-network',
  });
  const models = useQuery(MODELS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const model = (data ?? previousData)?.model;
  useDocumentTitle(model ? `${model.name} · Models` : 'Models');

  if (error && !model) {
    return (
      <Stack gap="md">
        <Title order={2} fw={650}>
          Models
        </Title>
        <LoadError error={error} modelId={modelId} />
      </Stack>
    );
  }
  if (!model) {
    return (
      <Group justify="center" p="xl">
        <Loader aria-label="Loading model" />
      </Group>
    );
  }
  return (
    <ModelWorkspace
      model={model}
      models={models.data?.models ?? [{ ...model }]}
      currentMonth={currentMonth}
    />
  );
}

function ModelWorkspace({
  model,
  models,
  currentMonth,
}: {
  model: ModelData;
  models: ModelSummary[];
  currentMonth: MonthKey;
}) {
  const { entity } = useEntityContext();
  const canEdit = useCanEdit();
  const client = useApolloClient();
  const run = useModelActions();
  const navigate = useNavigate();
  const createModel = useCreateModel();
  const inputs = model.dataSheet.filter((variable) => variable.group === 'inputs');
  const formulas = model.dataSheet.filter((variable) => variable.group === 'formulas');
  const variableOptions = useMemo<FormulaVariableOption[]>(
    () => model.dataSheet.map(({ id, name, group }) => ({ id, name, group })),
    [model.dataSheet],
  );

  const { updateVariable, dialog: largeChangeDialog } = useUpdateVariable();

  const createVariable = (group: 'inputs' | 'formulas', inputType?: ModelVariable['inputType']) =>
    run(group === 'inputs' ? 'Input not added' : 'Formula not added', () =>
      client.mutate({
        mutation: CREATE_VARIABLE_MUTATION,
        variables: {
          entityId: entity.id,
          modelId: model.id,
          group,
          ...(inputType ? { inputType } : {}),
          ...(group === 'formulas' ? { formulas: '' } : {}),
        },
      }),
    );

  const { deleteVariable, dialog: deleteVariableDialog } = useDeleteVariable(model.dataSheet);

  return (
    <Stack gap="md" data-testid="model-page" pb="xl">
      {largeChangeDialog}
      {deleteVariableDialog}
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <Group gap="md" align="center" wrap="nowrap" style={{ minWidth: 0 }}>
          <Title order={2} fw={650}>
            Models
          </Title>
          <ModelSwitcher
            models={models}
            current={model}
            canEdit={canEdit}
            onAdd={createModel}
            onRename={(name) =>
              run('Model not renamed', () =>
                client.mutate({ mutation: UPDATE_MODEL_MUTATION, variables: { id: model.id, name } }),
              )
            }
            onDelete={async () => {
              const result = await run(
                'Model not deleted',
                () => client.mutate({ mutation: DELETE_MODEL_MUTATION, variables: { id: model.id } }),
                [MODELS_QUERY],
              );
              if (result?.data?.deleteModel.id) navigate('/models');
            }}
          />
        </Group>
        <ModelRangePicker
          startMonth={model.startMonth}
          endMonth={model.endMonth}
          disabled={!canEdit}
          onChange={(range) =>
            run('Model range not saved', () =>
              client.mutate({ mutation: UPDATE_MODEL_MUTATION, variables: { id: model.id, ...range } }),
            )
          }
        />
      </Group>
      <ModelProblemsPanel problems={model.problems} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <InputsPanel
          inputs={inputs}
          accounts={model.accounts}
          canEdit={canEdit}
          onAdd={(inputType) => createVariable('inputs', inputType)}
          onChange={(input, change) => updateVariable(input, change)}
          onDelete={deleteVariable}
        />
        <FormulasPanel
          formulas={formulas}
          variables={variableOptions}
          modelStart={model.startMonth}
          modelEnd={model.endMonth}
          currentMonth={currentMonth}
          canEdit={canEdit}
          onAdd={() => createVariable('formulas')}
          onChange={(formula, change) => updateVariable(formula, change)}
          onDelete={deleteVariable}
        />
      </SimpleGrid>
      <OutputsPanel
        outputs={model.budgets}
        variables={model.dataSheet}
        accounts={model.accounts}
        canEdit={canEdit}
        onAdd={(variableId, accountId) =>
          run('Output not added', () =>
            client.mutate({ mutation: CREATE_BUDGET_MUTATION, variables: { variableId, accountId } }),
          )
        }
        onChange={(output, change) =>
          run('Output not saved', () =>
            client.mutate({
              mutation: UPDATE_BUDGET_MUTATION,
              variables: { budgetId: output.id, ...change },
            }),
          )
        }
        onDelete={(output) =>
          run('Output not deleted', () =>
            client.mutate({ mutation: DELETE_BUDGET_MUTATION, variables: { budgetId: output.id } }),
          )
        }
      />
      <Box>
        <Group justify="space-between" mb={6}>
          <Title order={4}>Data</Title>
          <Text size="xs" c="dimmed">
            {model.months.length} months · hover a #ERROR cell for its reason
          </Text>
        </Group>
        <ModelGrid
          model={model}
          currentMonth={currentMonth}
          canEdit={canEdit}
          onListValue={(variable, month, amount) => {
            const amounts = variable.amounts.filter((entry) => entry.month !== month);
            if (amount !== null) amounts.push({ month, amount });
            void updateVariable(variable, { amounts });
          }}
        />
      </Box>
    </Stack>
  );
}
