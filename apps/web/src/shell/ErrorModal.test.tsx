import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/renderWithProviders';
import { ErrorModal } from './ErrorModal';
import { showErrorModal } from './errorModalStore';

describe('ErrorModal', () => {
  it('shows an unexpected error with its title and message, and closes on Okay', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ErrorModal />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => showErrorModal({ title: 'Upload failed', message: 'The file is too large.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload failed' });
    expect(dialog).toHaveTextContent('The file is too large.');
    expect(screen.getByRole('button', { name: 'Back' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Okay' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
