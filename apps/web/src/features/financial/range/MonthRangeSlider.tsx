import {
  addMonths,
  formatMonthShortNumeric,
  type MonthKey,
  type MonthRangeWithCutoff,
  monthsBetween,
} from '@keel/domain';
import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import {
  handleBounds,
  isSameRange,
  monthAtFraction,
  monthFraction,
  moveRangeHandle,
  RANGE_HANDLES,
  type RangeHandle,
  type SliderWindow,
  spreadLabelCentres,
  yearTicks,
} from './clampReportRange';

type MonthRangeSliderProps = {
  range: MonthRangeWithCutoff;
  sliderWindow: SliderWindow;
  currentMonth: MonthKey;
  onChange: (range: MonthRangeWithCutoff) => void;
};

/** The track takes the room it has, up to 41 months at about 11 px each, down to about 6 px. */
const TRACK_MAX_WIDTH = 440;
const TRACK_MIN_WIDTH = 240;
const LABEL_WIDTH = 42;
const THUMB_SIZE = 16;
/** The thumbs overhang the track's ends by half their size; the box leaves room for that. */
const INSET = THUMB_SIZE / 2;
const LABEL_TOP = 0;
const TRACK_TOP = 26;
const TRACK_HEIGHT = 4;
const YEAR_TOP = TRACK_TOP + 12;
const HEIGHT = YEAR_TOP + 12;

const HANDLE_NAMES: Record<RangeHandle, string> = {
  startMonth: 'Start',
  actualsEndMonth: 'Actuals end',
  endMonth: 'End',
};

/** Keys that step a handle, in months (spec: arrows one month, Page Up / Page Down a year). */
const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowDown: -1,
  ArrowRight: 1,
  ArrowUp: 1,
  PageDown: -12,
  PageUp: 12,
};

type Drag = { handle: RangeHandle; range: MonthRangeWithCutoff; pointerId: number };

/**
 * The date range slider (spec §2 'Report grid details'): three handles over the window's months, the
 * start, the actuals end and the end, labelled MM/YY, with year ticks on the track. Handles keep their
 * order and the rules of handleBounds (clampReportRange.ts). A drag shows its months as it goes and calls `onChange` once,
 * when it ends (the page refetches the report on each change); every key step calls it at once.
 */
export function MonthRangeSlider({ range, sliderWindow, currentMonth, onChange }: MonthRangeSliderProps) {
  const trackRef = useRef<HTMLDivElement>(null);
  const { ref: boxRef, width: boxWidth } = useElementSize();
  // Before the first measure (and in tests) the track has its full width.
  const trackWidth =
    boxWidth > 0
      ? Math.min(TRACK_MAX_WIDTH, Math.max(TRACK_MIN_WIDTH, boxWidth - 2 * INSET))
      : TRACK_MAX_WIDTH;
  const [drag, setDrag] = useState<Drag | null>(null);
  const shown = drag?.range ?? range;
  const x = (month: MonthKey) => monthFraction(month, sliderWindow) * trackWidth;
  const labelCentres = spreadLabelCentres(
    RANGE_HANDLES.map((handle) => x(shown[handle])),
    LABEL_WIDTH,
    trackWidth,
  );

  const monthAtPointer = (clientX: number): MonthKey => {
    const rect = trackRef.current?.getBoundingClientRect();
    const fraction = rect && rect.width > 0 ? (clientX - rect.left) / rect.width : 0;
    return monthAtFraction(fraction, sliderWindow);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const target = monthAtPointer(event.clientX);
    const handle = handleOf(event.target) ?? nearestHandle(range, target);
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    document.getElementById(thumbId(handle))?.focus();
    const moved = handleOf(event.target)
      ? range
      : moveRangeHandle(range, handle, target, sliderWindow, currentMonth);
    setDrag({ handle, range: moved, pointerId: event.pointerId });
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    const next = moveRangeHandle(
      drag.range,
      drag.handle,
      monthAtPointer(event.clientX),
      sliderWindow,
      currentMonth,
    );
    if (next !== drag.range) setDrag({ ...drag, range: next });
  };

  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag || drag.pointerId !== event.pointerId) return;
    setDrag(null);
    if (!isSameRange(drag.range, range)) onChange(drag.range);
  };

  const onKeyDown = (handle: RangeHandle) => (event: KeyboardEvent<HTMLDivElement>) => {
    const bounds = handleBounds(range, handle, sliderWindow, currentMonth);
    const step = KEY_STEPS[event.key];
    let target: MonthKey | undefined;
    if (step !== undefined) target = addMonths(range[handle], step);
    else if (event.key === 'Home') target = bounds.min;
    else if (event.key === 'End') target = bounds.max;
    if (target === undefined) return;
    event.preventDefault();
    const next = moveRangeHandle(range, handle, target, sliderWindow, currentMonth);
    if (next !== range) onChange(next);
  };

  const actualsLeft = x(shown.startMonth);
  const actualsRight = x(shown.actualsEndMonth);
  const endRight = x(shown.endMonth);

  return (
    <Box
      ref={boxRef}
      pos="relative"
      w="100%"
      miw={TRACK_MIN_WIDTH + 2 * INSET}
      maw={TRACK_MAX_WIDTH + 2 * INSET}
      h={HEIGHT}
      style={{ touchAction: 'none', userSelect: 'none', cursor: 'pointer' }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      data-testid="report-date-range-slider"
    >
      <Box ref={trackRef} pos="absolute" left={INSET} top={0} w={trackWidth} h="100%">
        <Box
          pos="absolute"
          top={TRACK_TOP}
          left={0}
          w={trackWidth}
          h={TRACK_HEIGHT}
          bg="gray.3"
          style={{ borderRadius: TRACK_HEIGHT }}
        />
        <Box
          pos="absolute"
          top={TRACK_TOP}
          left={actualsLeft}
          w={actualsRight - actualsLeft}
          h={TRACK_HEIGHT}
          bg="keel.6"
          title="Actuals"
        />
        <Box
          pos="absolute"
          top={TRACK_TOP}
          left={actualsRight}
          w={endRight - actualsRight}
          h={TRACK_HEIGHT}
          bg="keel.2"
          title="Forecast"
        />
        {yearTicks(sliderWindow).map((tick) => (
          <Box key={tick.month} pos="absolute" left={x(tick.month)} top={TRACK_TOP - 4} aria-hidden>
            <Box w={1} h={TRACK_HEIGHT + 8} bg="gray.5" />
            <Text
              pos="absolute"
              top={YEAR_TOP - TRACK_TOP + 4}
              left={-14}
              w={28}
              ta="center"
              fz={10}
              c="dimmed"
              lh={1}
              data-testid="report-date-range-year"
            >
              {tick.year}
            </Text>
          </Box>
        ))}
        {RANGE_HANDLES.map((handle, i) => (
          <Text
            key={`label-${handle}`}
            pos="absolute"
            top={LABEL_TOP}
            left={(labelCentres[i] ?? 0) - LABEL_WIDTH / 2}
            w={LABEL_WIDTH}
            ta="center"
            fz="xs"
            fw={600}
            lh="18px"
            c={handle === 'actualsEndMonth' ? 'keel.8' : 'dark.6'}
            aria-hidden
            data-testid="report-date-range-label"
          >
            {formatMonthShortNumeric(shown[handle])}
          </Text>
        ))}
        {RANGE_HANDLES.map((handle) => (
          <Thumb
            key={handle}
            handle={handle}
            month={shown[handle]}
            left={x(shown[handle])}
            bounds={handleBounds(shown, handle, sliderWindow, currentMonth)}
            sliderWindow={sliderWindow}
            dragging={drag?.handle === handle}
            onKeyDown={onKeyDown(handle)}
          />
        ))}
      </Box>
    </Box>
  );
}

