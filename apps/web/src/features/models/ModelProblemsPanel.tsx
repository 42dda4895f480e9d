import { isMonthKey } from '@keel/domain';
import { Alert, List, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { monthLabel } from './modelFormat';
import type { ModelProblem } from './modelQueries';

/** 'Dec 2026', or 'Dec 2026 – Nov 2027 (12 months)'. */
function describeMonths(months: readonly string[]): string {
  const label = (month: string | undefined) =>
    month === undefined ? '' : isMonthKey(month) ? monthLabel(month) : month;
  if (months.length <= 1) return label(months[0]);
  return `${label(months[0])} – ${label(months[months.length - 1])} (${months.length} months)`;
}

/**
 * What is broken in the model: each variable whose cells show #ERROR, by name, with why and
 * which months, and the outputs that keep their last good figures in the report, marked stale, because
 * of it. Nothing is shown while every cell computes.
 */
export function ModelProblemsPanel({ problems }: { problems: readonly ModelProblem[] }) {
  if (problems.length === 0) return null;
  const stale = problems.reduce((count, problem) => count + problem.staleOutputs.length, 0);
  return (
    <Alert
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={18} />}
      title={`${problems.length === 1 ? '1 variable cannot' : `${problems.length} variables cannot`} be computed${
        stale > 0 ? ` · ${stale === 1 ? '1 output is' : `${stale} outputs are`} stale in the report` : ''
      }`}
      data-testid="model-problems"
    >
      <List size="sm" spacing={4}>
        {problems.map((problem) => (
          <List.Item key={problem.variableId} data-testid="model-problem">
            <Text span size="sm" fw={600}>
              {problem.variableName}
            </Text>{' '}
            <Text span size="sm">
              {problem.reason} · #ERROR in {describeMonths(problem.months)}
            </Text>
            {problem.staleOutputs.map((output) => (
              <Text key={output.outputId} size="xs" c="dimmed">
                Its output to {output.accountName} keeps its last good figures in the report, marked stale.
              </Text>
            ))}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
