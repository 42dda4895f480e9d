import { describe, expect, it } from 'vitest';
import { readReturnPath, withReturnPath } from './returnPath';

describe('the return path of sign-in', () => {
  it('returns to /apply, and nowhere a link could choose', () => {
    expect(readReturnPath(new URLSearchParams('next=%2Fapply'))).toBe('/apply');
    for (const next of ['https://evil.test/apply', '//evil.test', '/financial', '/apply/../x', '']) {
      expect(readReturnPath(new URLSearchParams({ next }))).toBeNull();
    }
    expect(readReturnPath(new URLSearchParams())).toBeNull();
  });

  it('adds ?next= to a page only when there is somewhere to return to', () => {
    expect(withReturnPath('/login', '/apply')).toBe('/login?next=%2Fapply');
    expect(withReturnPath('/signup', null)).toBe('/signup');
  });
});
