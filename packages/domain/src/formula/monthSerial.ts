import { CALENDAR_YEAR_MAX, CALENDAR_YEAR_MIN, type MonthKey, parseMonthKey, toMonthKey } from '../months';

/**
 * A month as formulas hold it: year × 12 + month index (January 0), so months compare, add and
 * subtract as numbers (`NOW() + 12` is the same month next year; 2026-03 is 24,314).
 */
export type MonthSerial = number;

/** The serials of CALENDAR_MONTH_MIN and CALENDAR_MONTH_MAX: formulas take months between them. */
export const MONTH_SERIAL_MIN: MonthSerial = CALENDAR_YEAR_MIN * 12;
export const MONTH_SERIAL_MAX: MonthSerial = CALENDAR_YEAR_MAX * 12 + 11;

export function monthSerial(key: MonthKey): MonthSerial {
  const { year, month } = parseMonthKey(key);
  return year * 12 + month - 1;
}

export function monthKeyOfSerial(serial: MonthSerial): MonthKey {
  return toMonthKey(Math.floor(serial / 12), (((serial % 12) + 12) % 12) + 1);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** 28 to 31 (February has 29 days in years divisible by 4, except centuries not divisible by 400). */
export function daysInMonth(serial: MonthSerial): number {
  const year = Math.floor(serial / 12);
  const index = serial - year * 12;
  return index === 1 && isLeapYear(year) ? 29 : (DAYS[index] ?? 31);
}

const SAKAMOTO = [0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4];

/** Day of the week of the month's first day, 0 Sunday to 6 Saturday (proleptic Gregorian, Sakamoto). */
function weekdayOfFirstDay(serial: MonthSerial): number {
  const index = ((serial % 12) + 12) % 12;
  const year = Math.floor(serial / 12) - (index < 2 ? 1 : 0);
  const days =
    year +
    Math.floor(year / 4) -
    Math.floor(year / 100) +
    Math.floor(year / 400) +
    (SAKAMOTO[index] ?? 0) +
    1;
  return ((days % 7) + 7) % 7;
}

/**
 * The Mondays to Fridays of a month (holidays not considered): the first 28 days hold 20, and each of
 * the 0 to 3 days after them counts when it falls on a weekday.
 */
export function weekdaysInMonth(serial: MonthSerial): number {
  const first = weekdayOfFirstDay(serial);
  let count = 20;
  for (let day = 28; day < daysInMonth(serial); day += 1) {
    const weekday = (first + day) % 7;
    if (weekday !== 0 && weekday !== 6) count += 1;
  }
  return count;
}
