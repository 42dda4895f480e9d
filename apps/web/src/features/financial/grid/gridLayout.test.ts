import { describe, expect, it } from 'vitest';
import {
  centeredScrollOffset,
  ROW_HEIGHT,
  revealedScrollOffset,
  rowHeight,
  snappedScrollOffset,
  TALL_ROW_HEIGHT,
  TALL_VARIANCE_ROW_HEIGHT,
  VARIANCE_ROW_HEIGHT,
} from './gridLayout';

describe('grid layout', () => {
  it('centres a column in the area right of the sticky label column', () => {
    // Column 10 starts at 256 + 10 * 112; the viewport is 1056 wide, 800 of it beside the labels.
    const offset = centeredScrollOffset(256 + 1120, 112, 1056, 256);
    const centreOnScreen = 256 + 1120 + 56 - offset;
    expect(centreOnScreen).toBe(256 + 400);
  });

  it('does not scroll before the start', () => {
    expect(centeredScrollOffset(256, 112, 1056, 256)).toBe(0);
  });

  it('scrolls just enough to reveal an item beside the sticky part, or not at all', () => {
    // Viewport 800 wide from offset 1000: free area is content 1256..1800.
    expect(revealedScrollOffset(1300, 112, 1000, 800, 256)).toBe(1000);
    expect(revealedScrollOffset(1200, 112, 1000, 800, 256)).toBe(944);
    expect(revealedScrollOffset(1750, 112, 1000, 800, 256)).toBe(1062);
    expect(revealedScrollOffset(100, 112, 1000, 800, 256)).toBe(0);
  });

  it('gives Banks, Credit Cards and Investments taller rows', () => {
    expect(rowHeight({ name: 'Banks' })).toBe(TALL_ROW_HEIGHT);
    expect(rowHeight({ name: 'Investments' })).toBe(TALL_ROW_HEIGHT);
    expect(rowHeight({ name: 'Loans' })).toBe(ROW_HEIGHT);
  });

  it('makes every row taller while the variance line shows, the tall rows still taller', () => {
    expect(rowHeight({ name: 'Loans' }, true)).toBe(VARIANCE_ROW_HEIGHT);
    expect(rowHeight({ name: 'Banks' }, true)).toBe(TALL_VARIANCE_ROW_HEIGHT);
  });
});

describe('snappedScrollOffset', () => {
  it('moves an offset to a column boundary: nearest for a centred column, up past the right edge', () => {
    expect(snappedScrollOffset(1151, 112, 'nearest')).toBe(1120);
    expect(snappedScrollOffset(1180, 112, 'nearest')).toBe(1232);
    expect(snappedScrollOffset(1062, 112, 'up')).toBe(1120);
    expect(snappedScrollOffset(1120, 112, 'up')).toBe(1120);
    expect(snappedScrollOffset(-5, 112, 'nearest')).toBe(0);
  });
});
