import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { CookieConsentModal } from './CookieConsentModal';
import { cookieConsentStore } from './cookieConsent';

describe('CookieConsentModal', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears after one second and remembers a custom choice', async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderWithProviders(<CookieConsentModal />);
    await act(() => vi.advanceTimersByTimeAsync(900));
    expect(screen.queryByRole('button', { name: 'Accept all' })).not.toBeInTheDocument();

    await act(() => vi.advanceTimersByTimeAsync(200));
    await user.click(await screen.findByRole('button', { name: 'Let me choose' }));
    await user.click(screen.getByRole('switch', { name: /Analytics/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(cookieConsentStore.read()).toMatchObject({ analytics: true, marketing: false });
  });

  it('stays away once a choice is stored', async () => {
    cookieConsentStore.write({ analytics: false, marketing: false, decidedAt: '2026-11-22T00:00:00.000Z' });
    renderWithProviders(<CookieConsentModal />);
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(screen.queryByRole('button', { name: 'Accept all' })).not.toBeInTheDocument();
  });
});
