import { BarChart, type BarChartSeries } from '@mantine/charts';
import { Box, Group, Text } from '@mantine/core';
import { formatMonthTick } from './chartFormat';
import type { IncomeVsExpenseView } from './reportSummaryQuery';
import { SummaryCard, useSummaryCardBodyWidth } from './SummaryCard';
import { summaryChartProps } from './summaryChartProps';

/**
 * Actual and forecast figures are separate series in the same stack, so a forecast month's bars take
 * the lighter shade of the same colour (spec: 'bars, with forecast variants').
 */
const SERIES: BarChartSeries[] = [
  { name: 'income', label: 'Income', color: 'teal.6', stackId: 'income' },
  { name: 'forecastIncome', label: 'Income (forecast)', color: 'teal.3', stackId: 'income' },
  { name: 'expense', label: 'Expense', color: 'red.6', stackId: 'expense' },
  { name: 'forecastExpense', label: 'Expense (forecast)', color: 'red.3', stackId: 'expense' },
];

/** The forecast swatch is both lighter shades side by side: forecast bars are the pale ones. */
const LEGEND = [
  { label: 'Income', background: 'var(--mantine-color-teal-6)' },
  { label: 'Expense', background: 'var(--mantine-color-red-6)' },
  {
    label: 'Forecast',
    background: 'linear-gradient(90deg, var(--mantine-color-teal-3) 50%, var(--mantine-color-red-3) 50%)',
  },
];

/** Income vs Expense (spec §2 'Dashboard cards'): each month's income and expense bars. */
export function IncomeVsExpenseCard({ months }: { months: IncomeVsExpenseView[] }) {
  const bodyWidth = useSummaryCardBodyWidth();
  const data = months.map((m) => {
    const forecast = m.scenario !== 'actual';
    return {
      month: formatMonthTick(m.month),
      income: forecast ? null : m.income,
      expense: forecast ? null : m.expense,
      forecastIncome: forecast ? m.income : null,
      forecastExpense: forecast ? m.expense : null,
    };
  });
  return (
    <SummaryCard title="Income vs Expense">
      <Group gap="sm" mb={8} wrap="nowrap" aria-label="Legend">
        {LEGEND.map((item) => (
          <Group key={item.label} gap={4} wrap="nowrap">
            <Box w={10} h={10} style={{ background: item.background, borderRadius: 2 }} />
            <Text fz="xs" c="dimmed">
              {item.label}
            </Text>
          </Group>
        ))}
      </Group>
      <BarChart
        w={bodyWidth}
        h={150}
        data={data}
        series={SERIES}
        barChartProps={{ barGap: 0, barCategoryGap: '12%' }}
        {...summaryChartProps(SERIES)}
      />
    </SummaryCard>
  );
}
