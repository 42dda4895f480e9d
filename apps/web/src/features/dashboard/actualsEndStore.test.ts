import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardActualsEndKey } from '../../lib/storageKeys';
import { effectiveActualsEnd, useDashboardActualsEnd } from './actualsEndStore';

describe('the actuals end month of a dashboard', () => {
  it('is the current month unless an earlier one was saved', () => {
    expect(effectiveActualsEnd(null, '2026-11')).toBe('2026-11');
    expect(effectiveActualsEnd('2026-06', '2026-11')).toBe('2026-06');
    expect(effectiveActualsEnd('2027-01', '2026-11')).toBe('2026-11');
  });

  it('is saved per dashboard on this device; choosing the current month forgets it', () => {
    const { result } = renderHook(() => useDashboardActualsEnd('d1', '2026-11'));
    expect(result.current[0]).toBe('2026-11');
    act(() => result.current[1]('2026-06'));
    expect(result.current[0]).toBe('2026-06');
    expect(window.localStorage.getItem(dashboardActualsEndKey('d1'))).toBe('"2026-06"');
    expect(window.localStorage.getItem(dashboardActualsEndKey('d2'))).toBeNull();
    act(() => result.current[1]('2026-11'));
    expect(window.localStorage.getItem(dashboardActualsEndKey('d1'))).toBeNull();
  });
});
