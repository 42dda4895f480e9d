import { describe, expect, it } from 'vitest';
import { cellDragItem, parentAccountIdsOf } from './cellDragItem';
import { forecastEditOutcome, forecastEditText, isForecastCellEditable } from './forecastCellEdit';

const parents = parentAccountIdsOf([{ parentId: null }, { parentId: 'exp' }, { parentId: 'pay' }]);
const march = { months: ['2026-03'], short: 'Mar 26', period: 'month' as const, key: '2026-03' };
const account = (over: Partial<Parameters<typeof cellDragItem>[0]> = {}) => ({
  accountId: 'sal',
  isFinancial: false,
  isLeaf: false,
  itemType: 'Account' as const,
  name: 'Salaries',
  ...over,
});

describe('cell drag items', () => {
  it('drags a leaf account cell as monthly over the column months', () => {
    expect(cellDragItem(account(), march, 123_456, '2026-11', parents)).toEqual({
      kind: 'monthly',
      sourceAccountId: 'sal',
      months: ['2026-03'],
      actualsEndMonth: '2026-11',
      label: 'Salaries · Mar 26 · $1,234.56',
    });
  });

  it("drags a parent's row as its subtree, and its own-figures row as monthly", () => {
    expect(cellDragItem(account({ accountId: 'pay' }), march, 0, '2026-11', parents)?.kind).toBe(
      'monthlySubtree',
    );
    expect(
      cellDragItem(account({ accountId: 'pay', isLeaf: true }), march, 0, '2026-11', parents)?.kind,
    ).toBe('monthly');
  });

  it('does not drag financial, section or expression cells', () => {
    expect(cellDragItem(account({ isFinancial: true }), march, 0, '2026-11', parents)).toBeNull();
    expect(
      cellDragItem(account({ accountId: null, itemType: 'Expression' }), march, 0, '2026-11', parents),
    ).toBeNull();
  });
});

describe('inline forecast edit', () => {
  it('edits only forecast month cells of account rows', () => {
    expect(isForecastCellEditable(account(), { period: 'month', key: '2026-12' }, '2026-11')).toBe(true);
    expect(isForecastCellEditable(account(), { period: 'month', key: '2026-11' }, '2026-11')).toBe(false);
    expect(isForecastCellEditable(account(), { period: 'year', key: 'fy-2027' }, '2026-11')).toBe(false);
    expect(
      isForecastCellEditable(account({ isFinancial: true }), { period: 'month', key: '2027-01' }, '2026-11'),
    ).toBe(false);
  });

  it('forecasts the difference between the typed and the shown figure, in raw units', () => {
    expect(forecastEditOutcome('1500', '1235', 123_456, 1)).toEqual({ kind: 'forecast', amount: 265.44 });
    // Income shows credits positive (sign -1): raising the figure is a credit.
    expect(forecastEditOutcome('2,000', '1000', 100_000, -1)).toEqual({ kind: 'forecast', amount: -1000 });
  });

  it('changes nothing when the text is left as it started or equals the figure', () => {
    expect(forecastEditOutcome('1235', '1235', 123_456, 1)).toEqual({ kind: 'unchanged' });
    expect(forecastEditOutcome('1000.00', '999', 100_000, 1)).toEqual({ kind: 'unchanged' });
  });

  it('starts the editor on the exact figure, cents included', () => {
    expect(forecastEditText(204_685)).toBe('2046.85');
    expect(forecastEditText(120_000)).toBe('1200');
    expect(forecastEditText(-5)).toBe('-0.05');
    expect(forecastEditText(-123_450)).toBe('-1234.50');
    // Set to a figure and back: the two changes cancel to the cent.
    const up = forecastEditOutcome('3000', forecastEditText(204_685), 204_685, 1);
    const down = forecastEditOutcome('2046.85', '3000', 300_000, 1);
    expect(up).toEqual({ kind: 'forecast', amount: 953.15 });
    expect(down).toEqual({ kind: 'forecast', amount: -953.15 });
  });

  it('refuses text that is not an amount', () => {
    expect(forecastEditOutcome('abc', '0', 0, 1)).toMatchObject({ kind: 'invalid' });
  });
});
