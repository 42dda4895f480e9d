import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResetEmailButton } from './ResetEmailButton';
import { renderSecurity } from './security.testkit';

const EMAIL = 'taylor@example.test';

/** The next fetch answers when `release` is called, with `status`. */
function holdFetch(status: number) {
  let release: () => void = () => undefined;
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    await answered;
    return new Response(JSON.stringify(status === 200 ? { message: 'ok' } : { detail: 'Nope' }), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { fetchMock, release: () => release() };
}

const button = () => screen.getByRole('button', { name: 'Send password reset email' });

afterEach(() => vi.restoreAllMocks());

describe('ResetEmailButton', () => {
  it('goes from initial to loading to success, naming the email', async () => {
    const { fetchMock, release } = holdFetch(200);
    renderSecurity(<ResetEmailButton email={EMAIL} />);
    expect(button()).toBeEnabled();

    fireEvent.click(button());
    await waitFor(() => expect(button()).toHaveAttribute('data-loading', 'true'));
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/v1/auth/password/new',
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ email: EMAIL }) }),
    );

    release();
    expect(
      await screen.findByText(`An email with instructions has been sent to ${EMAIL}`),
    ).toBeInTheDocument();
    expect(button()).toBeDisabled();
  });

  it('shows a dismissible error when the request fails', async () => {
    const { release } = holdFetch(500);
    renderSecurity(<ResetEmailButton email={EMAIL} />);
    fireEvent.click(button());
    release();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(button()).toBeEnabled();
  });
});
