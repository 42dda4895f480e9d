/**
 * The days banks settle on: Monday to Friday, except the Federal Reserve's holidays (12 CFR 7.2 lists
 * the federal holidays; the Fed observes a Sunday holiday on the Monday after and does not close on the
 * Friday before a Saturday one). ACH and wires neither post nor return on other days. Dates are
 * calendar days 'YYYY-MM-DD' of the bank's time (BANK_TIME_ZONE, America/New_York): a caller passes
 * `dayIn(BANK_TIME_ZONE, now)`, never an instant's UTC day. (The arithmetic below uses UTC dates only
 * as a time-zone-free calendar.)
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const dateOf = (year: number, month: number, day: number) => new Date(Date.UTC(year, month - 1, day));
const dayKey = (at: Date) => at.toISOString().slice(0, 10);

/** The n-th (1-based) `weekday` (0 Sunday … 6 Saturday) of a month; n = -1 is the last one. */
function nthWeekday(year: number, month: number, weekday: number, n: number): Date {
  if (n < 0) {
    const last = dateOf(year, month + 1, 0);
    const back = (last.getUTCDay() - weekday + 7) % 7;
    return new Date(last.getTime() - back * DAY_MS);
  }
  const first = dateOf(year, month, 1);
  const ahead = (weekday - first.getUTCDay() + 7) % 7;
  return new Date(first.getTime() + (ahead + (n - 1) * 7) * DAY_MS);
}

/** A fixed-date holiday as the Fed observes it: on the Monday after when it falls on a Sunday. */
function observedFixed(year: number, month: number, day: number): Date {
  const date = dateOf(year, month, day);
  return date.getUTCDay() === 0 ? new Date(date.getTime() + DAY_MS) : date;
}

export type BankHoliday = { date: string; name: string };

const holidayCache = new Map<number, BankHoliday[]>();

/** The Federal Reserve's holidays of a year, in date order (Juneteenth from 2022, when it was first observed). */
export function bankHolidays(year: number): BankHoliday[] {
  const cached = holidayCache.get(year);
  if (cached) return cached;
  const holidays: [Date, string][] = [
    [observedFixed(year, 1, 1), "New Year's Day"],
    [nthWeekday(year, 1, 1, 3), 'Birthday of Martin Luther King, Jr.'],
    [nthWeekday(year, 2, 1, 3), "Washington's Birthday"],
    [nthWeekday(year, 5, 1, -1), 'Memorial Day'],
    ...(year >= 2022
      ? [[observedFixed(year, 6, 19), 'Juneteenth National Independence Day'] as [Date, string]]
      : []),
    [observedFixed(year, 7, 4), 'Independence Day'],
    [nthWeekday(year, 9, 1, 1), 'Labor Day'],
    [nthWeekday(year, 10, 1, 2), 'Columbus Day'],
    [observedFixed(year, 11, 11), 'Veterans Day'],
    [nthWeekday(year, 11, 4, 4), 'Thanksgiving Day'],
    [observedFixed(year, 12, 25), 'Christmas Day'],
  ];
  const list = holidays
    // A Saturday holiday is not observed by the Fed: the day is a weekend day anyway.
    .filter(([date]) => date.getUTCDay() !== 6)
    .map(([date, name]) => ({ date: dayKey(date), name }))
    .sort((a, b) => a.date.localeCompare(b.date));
  holidayCache.set(year, list);
  return list;
}

/** Whether banks settle on `day` ('YYYY-MM-DD'). */
export function isBankBusinessDay(day: string): boolean {
  const weekday = new Date(`${day}T00:00:00.000Z`).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !bankHolidays(Number(day.slice(0, 4))).some((holiday) => holiday.date === day);
}

/** The first business day strictly after `day`. */
export function nextBankBusinessDay(day: string): string {
  let at = new Date(`${day}T00:00:00.000Z`).getTime() + DAY_MS;
  while (!isBankBusinessDay(dayKey(new Date(at)))) at += DAY_MS;
  return dayKey(new Date(at));
}
