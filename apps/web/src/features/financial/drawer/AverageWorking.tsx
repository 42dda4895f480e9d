import { useQuery } from '@apollo/client/react';
import {
  AVERAGE_MONTHS_MAX,
  AVERAGE_MONTHS_MIN,
  describeMonth,
  formatCents,
  type MonthKey,
} from '@keel/domain';
import { Text } from '@mantine/core';
import { graphql, type VariablesOf } from '../../../lib/graphql';

type ForecastAverageVariables = VariablesOf<typeof FORECAST_AVERAGE_QUERY>;

const FORECAST_AVERAGE_QUERY = graphql(`
  query ForecastAverage($entityId: ID!, $accountId: ID!, $startMonth: MonthKey!, $averageMonths: Int!) {
    forecastAverage(entityId: $entityId, accountId: $accountId, startMonth: $startMonth, averageMonths: $averageMonths) {
      months {
        month
        shownAmount
      }
      shownAverage
    }
  }
`);

type AverageWorkingProps = ForecastAverageVariables;

/**
 * The working of an average forecast under its 'Months to average' field: the complete months it
 * averages (never the current one), each with the figure the account's row shows, and the average.
 */
export function AverageWorking(props: AverageWorkingProps) {
  const valid =
    Number.isInteger(props.averageMonths) &&
    props.averageMonths >= AVERAGE_MONTHS_MIN &&
    props.averageMonths <= AVERAGE_MONTHS_MAX;
  const { data, error } = useQuery(FORECAST_AVERAGE_QUERY, { variables: props, skip: !valid });
  if (!valid) return null;
  if (error) {
    return (
      <Text fz="xs" c="red" data-testid="average-working">
        The months to average could not be loaded.
      </Text>
    );
  }
  const average = data?.forecastAverage;
  if (!average) return null;
  const months = average.months
    .map(({ month, shownAmount }) => `${monthLabel(month)} ${formatCents(shownAmount)}`)
    .join(' · ');
  return (
    <Text fz="xs" c="dimmed" lh={1.35} data-testid="average-working">
      Averages {months} = {formatCents(average.shownAverage)} a month
    </Text>
  );
}

function monthLabel(month: MonthKey): string {
  const { short, year } = describeMonth(month);
  return `${short} ${year}`;
}
