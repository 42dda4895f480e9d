import { PRODUCT_NAME } from '@keel/domain';
import { List, Paper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowsExchange, IconChartLine, IconPercentage, IconShieldLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeWhoCan } from '../../settings/team/teamPermissions';

const HIGHLIGHTS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IconPercentage size={16} />,
    title: 'Interest on every dollar',
    text: 'Interest accrues daily on the balance and is paid on the last day of each month.',
  },
  {
    icon: <IconArrowsExchange size={16} />,
    title: 'ACH transfers and wires',
    text: 'Pay your vendors from the app: ACH the next business day, wires the same day.',
  },
  {
    icon: <IconChartLine size={16} />,
    title: 'Booked as it happens',
    text: `Deposits, payments and interest appear in ${PRODUCT_NAME} Transactions and your reports.`,
  },
  {
    icon: <IconShieldLock size={16} />,
    title: 'Money moves with permission',
    text: `Your team sees balances and transfers. ${describeWhoCan('sendMoney')}`,
  },
];

/** What a Keel checking account gives a company: beside the application and on the signed-out /apply. */
export function DepositAccountHighlights() {
  return (
    <Paper
      withBorder
      radius="md"
      p="lg"
      bg="gray.0"
      component="aside"
      aria-label={`About ${PRODUCT_NAME} accounts`}
    >
      <Title order={3} size="h5" mb="md">
        What you get
      </Title>
      <List spacing="md" center={false}>
        {HIGHLIGHTS.map((highlight) => (
          <List.Item
            key={highlight.title}
            icon={
              <ThemeIcon size={26} radius="xl" variant="light">
                {highlight.icon}
              </ThemeIcon>
            }
          >
            <Text size="sm" fw={600}>
              {highlight.title}
            </Text>
            <Text size="sm" c="dimmed">
              {highlight.text}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
