import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RunwayCard, runwayGaugePercent } from './RunwayCard';
import type { RunwayView } from './reportSummaryQuery';

const runway = (months: number | null, label: string, cashOutMonth: string | null): RunwayView => ({
  months,
  label,
  cashOutMonth,
  method: 'runway',
  working: {
    balance: 9_000_000,
    balanceMonth: '2026-11',
    burn: null,
    burnMonths: [],
    calculation: `Cash $90,000 at the end of Nov 2026 ${cashOutMonth ? `turns negative in ${cashOutMonth}` : 'stays positive'}`,
  },

  staleModelOutputs: [],
});

function renderCard(view: RunwayView, onMethodChange = vi.fn()) {
  renderWithProviders(
    <RunwayCard runway={view} method="runway" onMethodChange={onMethodChange} currentMonth="2026-11" />,
  );
}

describe('RunwayCard', () => {
  it('shows Unlimited and Never when the cash never runs out', () => {
    renderCard(runway(null, 'Unlimited', null));
    expect(screen.getByTestId('runway-label')).toHaveTextContent('Unlimited');
    expect(screen.getByTestId('runway-cash-out')).toHaveTextContent('Never');
    expect(screen.queryByText('months')).not.toBeInTheDocument();
  });

  it("shows the server's '24+' past the cap, with the cash-out month and year", () => {
    renderCard(runway(40.2, '24+', '2030-03'));
    expect(screen.getByTestId('runway-label')).toHaveTextContent('24+');
    expect(screen.getByText('months')).toBeInTheDocument();
    expect(screen.getByTestId('runway-cash-out')).toHaveTextContent('Mar 2030');
  });

  it('shows whole months and the month the cash runs out', () => {
    renderCard(runway(7.6, '7', '2027-06'));
    expect(screen.getByTestId('runway-label')).toHaveTextContent(/^7$/);
    expect(screen.getByTestId('runway-cash-out')).toHaveTextContent('Jun 2027');
    expect(screen.getByTitle(/from Nov 2026/)).toBeInTheDocument();
  });

  it('counts a ratio method from the month its balance was read, a complete month', () => {
    const noGrowth: RunwayView = {
      months: 7.5,
      label: '7',
      cashOutMonth: '2027-06',
      method: 'runway_no_growth',
      working: {
        balance: 30_000_000,
        balanceMonth: '2026-10',
        burn: 4_000_000,
        burnMonths: ['2026-12', '2026-10'],
        calculation: 'Cash $300,000 at the end of Oct 2026 ÷ $40,000 = 7.5 months from Oct 2026',
      },
      staleModelOutputs: [],
    };
    renderWithProviders(
      <RunwayCard
        runway={noGrowth}
        method="runway_no_growth"
        onMethodChange={vi.fn()}
        currentMonth="2026-11"
      />,
    );
    expect(
      screen.getByTitle(
        "Cash over next month's expenses less the last complete month's income, from Oct 2026.",
      ),
    ).toBeInTheDocument();
  });

  it('shows its working: the calculation with the figures it used', () => {
    renderCard(runway(34, '24+', '2029-09'));
    expect(
      screen.getByText('Cash $90,000 at the end of Nov 2026 turns negative in 2029-09.'),
    ).toBeInTheDocument();
  });

  it('says when its figures include stale model output, naming the model, the output and why', () => {
    renderCard({
      ...runway(19.2, '19', '2028-06'),
      staleModelOutputs: [
        {
          outputId: 'o1',
          modelName: 'Ops plan',
          variableName: 'Tooling cost',
          accountName: 'Tooling',
          reason: "uses the deleted variable 'Growth'",
        },
      ],
    });
    const notice = screen.getByTestId('runway-stale');
    expect(notice).toHaveTextContent('Includes stale model output');
    expect(notice).toHaveAccessibleDescription(
      "Stale: model 'Ops plan' cannot compute 'Tooling cost' (uses the deleted variable 'Growth') — showing the last good figures, written to Tooling.",
    );
  });

  it('says nothing of stale output when there is none', () => {
    renderCard(runway(19.2, '19', '2028-06'));
    expect(screen.queryByTestId('runway-stale')).not.toBeInTheDocument();
  });

  it('fills the gauge by the share of 24 months, full when Unlimited or past the cap', () => {
    expect(runwayGaugePercent(null)).toBe(100);
    expect(runwayGaugePercent(30)).toBe(100);
    expect(runwayGaugePercent(6)).toBe(25);
    expect(runwayGaugePercent(-2)).toBe(0);
  });

  it('offers the four methods by name and reports the one picked', async () => {
    const user = userEvent.setup();
    const onMethodChange = vi.fn();
    renderCard(runway(null, 'Unlimited', null), onMethodChange);
    const picker = screen.getByRole('combobox', { name: 'Runway method' });
    expect(picker).toHaveValue('Forecast runway');
    await user.click(picker);
    const options = screen.getAllByRole('option', { hidden: true }).map((o) => o.textContent);
    expect(options).toEqual([
      'Forecast runway',
      'Startup runway',
      'Startup runway, 3-month burn',
      'No-growth runway',
    ]);
    fireEvent.click(screen.getByRole('option', { name: 'No-growth runway', hidden: true }));
    expect(onMethodChange).toHaveBeenCalledWith('runway_no_growth');
  });
});
