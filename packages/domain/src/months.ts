/** Calendar months as 'YYYY-MM' keys (spec §3 Month). Pure arithmetic in UTC, no Date objects needed. */

export type MonthKey = string;

/** A month as the report and pickers show it: key '2026-04', month 4, short 'Apr', year 2026. */
export type Month = { key: MonthKey; month: number; short: string; year: number };

export const MONTH_SHORT_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

export const MONTH_NAMES = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const MONTH_KEY = /^(\d{4})-(0[1-9]|1[0-2])$/;

export function isMonthKey(value: unknown): value is MonthKey {
  return typeof value === 'string' && MONTH_KEY.test(value);
}

/**
 * The years Keel takes in dates and months from outside (1900 to 2199). Wide enough for any company's
 * books and plans; it keeps year 0000 (which PostgreSQL has no room for) and a forecast's 60 months
 * past year 9999 out.
 */
export const CALENDAR_YEAR_MIN = 1900;
export const CALENDAR_YEAR_MAX = 2199;
export const CALENDAR_MONTH_MIN: MonthKey = `${CALENDAR_YEAR_MIN}-01`;
export const CALENDAR_MONTH_MAX: MonthKey = `${CALENDAR_YEAR_MAX}-12`;

/** A 'YYYY-MM' key within CALENDAR_YEAR_MIN..CALENDAR_YEAR_MAX. */
export function isCalendarMonth(value: unknown): value is MonthKey {
  if (!isMonthKey(value)) return false;
  const year = Number(value.slice(0, 4));
  return year >= CALENDAR_YEAR_MIN && year <= CALENDAR_YEAR_MAX;
}

/** A real day 'YYYY-MM-DD' of years 0001 to 9999, as PostgreSQL's date holds it (no 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) {
    return false;
  }
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A real calendar day 'YYYY-MM-DD' within CALENDAR_YEAR_MIN..CALENDAR_YEAR_MAX. */
export function isCalendarDate(value: unknown): value is string {
  return isIsoDate(value) && isCalendarMonth(value.slice(0, 7));
}

/** Year and month (1–12) of a key; throws on anything that is not 'YYYY-MM'. */
export function parseMonthKey(key: MonthKey): { year: number; month: number } {
  const match = MONTH_KEY.exec(key);
  if (!match) throw new RangeError(`Not a month key: ${key}`);
  return { year: Number(match[1]), month: Number(match[2]) };
}

export function toMonthKey(year: number, month: number): MonthKey {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

/** The month of an ISO date ('2026-04-17' or a full timestamp). */
export function monthKeyOfDate(isoDate: string): MonthKey {
  const key = isoDate.slice(0, 7);
  parseMonthKey(key);
  return key;
}

/** Months since year 0: makes differences and offsets plain integer arithmetic. */
function monthIndex(key: MonthKey): number {
  const { year, month } = parseMonthKey(key);
  return year * 12 + (month - 1);
}

function fromMonthIndex(index: number): MonthKey {
  return toMonthKey(Math.floor(index / 12), (index % 12) + 1);
}

export function addMonths(key: MonthKey, count: number): MonthKey {
  return fromMonthIndex(monthIndex(key) + count);
}

/** How many months `to` is after `from` (negative when before). */
export function monthsBetween(from: MonthKey, to: MonthKey): number {
  return monthIndex(to) - monthIndex(from);
}

/** Every month from `start` to `end`, both included; empty when end is before start. */
export function monthRange(start: MonthKey, end: MonthKey): MonthKey[] {
  const count = monthsBetween(start, end) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, offset) => addMonths(start, offset));
}

export function describeMonth(key: MonthKey): Month {
  const { year, month } = parseMonthKey(key);
  return { key, month, year, short: MONTH_SHORT_NAMES[month - 1] ?? '' };
}

/** First and last calendar day of a month, as ISO dates. */
export function monthBounds(key: MonthKey): { firstDay: string; lastDay: string } {
  const { year, month } = parseMonthKey(key);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { firstDay: `${key}-01`, lastDay: `${key}-${String(days).padStart(2, '0')}` };
}

/** 'MM/YY', as the date range slider labels its handles. */
export function formatMonthShortNumeric(key: MonthKey): string {
  const { year, month } = parseMonthKey(key);
  return `${String(month).padStart(2, '0')}/${String(year % 100).padStart(2, '0')}`;
}

/** The earliest of some months (month keys order as strings). */
export function earliestMonth(first: MonthKey, ...rest: MonthKey[]): MonthKey {
  return [first, ...rest].sort()[0] ?? first;
}

/** The latest of some months. */
export function latestMonth(first: MonthKey, ...rest: MonthKey[]): MonthKey {
  return [first, ...rest].sort().at(-1) ?? first;
}

/** 'October 2026': a month in words (the billing working, the spend card's title, chart tooltips). */
export function formatMonthLong(key: MonthKey): string {
  const { year, month } = parseMonthKey(key);
  return `${MONTH_NAMES[month - 1] ?? ''} ${year}`;
}
