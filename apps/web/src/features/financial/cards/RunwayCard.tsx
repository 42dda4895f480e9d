import {
  RUNWAY_GAUGE_CAP_MONTHS,
  RUNWAY_METHOD_LABELS,
  RUNWAY_METHODS,
  type RunwayMethod,
} from '@keel/domain';
import { Anchor, Group, RingProgress, Select, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { formatMonthYear } from './chartFormat';
import type { RunwayView } from './reportSummaryQuery';
import { RUNWAY_METHOD_DESCRIPTIONS } from './runwayMethodStore';
import { SummaryCard, useSummaryCardBodyWidth } from './SummaryCard';

type RunwayCardProps = {
  runway: RunwayView;
  method: RunwayMethod;
  onMethodChange: (method: RunwayMethod) => void;
  /** The current month: Forecast runway counts from it, the ratio methods from their balance's month. */
  currentMonth: string;
  /** A new method's figures are on their way: the gauge fades until they arrive. */
  refreshing?: boolean;
  /** The working's link: where the grid shows a month's cash (the report widens its range to the month). */
  monthLink?: MonthLink;
};

/** A link that selects a month of the cash row in the grid. */
export type MonthLink = { href(month: string): string };

const METHOD_OPTIONS = RUNWAY_METHODS.map((method) => ({
  value: method,
  label: RUNWAY_METHOD_LABELS[method],
}));

/** The gauge's fill: the runway's share of 24 months, full when Unlimited or past the cap. */
export function runwayGaugePercent(months: number | null): number {
  if (months === null) return 100;
  return (Math.min(Math.max(months, 0), RUNWAY_GAUGE_CAP_MONTHS) / RUNWAY_GAUGE_CAP_MONTHS) * 100;
}

/** Green when the cash lasts at least a year, amber for six months to a year, red below. */
function gaugeColor(months: number | null): string {
  if (months === null || months >= 12) return 'teal.6';
  if (months >= 6) return 'yellow.6';
  return 'red.6';
}

/**
 * Runway (spec §2 'Dashboard cards', §9): a gauge capped at 24 months with the server's label in the
 * middle ('24+' past the cap, 'Unlimited' when the cash never runs out), the month the cash runs out
 * ('Mar 2028', or 'Never'), the method picker, and the working: the calculation in one line with the
 * figures it used.
 */
export function RunwayCard({
  runway,
  method,
  onMethodChange,
  currentMonth,
  refreshing = false,
  monthLink,
}: RunwayCardProps) {
  const bodyWidth = useSummaryCardBodyWidth();
  const ringSize = bodyWidth < 260 ? 108 : 136;
  // The month the working names: where cash runs out, or the balance it starts from.
  const shownMonth = runway.cashOutMonth ?? runway.working.balanceMonth;
  const unlimited = runway.months === null;
  const countedFrom = method === 'runway' ? currentMonth : runway.working.balanceMonth;
  const picker = (
    <Select
      aria-label="Runway method"
      data={METHOD_OPTIONS}
      value={method}
      onChange={(value) => {
        const next = RUNWAY_METHODS.find((m) => m === value);
        if (next) onMethodChange(next);
      }}
      allowDeselect={false}
      size="xs"
      w={150}
      comboboxProps={{ width: 220, position: 'bottom-end' }}
      data-testid="runway-method"
    />
  );
  return (
    <SummaryCard title="Runway" aside={picker}>
      <Group gap="md" wrap="nowrap" align="center" style={{ flex: 1, opacity: refreshing ? 0.55 : 1 }}>
        <Stack gap={2} align="center" style={{ flex: 'none', width: ringSize }}>
          <RingProgress
            size={ringSize}
            thickness={13}
            roundCaps
            sections={[{ value: runwayGaugePercent(runway.months), color: gaugeColor(runway.months) }]}
            aria-label={`Runway ${runway.label}${unlimited ? '' : ' months'}`}
            label={
              <Stack gap={0} align="center">
                <Text fz={unlimited ? 'md' : 26} fw={700} lh={1.1} data-testid="runway-label">
                  {runway.label}
                </Text>
                {unlimited ? null : (
                  <Text fz="xs" c="dimmed">
                    months
                  </Text>
                )}
              </Stack>
            }
          />
          <StaleOutputNotice outputs={runway.staleModelOutputs} />
        </Stack>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <div>
            <Text fz="xs" c="dimmed">
              Cash out
            </Text>
            <Text fw={600} data-testid="runway-cash-out">
              {runway.cashOutMonth ? formatMonthYear(runway.cashOutMonth) : 'Never'}
            </Text>
          </div>
          <Text
            fz="xs"
            c="dimmed"
            lh={1.3}
            title={`${RUNWAY_METHOD_DESCRIPTIONS[method]}, from ${formatMonthYear(countedFrom)}.`}
          >
            <span data-testid="runway-working">{runway.working.calculation}.</span>
          </Text>
          {monthLink ? (
            <Anchor component={Link} to={monthLink.href(shownMonth)} fz="xs" data-testid="runway-show-month">
              Show {formatMonthYear(shownMonth)} in the report
            </Anchor>
          ) : null}
        </Stack>
      </Group>
    </SummaryCard>
  );
}

/**
 * The runway walks forecasts that include a model output's last good figures for months the
 * model cannot compute now; the card says so, and which (model, output, why) in its description.
 */
function StaleOutputNotice({ outputs }: { outputs: RunwayView['staleModelOutputs'] }) {
  const descriptionId = useId();
  if (outputs.length === 0) return null;
  const described = outputs
    .map(
      (output) =>
        `Stale: model '${output.modelName}' cannot compute '${output.variableName}' (${output.reason}) — showing the last good figures, written to ${output.accountName}.`,
    )
    .join(' ');
  return (
    <Tooltip label={described} multiline w={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      <Group
        gap={4}
        wrap="nowrap"
        justify="center"
        tabIndex={0}
        aria-describedby={descriptionId}
        data-testid="runway-stale"
        style={{ color: 'var(--mantine-color-orange-8)', cursor: 'help' }}
      >
        <IconAlertTriangle size={14} aria-hidden style={{ flex: 'none' }} />
        <Text fz="xs" fw={600} c="orange.8" lh={1.25}>
          Includes stale model output
          {outputs.length > 1 ? ` (${outputs.length})` : ''}
        </Text>
        <span id={descriptionId} hidden>
          {described}
        </span>
      </Group>
    </Tooltip>
  );
}
