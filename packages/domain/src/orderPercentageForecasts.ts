/** A percentage forecast as its ordering sees it: the account it books on and the line it reads. */
export type PercentageLink = { id: string; accountId: string; sourceAccountId: string };

/** An account of the chart: a line's figure is the account's own entries and its sub-accounts'. */
export type ChartLink = { id: string; parentId: string | null };

/** The order percentage forecasts are computed in, and those that cannot be (in or after a loop). */
export type PercentageOrder = { ordered: string[]; looped: string[] };

/**
 * The order to compute percentage forecasts in: each after every forecast its source line contains.
 * A forecast reads its source line's figure, which includes whatever is booked on the source account
 * or below it; so forecast F waits for forecast G when G's account is the source account or one of its
 * sub-accounts. A forecast whose account is in its own source line reads itself; one that waits for
 * itself through others is in a loop. Those, and any waiting on them, are `looped` (never computed);
 * the rest come in an order where each follows what it reads (Kahn's algorithm, ties in input order).
 */
export function orderPercentageForecasts(
  forecasts: readonly PercentageLink[],
  chart: readonly ChartLink[],
): PercentageOrder {
  const parentOf = new Map(chart.map((account) => [account.id, account.parentId]));
  const isWithin = (accountId: string, lineId: string) => {
    let current: string | null | undefined = accountId;
    for (let depth = 0; current && depth <= chart.length; depth++) {
      if (current === lineId) return true;
      current = parentOf.get(current);
    }
    return false;
  };
  const waitsFor = new Map<string, string[]>(forecasts.map((f) => [f.id, []]));
  const waiting = new Map<string, string[]>(forecasts.map((f) => [f.id, []]));
  for (const reader of forecasts) {
    for (const written of forecasts) {
      if (!isWithin(written.accountId, reader.sourceAccountId)) continue;
      waitsFor.get(reader.id)?.push(written.id);
      waiting.get(written.id)?.push(reader.id);
    }
  }
  const remaining = new Map(forecasts.map((f) => [f.id, waitsFor.get(f.id)?.length ?? 0]));
  const ready = forecasts.filter((f) => remaining.get(f.id) === 0).map((f) => f.id);
  const ordered: string[] = [];
  while (ready.length > 0) {
    const id = ready.shift() as string;
    ordered.push(id);
    for (const reader of waiting.get(id) ?? []) {
      const left = (remaining.get(reader) ?? 0) - 1;
      remaining.set(reader, left);
      if (left === 0) ready.push(reader);
    }
  }
  const done = new Set(ordered);
  return { ordered, looped: forecasts.map((f) => f.id).filter((id) => !done.has(id)) };
}
