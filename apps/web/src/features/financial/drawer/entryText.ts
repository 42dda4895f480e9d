import { MONTH_SHORT_NAMES } from '@keel/domain';

/** What an entry is called: its name, else its memo, else 'No description' (spec §2). */
export function describeEntry(entry: { name: string; memo: string }): string {
  return entry.name.trim() || entry.memo.trim() || 'No description';
}

/** '2026-11-22' -> 'Nov 22, 2026' (calendar dates, no time zone involved). */
export function formatEntryDate(isoDate: string): string {
  const [year, month, day] = isoDate.slice(0, 10).split('-');
  const short = MONTH_SHORT_NAMES[Number(month) - 1];
  if (!year || !short || !day) return isoDate;
  return `${short} ${Number(day)}, ${year}`;
}
