import { describe, expect, it } from 'vitest';
import { placeNewChart } from './dashboardLayout';

describe('placeNewChart', () => {
  it('fills the row beside the last chart, then starts a new row below', () => {
    expect(placeNewChart([])).toEqual({ x: 0, y: 0, w: 6, h: 7 });
    expect(placeNewChart([{ x: 0, y: 0, w: 6, h: 7 }])).toEqual({ x: 6, y: 0, w: 6, h: 7 });
    expect(
      placeNewChart([
        { x: 0, y: 0, w: 6, h: 7 },
        { x: 6, y: 0, w: 6, h: 7 },
      ]),
    ).toEqual({ x: 0, y: 7, w: 6, h: 7 });
  });

  it('uses a gap the layout left, and never overlaps', () => {
    const taken = [
      { x: 0, y: 0, w: 12, h: 3 },
      { x: 0, y: 3, w: 4, h: 10 },
      { x: 10, y: 3, w: 2, h: 2 },
    ];
    expect(placeNewChart(taken)).toEqual({ x: 4, y: 3, w: 6, h: 7 });
    expect(placeNewChart(taken, { w: 12, h: 2 })).toEqual({ x: 0, y: 13, w: 12, h: 2 });
  });
});
