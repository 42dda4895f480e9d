import { describe, expect, it } from 'vitest';
import { DRAG_SCROLL_MAX_STEP_PX, dragScrollStep, isInDropArea } from './reportDropViewport';

const viewport = { top: 100, left: 200, right: 900, bottom: 600 };

describe('grid drop area', () => {
  it('takes drops in the body only: not under the header, the drawer or outside', () => {
    expect(isInDropArea(viewport, 48, { x: 400, y: 300 })).toBe(true);
    expect(isInDropArea(viewport, 48, { x: 400, y: 120 })).toBe(false);
    expect(isInDropArea(viewport, 48, { x: 950, y: 300 })).toBe(false);
    expect(isInDropArea(viewport, 48, { x: 400, y: 650 })).toBe(false);
  });

  it('scrolls while dragging near the top or bottom of the body, faster at the edge', () => {
    expect(dragScrollStep(viewport, 48, { x: 400, y: 300 })).toBe(0);
    expect(dragScrollStep(viewport, 48, { x: 400, y: 148 })).toBe(-DRAG_SCROLL_MAX_STEP_PX);
    expect(dragScrollStep(viewport, 48, { x: 400, y: 599 })).toBeGreaterThan(0);
    expect(dragScrollStep(viewport, 48, { x: 400, y: 590 })).toBeLessThan(
      dragScrollStep(viewport, 48, { x: 400, y: 599 }),
    );
    expect(dragScrollStep(viewport, 48, { x: 950, y: 599 })).toBe(0);
  });
});
