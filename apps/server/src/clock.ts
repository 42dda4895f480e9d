/** The one source of 'now' and 'today'. Tests and the demo fix it; production reads the system time. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock pinned to a calendar day (YYYY-MM-DD) that still advances within the day, so expiries work. */
export function fixedDayClock(day: string): Clock {
  const start = Date.now();
  const base = Date.parse(`${day}T12:00:00.000Z`);
  if (Number.isNaN(base)) throw new Error(`Invalid day: ${day}`);
  return { now: () => new Date(base + (Date.now() - start)) };
}

/** A clock that moves only when told to: for tests of expiry. */
export type ManualClock = Clock & { set(at: Date): void; advance(ms: number): void };

export function manualClock(at: Date): ManualClock {
  let current = at.getTime();
  return {
    now: () => new Date(current),
    set: (next) => {
      current = next.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
