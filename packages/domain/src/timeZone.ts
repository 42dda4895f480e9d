import { z } from 'zod';

/**
 * A company's days and months in its own time zone (an IANA name such as 'America/Los_Angeles'):
 * 'today', a transaction's day, month ends and statement months all follow it, never the server's UTC.
 * The bank's own days (ACH and wire cut-offs, business days) follow BANK_TIME_ZONE.
 */

/** What a company has until someone picks: the zone its days followed before it had one. */
export const DEFAULT_TIME_ZONE = 'UTC';

/** The bank's time: ACH and wire cut-offs and business days are New York's. */
export const BANK_TIME_ZONE = 'America/New_York';

export const TIME_ZONE_MAX_LENGTH = 64;

export const TIME_ZONE_MESSAGES = {
  required: 'Time zone is required',
  tooLong: `Time zone must be at most ${TIME_ZONE_MAX_LENGTH} characters`,
  unknown: 'Choose a time zone from the list',
} as const;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether `name` is a time zone this runtime knows (IANA names; 'UTC'). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > TIME_ZONE_MAX_LENGTH) return false;
  try {
    formatterOf(name);
    return true;
  } catch {
    return false;
  }
}

/** The IANA names a person may pick from, 'UTC' first. */
export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return ['UTC', ...names.filter((name) => name !== 'UTC')];
}

/** A time zone a person sends: trimmed, at most 64 characters, one the runtime knows. */
export const timeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGES.required })
  .trim()
  .min(1, TIME_ZONE_MESSAGES.required)
  .max(TIME_ZONE_MAX_LENGTH, TIME_ZONE_MESSAGES.tooLong)
  .refine(isTimeZone, TIME_ZONE_MESSAGES.unknown);

/** The wall clock in `timeZone` at the instant `at`. */
export type WallClock = { day: string; month: string; hour: number; minute: number; second: number };

export function wallClockIn(timeZone: string, at: Date): WallClock {
  const parts: Record<string, string> = {};
  for (const part of formatterOf(timeZone).formatToParts(at)) parts[part.type] = part.value;
  const day = `${parts.year}-${parts.month}-${parts.day}`;
  return {
    day,
    month: day.slice(0, 7),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** The calendar day ('YYYY-MM-DD') in `timeZone` at the instant `at`. */
export function dayIn(timeZone: string, at: Date): string {
  return wallClockIn(timeZone, at).day;
}

/** The calendar month ('YYYY-MM') in `timeZone` at the instant `at`. */
export function monthIn(timeZone: string, at: Date): string {
  return wallClockIn(timeZone, at).month;
}

/**
 * The instant at which the wall clock in `timeZone` reads `day` at `time` ('HH:MM', midnight by
 * default). A time skipped by a daylight-saving change is taken after the change.
 */
export function instantIn(timeZone: string, day: string, time = '00:00'): Date {
  const [year, month, date] = day.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  const wanted = Date.UTC(year ?? 0, (month ?? 1) - 1, date ?? 1, hour ?? 0, minute ?? 0);
  // Two passes of 'what does the clock read at my guess?' settle on the offset in force then.
  let guess = wanted;
  for (let pass = 0; pass < 3; pass += 1) {
    const clock = wallClockIn(timeZone, new Date(guess));
    const [y, m, d] = clock.day.split('-').map(Number);
    const read = Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1, clock.hour, clock.minute, clock.second);
    const off = read - guess;
    const next = wanted - off;
    if (next === guess) break;
    guess = next;
  }
  return new Date(guess);
}
