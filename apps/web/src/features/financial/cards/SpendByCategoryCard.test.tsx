import { formatMonthLong } from '@keel/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { formatCentsCompact, formatMonthTick, formatMonthYear } from './chartFormat';
import { SpendByCategoryCard } from './SpendByCategoryCard';

describe('SpendByCategoryCard', () => {
  it("titles the legend 'Top Spending in {month}' and lists each category with its amount", () => {
    renderWithProviders(
      <SpendByCategoryCard
        spend={{
          month: '2026-11',
          categories: [
            { accountId: 'a1', name: 'Salaries', amount: 13228625 },
            { accountId: 'a2', name: 'Rent', amount: 2200000 },
            { accountId: null, name: 'Others', amount: 287693 },
          ],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Spend by Category' })).toBeInTheDocument();
    expect(screen.getByTestId('spend-legend-title')).toHaveTextContent(/^Top Spending in November 2026$/);
    const items = screen.getAllByTestId('spend-legend-item').map((item) => item.textContent);
    expect(items).toEqual(['Salaries$132,286.25', 'Rent$22,000.00', 'Others$2,876.93']);
  });

  it('says so when the month has no spending', () => {
    renderWithProviders(<SpendByCategoryCard spend={{ month: '2026-01', categories: [] }} />);
    expect(screen.getByTestId('spend-legend-title')).toHaveTextContent('Top Spending in January 2026');
    expect(screen.getByText('No spending this month')).toBeInTheDocument();
  });
});

describe('chart formats', () => {
  it('writes months and compact amounts as the cards show them', () => {
    expect(formatMonthLong('2026-11')).toBe('November 2026');
    expect(formatMonthYear('2028-03')).toBe('Mar 2028');
    expect(formatMonthTick('2025-01')).toBe('Jan 25');
    expect(formatCentsCompact(12000000)).toBe('$120K');
    expect(formatCentsCompact(-250000000)).toBe('-$2.5M');
  });
});
