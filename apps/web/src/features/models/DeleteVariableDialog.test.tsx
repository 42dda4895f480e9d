import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DeleteVariableDialog } from './DeleteVariableDialog';

describe('DeleteVariableDialog', () => {
  it('names the formulas that read the variable, and deletes only on Delete anyway', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    renderWithProviders(
      <DeleteVariableDialog
        request={{ variableName: 'Growth', usedBy: ['Tooling cost', 'Revenue'] }}
        onConfirm={onConfirm}
        onCancel={onCancel}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: "Delete 'Growth'?" });
    expect(dialog).toHaveTextContent("'Growth' is used by these formulas:");
    expect(screen.getByTestId('delete-variable-used-by')).toHaveTextContent('Tooling costRevenue');
    expect(dialog).toHaveTextContent('keeps its last good figures in the report, marked stale');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete anyway' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('is closed without a request', () => {
    renderWithProviders(<DeleteVariableDialog request={null} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
