import { DEFAULT_TIME_ZONE, isTimeZone, timeZoneNames } from '@keel/domain';

/** The browser's own time zone (what a new company starts with), or UTC when it names none we know. */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** 'GMT-8', 'GMT+5:30' or 'GMT' for the zone at the instant `at`. */
function gmtOffsetOf(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? 'GMT';
}

type TimeZoneOption = { value: string; label: string };

let cached: { options: TimeZoneOption[]; at: number } | null = null;

/**
 * The zones a person picks from: every IANA name the browser knows, 'UTC' first, labelled with its
 * current offset ('America/Los Angeles (GMT-8)'). `include` is kept even when the list lacks it (an
 * older name such as 'Asia/Calcutta' a browser or a company already has). Worked out once an hour.
 */
export function timeZoneOptions(include?: string, now = new Date()): TimeZoneOption[] {
  if (!cached || now.getTime() - cached.at > 3_600_000) {
    cached = {
      at: now.getTime(),
      options: timeZoneNames().map((value) => ({ value, label: timeZoneLabel(value, now) })),
    };
  }
  if (include && !cached.options.some((option) => option.value === include) && isTimeZone(include)) {
    return [...cached.options, { value: include, label: timeZoneLabel(include, now) }];
  }
  return cached.options;
}

/** 'America/Los Angeles (GMT-8)'; 'UTC' as it is. */
export function timeZoneLabel(timeZone: string, now = new Date()): string {
  if (timeZone === 'UTC') return 'UTC';
  return `${timeZone.replaceAll('_', ' ')} (${gmtOffsetOf(timeZone, now)})`;
}
