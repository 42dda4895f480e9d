import { Group, Paper, SimpleGrid, Text, Title, Tooltip } from '@mantine/core';
import { formatCents } from '../../lib/format';
import {
  describeAssetsWorking,
  describeLiabilitiesWorking,
  describeNetWorthWorking,
  groupTotal,
} from './accountsOverview';
import type { AccountsOverview } from './accountsOverviewQuery';

/**
 * The summary of assets and liabilities (spec §2, §9): assets (Cash and Investments), liabilities
 * (Credit Cards and Loans, what is owed) and net worth, their difference; each figure's working is its
 * tooltip, and net worth's is written beneath it too. Other accounts count in neither, and it says so.
 */
export function AssetsLiabilitiesSummary({ overview }: { overview: AccountsOverview }) {
  const { summary } = overview;
  const other = groupTotal(overview.groups, 'Other');
  const hasOther = overview.groups.some((group) => group.name === 'Other' && group.items.length > 0);
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Assets and liabilities">
      <Title order={3} size="h5" mb="sm">
        Assets and liabilities
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Figure
          label="Assets"
          caption="Cash and investments"
          cents={summary.assets}
          working={describeAssetsWorking(overview)}
          testId="summary-assets"
        />
        <Figure
          label="Liabilities"
          caption={`${formatCents(summary.liabilities)} owed on cards and loans`}
          cents={summary.liabilities === 0 ? 0 : -summary.liabilities}
          working={describeLiabilitiesWorking(overview)}
          testId="summary-liabilities"
        />
        <Figure
          label="Net worth"
          caption={`${formatCents(summary.assets)} − ${formatCents(summary.liabilities)}`}
          cents={summary.netWorth}
          working={describeNetWorthWorking(summary)}
          testId="summary-net-worth"
          strong
        />
      </SimpleGrid>
      {hasOther ? (
        <Text size="xs" c="dimmed" mt="sm" data-testid="summary-other">
          Other accounts ({formatCents(other)}) count as neither assets nor liabilities.
        </Text>
      ) : null}
    </Paper>
  );
}

function Figure({
  label,
  caption,
  cents,
  working,
  testId,
  strong,
}: {
  label: string;
  caption: string;
  cents: number;
  working: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <div data-testid={testId}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Group gap={4}>
        <Tooltip label={working} multiline maw={380} withArrow>
          <Text
            component="span"
            fz={strong ? 24 : 20}
            fw={strong ? 700 : 600}
            ff="monospace"
            tabIndex={0}
            data-testid={`${testId}-figure`}
            c={cents < 0 ? 'red.8' : undefined}
            style={{ cursor: 'help', textDecoration: 'underline dotted' }}
          >
            {formatCents(cents)}
          </Text>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed" data-testid={`${testId}-caption`}>
        {caption}
      </Text>
    </div>
  );
}