function Thumb({
  handle,
  month,
  left,
  bounds,
  sliderWindow,
  dragging,
  onKeyDown,
}: {
  handle: RangeHandle;
  month: MonthKey;
  left: number;
  bounds: { min: MonthKey; max: MonthKey };
  sliderWindow: SliderWindow;
  dragging: boolean;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
}) {
  const index = (m: MonthKey) => monthsBetween(sliderWindow.minMonth, m);
  const actuals = handle === 'actualsEndMonth';
  return (
    <Box
      id={thumbId(handle)}
      role="slider"
      tabIndex={0}
      aria-label={HANDLE_NAMES[handle]}
      aria-orientation="horizontal"
      aria-valuemin={index(bounds.min)}
      aria-valuemax={Math.max(index(bounds.min), index(bounds.max))}
      aria-valuenow={index(month)}
      aria-valuetext={formatMonthShortNumeric(month)}
      data-handle={handle}
      onKeyDown={onKeyDown}
      pos="absolute"
      top={TRACK_TOP + TRACK_HEIGHT / 2 - THUMB_SIZE / 2}
      left={left - THUMB_SIZE / 2}
      w={THUMB_SIZE}
      h={THUMB_SIZE}
      bg={actuals ? 'keel.7' : 'white'}
      style={{
        borderRadius: '50%',
        border: '2px solid var(--mantine-color-keel-7)',
        boxShadow: dragging ? '0 0 0 4px var(--mantine-color-keel-1)' : 'var(--mantine-shadow-xs)',
        cursor: dragging ? 'grabbing' : 'grab',
        zIndex: dragging ? 2 : 1,
      }}
    />
  );
}

function thumbId(handle: RangeHandle): string {
  return `report-date-range-${handle}`;
}

function handleOf(target: EventTarget): RangeHandle | undefined {
  if (!(target instanceof HTMLElement)) return undefined;
  const handle = target.dataset.handle;
  return RANGE_HANDLES.find((h) => h === handle);
}

/** The handle a click on the track moves: the nearest; of stacked ones, the one that can go that way. */
function nearestHandle(range: MonthRangeWithCutoff, target: MonthKey): RangeHandle {
  let best: RangeHandle = 'startMonth';
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const handle of RANGE_HANDLES) {
    const distance = Math.abs(monthsBetween(range[handle], target));
    const tieGoesRight = distance === bestDistance && target > range[handle];
    if (distance < bestDistance || tieGoesRight) {
      best = handle;
      bestDistance = distance;
    }
  }
  return best;
}
