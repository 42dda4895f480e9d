import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DashboardToolbar, type DashboardToolbarProps } from './DashboardToolbar';

function renderToolbar(props: Partial<DashboardToolbarProps>) {
  const handlers = { onAdd: vi.fn(), onEdit: vi.fn(), onSave: vi.fn(), onCancel: vi.fn() };
  renderWithProviders(
    <DashboardToolbar
      startMonth="2025-01"
      endMonth="2028-03"
      actualsEndMonth="2026-11"
      currentMonth="2026-11"
      canEdit
      canAdd
      editing={false}
      saving={false}
      refreshing={false}
      onRangeChange={vi.fn()}
      onActualsEndChange={vi.fn()}
      {...handlers}
      {...props}
    />,
  );
  return handlers;
}

describe('DashboardToolbar', () => {
  it('shows the time period and the actuals end month to everyone', () => {
    renderToolbar({ canEdit: false });
    expect(screen.getByRole('button', { name: 'Select Time Period' })).toHaveTextContent(
      'Jan 2025 – Mar 2028',
    );
    expect(screen.getByRole('button', { name: 'Actuals End Month' })).toHaveTextContent('Nov 2026');
  });

  it('gives people without bookkeeping rights neither Edit nor Add', () => {
    renderToolbar({ canEdit: false, canAdd: true });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('shows Add only with the custom-charts flag on', () => {
    renderToolbar({ canAdd: false });
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });

  it('toggles Edit to Save (with Cancel) in edit mode', () => {
    const view = renderToolbar({});
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(view.onEdit).toHaveBeenCalled();
  });

  it('saves or cancels in edit mode', () => {
    const handlers = renderToolbar({ editing: true });
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(handlers.onSave).toHaveBeenCalledTimes(1);
    expect(handlers.onCancel).toHaveBeenCalledTimes(1);
  });
});
