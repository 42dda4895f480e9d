import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { DashboardEmptyState, type DashboardEmptyStateProps } from './DashboardEmptyState';

function renderEmpty(props: Partial<DashboardEmptyStateProps>) {
  renderWithProviders(
    <DashboardEmptyState
      canEdit
      customCharts={false}
      canSetFlags={false}
      reportName="Financial Report"
      {...props}
    />,
  );
  return screen.getByTestId('dashboard-empty');
}

describe('DashboardEmptyState', () => {
  it('tells a person without the flag that adding charts needs it, and whom to ask', () => {
    const empty = renderEmpty({});
    expect(empty).toHaveTextContent('This dashboard has no charts yet.');
    expect(empty).toHaveTextContent(
      "Adding charts needs the 'Custom charts' feature flag, which is off for you.",
    );
    expect(empty).toHaveTextContent('Ask Keel support to turn it on');
    expect(screen.queryByRole('button', { name: 'Open Feature Flags' })).toBeNull();
  });

  it('lets staff turn the flag on from the empty dashboard', () => {
    const empty = renderEmpty({ canSetFlags: true });
    expect(empty).toHaveTextContent('Turn it on in Feature Flags');
    fireEvent.click(screen.getByRole('button', { name: 'Open Feature Flags' }));
    expect(screen.getByRole('switch', { name: 'Custom charts' })).toBeInTheDocument();
  });

  it('says how to add a chart with the flag on', () => {
    expect(renderEmpty({ customCharts: true })).toHaveTextContent(
      'Add one with Add, above: a chart plots lines of the Financial Report.',
    );
  });

  it('tells a person who may not edit who can add charts', () => {
    expect(renderEmpty({ canEdit: false })).toHaveTextContent(
      'Someone with bookkeeping rights on this company can add charts.',
    );
  });
});
