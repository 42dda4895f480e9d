import { describe, expect, it } from 'vitest';
import { formatCount } from './formatCount';

describe('formatCount', () => {
  it('puts the noun in the singular for exactly one, else the plural', () => {
    expect(formatCount(1, 'hire')).toBe('1 hire');
    expect(formatCount(0, 'hire')).toBe('0 hires');
    expect(formatCount(2, 'position')).toBe('2 positions');
    expect(formatCount(1, 'person', 'people')).toBe('1 person');
    expect(formatCount(1200, 'person', 'people')).toBe('1,200 people');
  });
});
