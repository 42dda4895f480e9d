import { describe, expect, it } from 'vitest';
import { moveGridPosition } from './gridKeyboard';

describe('grid keyboard moves', () => {
  it('moves up and down within the rows, keeping the column', () => {
    expect(moveGridPosition('ArrowDown', { rowIndex: 2, columnIndex: 3 }, 5, 10)).toEqual({
      rowIndex: 3,
      columnIndex: 3,
    });
    expect(moveGridPosition('ArrowDown', { rowIndex: 4, columnIndex: 3 }, 5, 10)?.rowIndex).toBe(4);
    expect(moveGridPosition('ArrowUp', { rowIndex: 0, columnIndex: null }, 5, 10)?.rowIndex).toBe(0);
  });

  it('enters the first column from the label and returns to it from the first column', () => {
    expect(moveGridPosition('ArrowRight', { rowIndex: 1, columnIndex: null }, 5, 10)?.columnIndex).toBe(0);
    expect(moveGridPosition('ArrowRight', { rowIndex: 1, columnIndex: 9 }, 5, 10)?.columnIndex).toBe(9);
    expect(moveGridPosition('ArrowLeft', { rowIndex: 1, columnIndex: 0 }, 5, 10)?.columnIndex).toBeNull();
  });

  it('starts at the first row when nothing is selected, and ignores other keys', () => {
    expect(moveGridPosition('ArrowDown', null, 5, 10)).toEqual({ rowIndex: 0, columnIndex: null });
    expect(moveGridPosition('a', { rowIndex: 0, columnIndex: 0 }, 5, 10)).toBeNull();
    expect(moveGridPosition('ArrowDown', null, 0, 10)).toBeNull();
  });
});
