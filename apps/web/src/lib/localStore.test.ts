import { describe, expect, it } from 'vitest';
import { clearStoredAppState } from './localStore';
import { dashboardActualsEndKey, STORAGE_KEYS } from './storageKeys';

describe('clearStoredAppState', () => {
  it('removes the token and app state but keeps navOpen and the cookie choice', () => {
    for (const key of Object.values(STORAGE_KEYS)) window.localStorage.setItem(key, '"x"');
    window.localStorage.setItem(dashboardActualsEndKey('d1'), '"2026-10"');
    window.localStorage.setItem('someone-elses-key', '1');

    clearStoredAppState();

    expect(Object.keys(window.localStorage).sort()).toEqual(
      [STORAGE_KEYS.cookieConsent, STORAGE_KEYS.navOpen, 'someone-elses-key'].sort(),
    );
  });
});
