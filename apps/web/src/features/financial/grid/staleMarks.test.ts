import { describe, expect, it } from 'vitest';
import { buildStaleMarks, describeStaleOutput, staleMonthsOfCell } from './staleMarks';

const tooling = {
  outputId: 'o1',
  modelId: 'm1',
  modelName: 'Ops plan',
  variableName: 'Tooling cost',
  accountId: 'tooling',
  accountName: 'Tooling',
  reason: "uses the deleted variable 'Growth'",
  months: ['2026-12', '2027-01'],
};
const accounts = new Map([
  ['expense', { ancestry: '/' }],
  ['ops', { ancestry: '/expense/' }],
  ['tooling', { ancestry: '/expense/ops/' }],
]);

describe('stale marks', () => {
  it('says which model and output cannot compute, and why, on its row and its ancestors', () => {
    expect(describeStaleOutput(tooling)).toBe(
      "Stale: model 'Ops plan' cannot compute 'Tooling cost' (uses the deleted variable 'Growth') — showing the last good figures",
    );
    const marks = buildStaleMarks([tooling], accounts);
    expect(marks.get('tooling')?.text).toBe(describeStaleOutput(tooling));
    expect(marks.get('ops')?.own).toEqual([]);
    expect(marks.get('ops')?.text).toBe(`Includes stale model output: ${describeStaleOutput(tooling)}`);
    expect(marks.has('expense')).toBe(true);
    expect(buildStaleMarks([], accounts).size).toBe(0);
  });

  it('marks only forecast months the output cannot compute, and summaries covering them', () => {
    const mark = buildStaleMarks([tooling], accounts).get('tooling');
    expect(staleMonthsOfCell(mark, { months: ['2027-01'], filter: 'forecast' }, '2026-11')).toEqual([
      '2027-01',
    ]);
    expect(staleMonthsOfCell(mark, { months: ['2027-02'], filter: 'forecast' }, '2026-11')).toEqual([]);
    expect(staleMonthsOfCell(mark, { months: ['2026-12'], filter: 'actual' }, '2026-12')).toEqual([]);
    expect(
      staleMonthsOfCell(mark, { months: ['2026-11', '2026-12', '2027-01'], filter: 'none' }, '2026-12'),
    ).toEqual(['2027-01']);
    const parent = buildStaleMarks([tooling], accounts).get('ops');
    expect(staleMonthsOfCell(parent, { months: ['2027-01'], filter: 'forecast' }, '2026-11')).toEqual([]);
  });
});
