/** Calendar days ('YYYY-MM-DD', UTC) as the QuickBooks sandbox counts them. */

const DAY_MS = 86_400_000;

export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);

export const monthOf = (day: string) => day.slice(0, 7);

export const previousMonth = (day: string) => monthOf(addDays(`${monthOf(day)}-01`, -1));

export function lastDayOfMonth(day: string): number {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 0 for Sunday to 6 for Saturday. */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00.000Z`).getUTCDay();
