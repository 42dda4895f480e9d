import { describe, expect, it } from 'vitest';
import { FILE_TOKEN_REFRESH_MARGIN_MS, holdFileToken, isFileTokenFresh } from './fileTokenFreshness';

describe('file token freshness', () => {
  it("counts the token's life from its arrival, by the browser's clock", () => {
    expect(holdFileToken('t', 300, 1_000_000)).toEqual({ token: 't', expiresAtMs: 1_300_000 });
  });

  it('needs replacing once a minute or less is left', () => {
    const held = holdFileToken('t', 300, 0);
    expect(isFileTokenFresh(held, 0)).toBe(true);
    expect(isFileTokenFresh(held, 300_000 - FILE_TOKEN_REFRESH_MARGIN_MS - 1)).toBe(true);
    expect(isFileTokenFresh(held, 300_000 - FILE_TOKEN_REFRESH_MARGIN_MS)).toBe(false);
    expect(isFileTokenFresh(held, 400_000)).toBe(false);
    // A token that lives less than the margin is never used as it is.
    expect(isFileTokenFresh(holdFileToken('t', 30, 0), 0)).toBe(false);
  });
});
