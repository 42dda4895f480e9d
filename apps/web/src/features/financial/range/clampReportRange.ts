import {
  addMonths,
  type MonthKey,
  type MonthRangeWithCutoff,
  monthsBetween,
  parseMonthKey,
  reportSliderBounds,
  toMonthKey,
} from '@keel/domain';

/**
 * The month arithmetic of the report's date range slider (spec §2 'Report grid details', §5, §9): a
 * window of three years and four months from a January, three handles that stay in order, a start
 * before the current month, an actuals end not after it, and at most 120 months from start to end.
 */

/** One of the slider's three handles. */
export type RangeHandle = 'startMonth' | 'actualsEndMonth' | 'endMonth';

export const RANGE_HANDLES: readonly RangeHandle[] = ['startMonth', 'actualsEndMonth', 'endMonth'];

/** The months the slider spans: `minMonth` (a January) to `maxMonth`, both included. */
export type SliderWindow = { minMonth: MonthKey; maxMonth: MonthKey };

/** The server computes at most ten years between the first and the last month of a report. */
const MAX_RANGE_SPAN_MONTHS = 120;

/** The slider spans three years and four months past its first January (spec §9), as the domain says. */
const DOMAIN_BOUNDS = reportSliderBounds('2001-01');
export const WINDOW_SPAN_MONTHS = monthsBetween(DOMAIN_BOUNDS.minMonth, DOMAIN_BOUNDS.maxMonth);

/** The year picker spans 20 years centred on the current year: ten before, nine after. */
const YEAR_PICKER_YEARS_BEFORE = 10;
const YEAR_PICKER_YEARS_AFTER = 9;

export function sliderWindowOfYear(year: number): SliderWindow {
  const minMonth = toMonthKey(year, 1);
  return { minMonth, maxMonth: addMonths(minMonth, WINDOW_SPAN_MONTHS) };
}

/** The years the year picker offers, oldest first. */
export function yearPickerYears(currentMonth: MonthKey): number[] {
  const { year } = parseMonthKey(currentMonth);
  const count = YEAR_PICKER_YEARS_BEFORE + YEAR_PICKER_YEARS_AFTER + 1;
  return Array.from({ length: count }, (_, i) => year - YEAR_PICKER_YEARS_BEFORE + i);
}

/**
 * Whether a window starting in January of `year` can hold a valid range: its first month must be
 * before the current month, since the start handle may not be at or after it (spec §5).
 */
export function isWindowYearUsable(year: number, currentMonth: MonthKey): boolean {
  return sliderWindowOfYear(year).minMonth < currentMonth;
}

/**
 * What the year picker shows for `year`: January to December of it. The actuals cutoff is the user's
 * (`cutoffMonth`, which picking a year never changes) wherever it falls inside the year; for a year that
 * ends before it, the year's last month (every month of that year is an actual either way), and for a
 * year that starts after it, the year's first month (a range's start may not pass its cutoff). So the
 * cutoff shown moves only as far as the year forces, and picking the cutoff's own year gives it back.
 * The year must be usable (isWindowYearUsable): January of it is before the current month.
 */
export function rangeOfYear(
  year: number,
  cutoffMonth: MonthKey,
  currentMonth: MonthKey,
): MonthRangeWithCutoff {
  const startMonth = toMonthKey(year, 1);
  const endMonth = toMonthKey(year, 12);
  const actualsEndMonth = clampMonth(cutoffMonth, startMonth, earlier(endMonth, currentMonth));
  return { startMonth, actualsEndMonth, endMonth };
}

/**
 * The window the slider opens on: the default one (January of last year) when it holds the range,
 * else the one starting in January of the range's first year.
 */
export function initialWindowYear(range: MonthRangeWithCutoff, currentMonth: MonthKey): number {
  const defaults = reportSliderBounds(currentMonth);
  if (range.startMonth >= defaults.minMonth && range.endMonth <= defaults.maxMonth) {
    return parseMonthKey(defaults.minMonth).year;
  }
  return parseMonthKey(range.startMonth).year;
}

function clampMonth(month: MonthKey, min: MonthKey, max: MonthKey): MonthKey {
  if (month < min) return min;
  if (month > max) return max;
  return month;
}

function earlier(a: MonthKey, b: MonthKey): MonthKey {
  return a < b ? a : b;
}

function later(a: MonthKey, b: MonthKey): MonthKey {
  return a > b ? a : b;
}

