import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ConfirmDeleteChartButton } from './ConfirmDeleteChartButton';

describe('ConfirmDeleteChartButton', () => {
  it("asks 'Confirm?' first and deletes on the second press", () => {
    const onConfirm = vi.fn();
    renderWithProviders(<ConfirmDeleteChartButton chartName="Payroll" onConfirm={onConfirm} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Payroll' }));
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Confirm delete Payroll' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete Payroll' })).toBeInTheDocument();
  });

  it('goes back to the bin on Escape or a press elsewhere', () => {
    const onConfirm = vi.fn();
    renderWithProviders(
      <div>
        <p>elsewhere</p>
        <ConfirmDeleteChartButton chartName="Payroll" onConfirm={onConfirm} />
      </div>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete Payroll' }));
    expect(screen.getByRole('button', { name: 'Confirm delete Payroll' })).toHaveTextContent('Confirm?');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.getByRole('button', { name: 'Delete Payroll' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Delete Payroll' }));
    fireEvent.mouseDown(screen.getByText('elsewhere'));
    expect(screen.getByRole('button', { name: 'Delete Payroll' })).toBeInTheDocument();
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
