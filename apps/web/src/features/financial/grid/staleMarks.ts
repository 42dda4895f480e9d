import type { ReportAccountView, ReportColumnView, StaleModelOutputView } from '../reportQuery';

/**
 * What the grid marks on an account's row when a model output writing it (or an account below it)
 * cannot compute some months: the row shows the output's last good figures, never a silent
 * zero, and says so.
 */
export type StaleMark = {
  /** Stale outputs writing this account itself. */
  own: readonly StaleModelOutputView[];
  /** Stale outputs writing an account below it: a collapsed parent still says its total includes them. */
  below: readonly StaleModelOutputView[];
  /** The months the own outputs cannot compute (they show the last good figures). */
  months: ReadonlySet<string>;
  /** The row marker's text (its tooltip and accessible name). */
  text: string;
};

/** "Stale: model 'Ops' cannot compute 'Tooling cost' (uses the deleted variable 'Growth') — showing the last good figures". */
export function describeStaleOutput(output: StaleModelOutputView): string {
  return `Stale: model '${output.modelName}' cannot compute '${output.variableName}' (${output.reason}) — showing the last good figures`;
}

/**
 * The marks by account id: each stale output marks its account (own) and every ancestor of it (below),
 * so a collapsed tree still shows that its figures include stale model output.
 */
export function buildStaleMarks(
  stale: readonly StaleModelOutputView[],
  accountsById: ReadonlyMap<string, Pick<ReportAccountView, 'ancestry'>>,
): Map<string, StaleMark> {
  const own = new Map<string, StaleModelOutputView[]>();
  const below = new Map<string, StaleModelOutputView[]>();
  const push = (map: Map<string, StaleModelOutputView[]>, id: string, output: StaleModelOutputView) =>
    map.set(id, [...(map.get(id) ?? []), output]);
  for (const output of stale) {
    push(own, output.accountId, output);
    const ancestry = accountsById.get(output.accountId)?.ancestry ?? '/';
    for (const id of ancestry.split('/').filter(Boolean)) push(below, id, output);
  }
  const marks = new Map<string, StaleMark>();
  for (const id of new Set([...own.keys(), ...below.keys()])) {
    const mine = own.get(id) ?? [];
    const under = below.get(id) ?? [];
    const text =
      mine.length > 0
        ? mine.map(describeStaleOutput).join('; ')
        : `Includes stale model output: ${under.map(describeStaleOutput).join('; ')}`;
    marks.set(id, {
      own: mine,
      below: under,
      months: new Set(mine.flatMap((output) => output.months)),
      text,
    });
  }
  return marks;
}

/**
 * The stale months a cell of an own-marked row shows (forecast months only: actuals are what happened),
 * or none. A summary column (a year, the total) counts when it covers one.
 */
export function staleMonthsOfCell(
  mark: StaleMark | undefined,
  column: Pick<ReportColumnView, 'months' | 'filter'>,
  actualsEndMonth: string,
): string[] {
  if (!mark || mark.own.length === 0 || column.filter === 'actual' || column.filter === 'ytd') return [];
  return column.months.filter((month) => month > actualsEndMonth && mark.months.has(month));
}
