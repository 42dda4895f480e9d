import { dayIn } from '@keel/domain';

/**
 * How the banking screens write days and times. A day ('YYYY-MM-DD') is a calendar day and is written as
 * it is; an instant is written in the company's time zone, with its abbreviation ('4:00 PM EST'), since
 * the people of a company read the bank's cut-offs in their own time.
 */

const weekdayDay = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'short',
  month: 'short',
  day: 'numeric',
});

/** '2026-12-01' -> 'Tue, Dec 1'. */
export function formatWeekday(day: string): string {
  return weekdayDay.format(new Date(`${day}T00:00:00Z`));
}

/** An instant's time in `timeZone` with the zone's abbreviation: '4:00 PM EST', '1:00 PM PST'. */
export function formatTimeIn(timeZone: string, at: string | Date): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(at));
}

/** 'Mon, Nov 30 at 4:00 PM EST': an instant's day and time in `timeZone`. */
export function formatDayTimeIn(timeZone: string, at: string | Date): string {
  const instant = new Date(at);
  return `${formatWeekday(dayIn(timeZone, instant))} at ${formatTimeIn(timeZone, instant)}`;
}

/**
 * When figures were last brought up to date, as a person says it: 'just now', '2 min ago', '3 h ago',
 * and the day and time in `timeZone` once it is a day old or more (or in the future: a skewed clock).
 */
export function describeAge(timeZone: string, at: string, now: Date): string {
  const minutes = Math.floor((now.getTime() - new Date(at).getTime()) / 60_000);
  if (minutes < 0 || minutes >= 24 * 60) return formatDayTimeIn(timeZone, at);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  return `${Math.floor(minutes / 60)} h ago`;
}
