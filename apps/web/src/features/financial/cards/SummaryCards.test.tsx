import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '../../../lib/storageKeys';
import { theme } from '../../../theme';
import { REPORT_SUMMARY_QUERY, type ReportSummaryVariables } from './reportSummaryQuery';
import { runwayMethodStore } from './runwayMethodStore';
import { SUMMARY_CARD_TITLES, SummaryCards, summaryCardWidths } from './SummaryCards';

const range = { startMonth: '2026-09', actualsEndMonth: '2026-11', endMonth: '2027-01' };
const variables = (method: ReportSummaryVariables['method']): ReportSummaryVariables => ({
  entityId: 'e1',
  reportId: 'r1',
  ...range,
  method,
});

const summary = {
  __typename: 'ReportSummary',
  startingBalance: ['2026-09', '2026-10', '2026-11', '2026-12', '2027-01'].map((month, i) => ({
    __typename: 'StartingBalance',
    month,
    actual: month <= '2026-12' ? 100000 * (i + 1) : null,
    forecast: month >= '2026-12' ? 100000 * (i + 1) : null,
  })),
  incomeVsExpense: ['2026-09', '2026-10', '2026-11', '2026-12', '2027-01'].map((month) => ({
    __typename: 'IncomeVsExpense',
    month,
    income: 50000,
    expense: 40000,
    scenario: month <= '2026-11' ? 'actual' : 'forecast',
  })),
  runway: {
    __typename: 'Runway',
    months: 15.4,
    label: '15',
    cashOutMonth: '2028-02',
    method: 'startup_runway',
    working: {
      __typename: 'RunwayWorking',
      balance: 100_000_000,
      balanceMonth: '2026-12',
      burn: 6_500_000,
      burnMonths: ['2026-11'],
      calculation:
        'Cash $1,000,000 at the end of Dec 2026 ÷ $65,000 net burn in Nov 2026 = 15.4 months, cash out Feb 2028',
    },
    staleModelOutputs: [],
  },
  spendByCategory: {
    __typename: 'SpendByCategory',
    month: '2026-11',
    categories: [{ __typename: 'SpendCategory', accountId: 'a1', name: 'Salaries', amount: 40000 }],
  },
};

function renderCards(mocks: ComponentProps<typeof MockedProvider>['mocks']) {
  return render(
    <MantineProvider theme={theme} env="test">
      <MockedProvider mocks={mocks}>
        <SummaryCards entityId="e1" reportId="r1" range={range} currentMonth="2026-11" />
      </MockedProvider>
    </MantineProvider>,
  );
}

describe('SummaryCards', () => {
  // Expanded unless a test collapses them (jsdom's window is short, which would collapse them).
  beforeEach(() => window.localStorage.setItem(STORAGE_KEYS.summaryCardsCollapsed, 'false'));

  it('shows the four cards from one ReportSummary query, with the stored runway method', async () => {
    runwayMethodStore.write('startup_runway');
    renderCards([
      {
        request: { query: REPORT_SUMMARY_QUERY, variables: variables('startup_runway') },
        result: { data: { report: { __typename: 'ReportView', id: 'r1', summary } } },
      },
    ]);
    expect(screen.getAllByTestId('summary-card')).toHaveLength(4);
    expect(await screen.findByTestId('runway-label')).toHaveTextContent('15');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      ...SUMMARY_CARD_TITLES,
    ]);
    expect(screen.getByTestId('runway-cash-out')).toHaveTextContent('Feb 2028');
    expect(screen.getByTestId('spend-legend-title')).toHaveTextContent('Top Spending in November 2026');
    expect(screen.getByTestId('starting-balance-latest')).toHaveTextContent('$4,000.00');
  });

  it("shows 'Error' in the cards area when the query fails", async () => {
    renderCards([
      {
        request: { query: REPORT_SUMMARY_QUERY, variables: variables('runway') },
        error: new Error('Network down'),
      },
    ]);
    expect(await screen.findByTestId('summary-cards-error')).toHaveTextContent('Error');
    expect(screen.queryAllByTestId('summary-card')).toHaveLength(0);
  });

  it('collapses to one line of key figures, and the choice is kept', async () => {
    window.localStorage.setItem(STORAGE_KEYS.summaryCardsCollapsed, 'true');
    renderCards([
      {
        request: { query: REPORT_SUMMARY_QUERY, variables: variables('runway') },
        result: { data: { report: { __typename: 'ReportView', id: 'r1', summary } } },
      },
    ]);
    const figures = await screen.findAllByTestId('summary-key-figure');
    expect(figures.map((figure) => figure.getAttribute('aria-label'))).toEqual([...SUMMARY_CARD_TITLES]);
    expect(figures[0]).toHaveTextContent('$4,000.00');
    expect(figures[2]).toHaveTextContent('15 months');
    expect(screen.queryAllByTestId('summary-card')).toHaveLength(0);
    screen.getByRole('button', { name: 'Expand summary cards' }).click();
    expect(await screen.findAllByTestId('summary-card')).toHaveLength(4);
    expect(window.localStorage.getItem(STORAGE_KEYS.summaryCardsCollapsed)).toBe('false');
  });
});

describe('summaryCardWidths', () => {
  it('gives each card its narrowest width plus an equal share of a wide row, up to 420 px', () => {
    // 1440×900: about 1,100 px; the four at their narrowest take 968 and three gaps 36.
    expect(summaryCardWidths(1100)).toEqual([256, 256, 280, 272]);
    expect(summaryCardWidths(2400)).toEqual([420, 420, 420, 420]);
  });

  it('keeps the narrowest widths on a narrow row, which then scrolls instead of wrapping', () => {
    // 1280×720 with the sidebar open leaves about 945 px: the four need 1,004.
    expect(summaryCardWidths(945)).toEqual([232, 232, 256, 248]);
    expect(summaryCardWidths(500)).toEqual([232, 232, 256, 248]);
  });
});