/**
 * The months one handle may take while the other two stay put:
 * - start: from the window's first month to the actuals end, and before the current month;
 * - actuals end: from the start to the end, and not after the current month;
 * - end: from the actuals end to the window's last month, at most 120 months after the start.
 * `max` may fall below `min` only when the other handles already break the rules; callers clamp first.
 */
export function handleBounds(
  range: MonthRangeWithCutoff,
  handle: RangeHandle,
  sliderWindow: SliderWindow,
  currentMonth: MonthKey,
): { min: MonthKey; max: MonthKey } {
  switch (handle) {
    case 'startMonth':
      return {
        min: sliderWindow.minMonth,
        max: earlier(earlier(range.actualsEndMonth, addMonths(currentMonth, -1)), sliderWindow.maxMonth),
      };
    case 'actualsEndMonth':
      return {
        min: later(range.startMonth, sliderWindow.minMonth),
        max: earlier(earlier(range.endMonth, currentMonth), sliderWindow.maxMonth),
      };
    case 'endMonth':
      return {
        min: later(range.actualsEndMonth, sliderWindow.minMonth),
        max: earlier(sliderWindow.maxMonth, addMonths(range.startMonth, MAX_RANGE_SPAN_MONTHS)),
      };
  }
}

/** Moves one handle towards `target`, stopping at the months it may take (see handleBounds). */
export function moveRangeHandle(
  range: MonthRangeWithCutoff,
  handle: RangeHandle,
  target: MonthKey,
  sliderWindow: SliderWindow,
  currentMonth: MonthKey,
): MonthRangeWithCutoff {
  const { min, max } = handleBounds(range, handle, sliderWindow, currentMonth);
  if (max < min) return range;
  const month = clampMonth(target, min, max);
  return month === range[handle] ? range : { ...range, [handle]: month };
}

export function isSameRange(a: MonthRangeWithCutoff, b: MonthRangeWithCutoff): boolean {
  return (
    a.startMonth === b.startMonth && a.actualsEndMonth === b.actualsEndMonth && a.endMonth === b.endMonth
  );
}

/** Where a month sits on the window, 0 (first month) to 1 (last month); outside months stick to the ends. */
export function monthFraction(month: MonthKey, sliderWindow: SliderWindow): number {
  const span = monthsBetween(sliderWindow.minMonth, sliderWindow.maxMonth);
  const offset = monthsBetween(sliderWindow.minMonth, month);
  return Math.min(1, Math.max(0, offset / span));
}

/** The month nearest a point of the track, 0 (left end) to 1 (right end). */
export function monthAtFraction(fraction: number, sliderWindow: SliderWindow): MonthKey {
  const span = monthsBetween(sliderWindow.minMonth, sliderWindow.maxMonth);
  const offset = Math.round(Math.min(1, Math.max(0, fraction)) * span);
  return addMonths(sliderWindow.minMonth, offset);
}

/** The Januaries inside a window, where the track shows its year ticks. */
export function yearTicks(sliderWindow: SliderWindow): { month: MonthKey; year: number }[] {
  const first = parseMonthKey(sliderWindow.minMonth);
  const ticks: { month: MonthKey; year: number }[] = [];
  for (let year = first.month === 1 ? first.year : first.year + 1; ; year += 1) {
    const month = toMonthKey(year, 1);
    if (month > sliderWindow.maxMonth) break;
    ticks.push({ month, year });
  }
  return ticks;
}

/**
 * Centres for the handles' labels (px along the track), pushed apart so labels `width` wide never
 * overlap, kept inside [width/2, trackWidth - width/2] where the track allows. `centres` in handle order.
 */
export function spreadLabelCentres(centres: readonly number[], width: number, trackWidth: number): number[] {
  const gap = width + 2;
  const low = width / 2;
  const high = Math.max(low, trackWidth - width / 2);
  const placed = centres.map((centre) => Math.min(high, Math.max(low, centre)));
  for (let i = 1; i < placed.length; i += 1) {
    placed[i] = Math.max(placed[i] ?? 0, (placed[i - 1] ?? 0) + gap);
  }
  const last = placed.length - 1;
  if ((placed[last] ?? 0) > high) {
    placed[last] = high;
    for (let i = last - 1; i >= 0; i -= 1) placed[i] = Math.min(placed[i] ?? 0, (placed[i + 1] ?? 0) - gap);
  }
  return placed;
}
