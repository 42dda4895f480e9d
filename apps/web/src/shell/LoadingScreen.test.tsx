import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LOADING_ANIMATION_INTERVAL_MS } from '../lib/timers';
import { renderWithProviders } from '../test/renderWithProviders';
import { LoadingScreen } from './LoadingScreen';

const barHeights = () =>
  Array.from(screen.getByRole('img', { name: /logo/ }).querySelectorAll('rect'))
    .slice(1)
    .map((bar) => bar.getAttribute('height'));

describe('LoadingScreen', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('re-randomises the logo bars every 2 seconds', () => {
    const random = vi.spyOn(Math, 'random');
    random.mockReturnValue(0);
    renderWithProviders(<LoadingScreen />);
    const first = barHeights();

    random.mockReturnValue(1);
    act(() => vi.advanceTimersByTime(LOADING_ANIMATION_INTERVAL_MS - 1));
    expect(barHeights()).toEqual(first);
    act(() => vi.advanceTimersByTime(1));
    expect(barHeights()).not.toEqual(first);
    random.mockRestore();
  });
});
