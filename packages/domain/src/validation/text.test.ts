import { describe, expect, it } from 'vitest';
import { findTextProblem } from './text';

describe('storable text', () => {
  it('finds NUL characters and lone surrogates, and nothing in well-formed text', () => {
    expect(findTextProblem('Rent\u0000')).toBe('nul');
    expect(findTextProblem('a\uD800b')).toBe('lone_surrogate');
    expect(findTextProblem('\uDC00')).toBe('lone_surrogate');
    expect(findTextProblem('end\uDBFF')).toBe('lone_surrogate');
    expect(findTextProblem('Lunch \u{1F355} ünïcödé')).toBeNull();
    expect(findTextProblem('')).toBeNull();
  });
});
