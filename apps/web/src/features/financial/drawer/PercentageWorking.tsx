import { useQuery } from '@apollo/client/react';
import { describeMonth, forecastPercentSchema, formatCents, type MonthKey } from '@keel/domain';
import { Stack, Text } from '@mantine/core';
import { graphql, type VariablesOf } from '../../../lib/graphql';

type ForecastPercentageVariables = VariablesOf<typeof FORECAST_PERCENTAGE_QUERY>;

const FORECAST_PERCENTAGE_QUERY = graphql(`
  query ForecastPercentage(
    $entityId: ID!
    $accountId: ID!
    $sourceAccountId: ID!
    $percent: Float!
    $startMonth: MonthKey!
    $recurring: ForecastRecurrence
    $budgetId: ID
  ) {
    forecastPercentage(
      entityId: $entityId
      accountId: $accountId
      sourceAccountId: $sourceAccountId
      percent: $percent
      startMonth: $startMonth
      recurring: $recurring
      budgetId: $budgetId
    ) {
      sourceName
      percent
      months {
        month
        sourceAmount
        amount
      }
    }
  }
`);

/** How many months the working spells out; the rest follow the same rule. */
const MONTHS_SHOWN = 3;

type PercentageWorkingProps = Omit<ForecastPercentageVariables, 'sourceAccountId'> & {
  sourceAccountId: string;
};

/**
 * The working of a percentage forecast under its fields: for its first months, the source line's
 * figure (its forecast, or its actual in a month up to this one) times the percent, and what the
 * forecast books ('Dec 2026: $190,000.00 × 2.9% = $5,510.00'), then how many months follow the same
 * rule. A source the server refuses (a loop, its own line) says why here, before Save.
 */
export function PercentageWorking(props: PercentageWorkingProps) {
  const valid = props.sourceAccountId !== '' && forecastPercentSchema.safeParse(props.percent).success;
  const { data, error } = useQuery(FORECAST_PERCENTAGE_QUERY, { variables: props, skip: !valid });
  if (!valid) return null;
  if (error) {
    return (
      <Text fz="xs" c="red" data-testid="percentage-working" role="alert">
        {error.message || 'The source line could not be read.'}
      </Text>
    );
  }
  const working = data?.forecastPercentage;
  if (!working) return null;
  const percent = formatPercent(working.percent);
  const shown = working.months.slice(0, MONTHS_SHOWN);
  const more = working.months.length - shown.length;
  return (
    <Stack gap={2} data-testid="percentage-working">
      <Text fz="xs" c="dimmed" lh={1.35}>
        {percent} of {working.sourceName}, each month:
      </Text>
      {shown.map((month) => (
        <Text key={month.month} fz="xs" c="dimmed" lh={1.35} data-testid="percentage-working-month">
          {monthLabel(month.month)}: {formatCents(month.sourceAmount)} × {percent} ={' '}
          {formatCents(month.amount)}
        </Text>
      ))}
      {more > 0 ? (
        <Text fz="xs" c="dimmed" lh={1.35}>
          …and {more} more {more === 1 ? 'month' : 'months'}, each following {working.sourceName} as its
          figures change.
        </Text>
      ) : null}
    </Stack>
  );
}

function formatPercent(percent: number): string {
  return `${percent.toLocaleString('en-US', { maximumFractionDigits: 4 })}%`;
}

function monthLabel(month: MonthKey): string {
  const { short, year } = describeMonth(month);
  return `${short} ${year}`;
}
