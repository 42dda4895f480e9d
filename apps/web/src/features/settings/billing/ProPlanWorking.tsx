import { formatMonthLong } from '@keel/domain';
import { Stack, Text } from '@mantine/core';
import type { ProPlanData } from './billingQueries';

/**
 * Where this company's price comes from (spec §1: 0.1% of the monthly expense total, minimum $100):
 * 'This month: $412.35 = max($100.00, 0.1% × $412,345.67 of October 2026)', from the server's
 * working, and what that month's figure is.
 */
export function ProPlanWorking({ proPlan }: { proPlan: ProPlanData }) {
  const month = formatMonthLong(proPlan.basisMonth);
  return (
    <Stack gap={2} data-testid="pro-plan-working">
      <Text size="sm" fw={600}>
        This month: {proPlan.working}
      </Text>
      <Text size="xs" c="dimmed">
        0.1% of the expense total of the last complete month ({month}: the Financial Report's Expense line),
        and at least $100, rounded to the cent.
      </Text>
    </Stack>
  );
}
