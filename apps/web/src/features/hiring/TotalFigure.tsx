import { Text, Tooltip } from '@mantine/core';

type TotalFigureProps = {
  text: string;
  /** What the figure counts, in full: shown on hover. */
  working: string;
  testId: string;
};

/** A total in the plan's table (headcount or monthly cost), bold, saying what it counts on hover. */
export function TotalFigure({ text, working, testId }: TotalFigureProps) {
  return (
    <Tooltip label={working} multiline w={320} withinPortal>
      <Text size="sm" fw={650} data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {text}
      </Text>
    </Tooltip>
  );
}
