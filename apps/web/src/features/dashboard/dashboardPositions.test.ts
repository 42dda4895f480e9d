import { describe, expect, it } from 'vitest';
import { changedPositions, gridItemsOf, positionsOfCharts, positionsOfLayout } from './dashboardPositions';

describe('positionsOfCharts', () => {
  it("keeps each chart's stored place and puts a chart without one on the grid's first free spot", () => {
    const stored = [
      { id: 'a', x: 0, y: 0, w: 6, h: 7 },
      { id: 'gone', x: 6, y: 0, w: 6, h: 7 },
    ];
    expect(positionsOfCharts(['a', 'b'], stored)).toEqual([
      { id: 'a', x: 0, y: 0, w: 6, h: 7 },
      { id: 'b', x: 6, y: 0, w: 6, h: 7 },
    ]);
  });
});

describe('gridItemsOf', () => {
  it('gives every chart the minimum size 2 x 2 and the tallest 24 rows', () => {
    expect(gridItemsOf([{ id: 'a', x: 0, y: 0, w: 6, h: 7 }])).toEqual([
      { id: 'a', i: 'a', x: 0, y: 0, w: 6, h: 7, minW: 2, minH: 2, maxH: 24 },
    ]);
  });
});

describe('positionsOfLayout', () => {
  it("reads the grid's layout in the charts' order, whole units inside the 12 columns", () => {
    const layout = [
      { i: 'b', x: 11, y: 3.4, w: 3, h: 30 },
      { i: 'a', x: -1, y: -2, w: 1, h: 1 },
      { i: 'stray', x: 0, y: 0, w: 2, h: 2 },
    ];
    expect(positionsOfLayout(layout, ['a', 'b', 'missing'])).toEqual([
      { id: 'a', x: 0, y: 0, w: 2, h: 2 },
      { id: 'b', x: 9, y: 3, w: 3, h: 24 },
    ]);
  });
});

describe('changedPositions', () => {
  const stored = [
    { id: 'a', x: 0, y: 0, w: 6, h: 7 },
    { id: 'b', x: 6, y: 0, w: 6, h: 7 },
  ];

  it('is empty when nothing moved', () => {
    expect(
      changedPositions(
        stored,
        stored.map((position) => ({ ...position })),
      ),
    ).toEqual([]);
  });

  it('lists the charts moved or resized, and charts that had no stored place', () => {
    const current = [
      { id: 'a', x: 0, y: 7, w: 6, h: 7 },
      { id: 'b', x: 6, y: 0, w: 6, h: 8 },
      { id: 'c', x: 0, y: 0, w: 6, h: 7 },
    ];
    expect(changedPositions(stored, current).map((position) => position.id)).toEqual(['a', 'b', 'c']);
  });
});
