import { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { of } from 'rxjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EntityContext, type EntityContextValue } from '../../../shell/EntityContext';
import { theme } from '../../../theme';
import type { ReportAccountView, ReportColumnView, ReportLineItemView, ReportViewData } from '../reportQuery';
import { useReportSelection } from '../reportSelection';
import { ReportDndProvider } from './ReportDndProvider';
import { ReportGrid } from './ReportGrid';

const column = (key: string, title: string, short: string): ReportColumnView => ({
  key,
  title,
  short,
  period: 'month',
  filter: title === 'Future' ? 'forecast' : 'actual',
  months: [key],
  month: Number(key.slice(5)),
  year: Number(key.slice(0, 4)),
  border: false,
});
const COLUMNS = [
  column('2026-10', 'Past', 'Oct 26'),
  column('2026-11', 'Current', 'Nov 26'),
  column('2026-12', 'Future', 'Dec 26'),
];

const account = (id: string, name: string, path: string, parentId: string | null): ReportAccountView => ({
  id,
  name,
  path,
  parentId,
  ancestry: parentId ? `/${parentId}/` : '/',
  accountGroup: null,
  accountType: 'Expense',
  isMutable: parentId !== null,
  shownWhenEmpty: false,
  sign: 1,
  sortOrder: 0,
  refType: null,
});
const ACCOUNTS = [
  account('inc', 'Income', 'Income', null),
  account('rev', 'Revenue', 'Income/Revenue', 'inc'),
  account('exp', 'Expense', 'Expense', null),
  account('rent', 'Rent', 'Expense/Rent', 'exp'),
];

const line = (
  id: string,
  name: string,
  over: Partial<ReportLineItemView> & Pick<ReportLineItemView, 'columnValues'>,
): ReportLineItemView => ({
  id,
  name,
  itemId: id,
  lineItemId: id,
  accountId: null,
  depth: 0,
  parentId: null,
  ancestry: '/',
  itemType: 'Account',
  isFinancial: false,
  isLeaf: false,
  isMutable: false,
  cumulative: false,
  sign: 1,
  ...over,
});
const LINES = [
  line('L1', 'Income', {
    accountId: 'inc',
    itemType: 'AccountTree',
    sign: -1,
    columnValues: [500_00, 600_00, 0],
  }),
  line('L1:rev', 'Revenue', {
    accountId: 'rev',
    depth: 1,
    parentId: 'L1',
    ancestry: '/L1/',
    isMutable: true,
    sign: -1,
    columnValues: [500_00, 600_00, 0],
  }),
  line('L2', 'Expense', { accountId: 'exp', itemType: 'AccountTree', columnValues: [1_234_56, 200_00, 0] }),
  line('L2:rent', 'Rent', {
    accountId: 'rent',
    depth: 1,
    parentId: 'L2',
    ancestry: '/L2/',
    isMutable: true,
    columnValues: [1_234_56, 200_00, 0],
  }),
  line('L3', 'Net Income', { itemType: 'Expression', isFinancial: true, columnValues: [-734_56, 400_00, 0] }),
];
const REPORT: ReportViewData = {
  id: 'report',
  name: 'Financial Report',
  startMonth: '2026-10',
  actualsEndMonth: '2026-11',
  endMonth: '2026-12',
  currentMonth: '2026-11',
  columns: COLUMNS,
  lineItems: LINES,
  accounts: ACCOUNTS,
  staleModelOutputs: [],
};

/** The Report Plans answer: plans for Oct and Nov (through the actuals end), none for Dec. */
const PLANS = {
  __typename: 'ReportView',
  id: 'report',
  columns: COLUMNS.map((item) => ({ __typename: 'ReportColumn', key: item.key })),
  lineItems: LINES.map((item) => ({
    __typename: 'ReportLineItem',
    id: item.id,
    columnValues: item.columnValues,
    planValues: {
      L1: [0, 600_00, null],
      'L1:rev': [400_00, 600_00, null],
      L2: [1_200_00, 0, null],
      'L2:rent': [1_200_00, 0, null],
      L3: [-800_00, 600_00, null],
    }[item.id] ?? [null, null, null],
    defaultSign: item.sign,
    expr: item.itemType === 'Expression' ? 'Income - Expense' : null,
  })),
};

const ENTITY = { entity: { id: 'entity', name: 'Acme' } } as unknown as EntityContextValue;

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function Page({ report = REPORT }: { report?: ReportViewData }) {
  const controls = useReportSelection();
  const accountsById = new Map(ACCOUNTS.map((item) => [item.id, item]));
  return (
    <ReportDndProvider report={report} accountsById={accountsById}>
      <ReportGrid
        report={report}
        accountsById={accountsById}
        controls={controls}
        selectedRow={undefined}
        selectedColumn={undefined}
        refreshing={false}
      />
      <LocationProbe />
    </ReportDndProvider>
  );
}

function renderGrid(route = '/financial', report = REPORT) {
  const operations: string[] = [];
  const link = new ApolloLink((operation) => {
    operations.push(operation.operationName ?? '');
    if (operation.operationName === 'UpdateAccount')
      return of({ data: null, errors: [{ message: 'Account cannot be renamed' }] });
    if (operation.operationName === 'ReportPlans') return of({ data: { report: PLANS } });
    return of({ data: null });
  });
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider link={link}>
        <EntityContext.Provider value={ENTITY}>
          <MemoryRouter initialEntries={[route]}>
            <Page report={report} />
          </MemoryRouter>
        </EntityContext.Provider>
      </MockedProvider>
    </MantineProvider>,
  );
  const grid = screen.getByRole('treegrid', { name: 'Financial Report' });
  const row = (key: string) => grid.querySelector<HTMLElement>(`[data-row-key="${key}"]`);
  return {
    grid,
    row,
    operations,
    user: userEvent.setup(),
    location: () => screen.getByTestId('location').textContent,
  };
}

describe('ReportGrid', () => {
  // jsdom lays nothing out: give every element a size so the virtualisers see a viewport.
  const sizes = ['clientWidth', 'clientHeight', 'offsetWidth', 'offsetHeight'] as const;
  const originals = sizes.map((name) => Object.getOwnPropertyDescriptor(HTMLElement.prototype, name));
  beforeAll(() => {
    for (const name of sizes)
      Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => 800 });
  });
  afterAll(() => {
    sizes.forEach((name, index) => {
      const original = originals[index];
      if (original) Object.defineProperty(HTMLElement.prototype, name, original);
    });
  });

  it('shows titles over short labels, figures as dollars, the Expense tree open and Income closed', () => {
    const { grid, row } = renderGrid();
    const headers = within(grid).getAllByTestId('report-column-header');
    expect(headers.map((header) => header.textContent)).toEqual([
      'PastOct 26',
      'CurrentNov 26',
      'FutureDec 26',
    ]);
    expect(row('Expense')).toHaveAttribute('aria-expanded', 'true');
    expect(row('Expense/Rent')).not.toBeNull();
    expect(row('Income')).toHaveAttribute('aria-expanded', 'false');
    expect(row('Income/Revenue')).toBeNull();
    const rent = within(row('Expense/Rent') as HTMLElement).getAllByTestId('report-cell');
    expect(rent.map((cell) => cell.textContent)).toEqual(['$1,234.56', '$200.00', '$0.00']);
    expect(within(row('Net Income') as HTMLElement).getAllByTestId('report-cell')[0]).toHaveTextContent(
      '-$734.56',
    );
  });

  it('expands a row from its toggle and selects rows, cells and columns in the URL', async () => {
    const { grid, row, user, location } = renderGrid();
    await user.click(within(grid).getByRole('button', { name: 'Expand Income' }));
    expect(row('Income/Revenue')).not.toBeNull();
    expect(row('Income/Revenue')).toHaveAttribute('aria-level', '2');

    await user.click(within(row('Expense/Rent') as HTMLElement).getByRole('rowheader'));
    expect(location()).toBe('?account=Expense%2FRent');
    expect(row('Expense/Rent')).toHaveAttribute('aria-selected', 'true');

    const cell = within(row('Income/Revenue') as HTMLElement).getAllByTestId('report-cell')[1] as HTMLElement;
    await user.click(cell);
    expect(location()).toBe('?account=Income%2FRevenue&month=2026-11&type=actual');
    expect(cell).toHaveAttribute('aria-selected', 'true');

    await user.click(within(grid).getAllByTestId('report-column-header')[2] as HTMLElement);
    expect(location()).toBe('?account=Income%2FRevenue&month=2026-12&type=forecast');
  });

  it('opens the selected row from a link with expand=true and then drops expand', () => {
    const { row, location } = renderGrid('/financial?account=Income%2FRevenue&month=2026-10&expand=true');
    expect(row('Income/Revenue')).toHaveAttribute('aria-selected', 'true');
    expect(row('Income')).toHaveAttribute('aria-expanded', 'true');
    expect(location()).toBe('?account=Income%2FRevenue&month=2026-10');
  });

  it('offers rename and delete only on mutable accounts, and no menu on expressions', async () => {
    const { grid, row, user } = renderGrid();
    expect(
      within(row('Net Income') as HTMLElement).queryByRole('button', { name: /Account menu/ }),
    ).toBeNull();
    await user.click(within(grid).getByRole('button', { name: 'Account menu for Expense' }));
    expect(await screen.findByRole('menuitem', { name: 'Add Sub-Account' })).toBeVisible();
    expect(screen.queryByRole('menuitem', { name: 'Rename Account' })).toBeNull();
    await user.keyboard('{Escape}');
    await user.click(within(grid).getByRole('button', { name: 'Account menu for Rent' }));
    expect(await screen.findByRole('menuitem', { name: 'Rename Account' })).toBeVisible();
    expect(screen.getByRole('menuitem', { name: 'Delete Account' })).toBeVisible();
  });

  it('renames inline, and says so when the server refuses, leaving the name', async () => {
    const { grid, row, user, operations } = renderGrid();
    await user.click(within(grid).getByRole('button', { name: 'Account menu for Rent' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Rename Account' }));
    const input = within(row('Expense/Rent') as HTMLElement).getByRole('textbox', {
      name: 'New name for Rent',
    });
    await user.clear(input);
    expect(
      within(row('Expense/Rent') as HTMLElement).getByRole('button', { name: 'Save name' }),
    ).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(operations).not.toContain('UpdateAccount');
    await user.type(input, 'Office Rent{Enter}');
    expect(await screen.findByText('Could not rename the account')).toBeVisible();
    expect(screen.getByText('Account cannot be renamed')).toBeVisible();
    expect(operations).toContain('UpdateAccount');
    expect(within(row('Expense/Rent') as HTMLElement).getByRole('rowheader')).toHaveTextContent('Rent');
  });

  it('edits only forecast month cells in place, showing whole units', async () => {
    const { row, user } = renderGrid();
    const cell = (key: string) =>
      row('Expense/Rent')?.querySelector<HTMLElement>(`[data-column-key="${key}"]`) as HTMLElement;
    await user.dblClick(cell('2026-10'));
    expect(within(cell('2026-10')).queryByRole('textbox')).toBeNull();
    await user.dblClick(cell('2026-12'));
    const input = within(cell('2026-12')).getByRole('textbox', { name: 'Forecast for Rent in Dec 26' });
    expect(input).toHaveValue('0');
    await user.keyboard('{Escape}');
    expect(within(cell('2026-12')).queryByRole('textbox')).toBeNull();
    expect(cell('2026-12')).toHaveTextContent('$0.00');
  });

  it('shows actual − plan under the past months with the Variance option, coloured for the row', async () => {
    const { grid, row, user, operations } = renderGrid();
    expect(operations).not.toContain('ReportPlans');
    await user.click(within(grid).getByRole('button', { name: 'Column options' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Variance' }));
    await user.keyboard('{Escape}');
    expect(operations).toContain('ReportPlans');
    expect(
      within(grid)
        .getAllByTestId('report-column-header')
        .map((header) => header.textContent),
    ).toEqual(['Past vs planOct 26', 'CurrentNov 26', 'FutureDec 26']);
    const cell = (key: string, column: string) =>
      row(key)?.querySelector<HTMLElement>(`[data-column-key="${column}"]`) as HTMLElement;
    const rent = await within(cell('Expense/Rent', '2026-10')).findByTestId('report-cell-variance');
    // Rent $1,234.56 against $1,200.00: an expense above plan is worse.
    expect(rent).toHaveTextContent('+$35 (+2.9%)');
    expect(rent).toHaveAttribute('data-tone', 'bad');
    expect(cell('Expense/Rent', '2026-10')).toHaveAttribute(
      'title',
      'Plan $1,200.00 · Actual $1,234.56 · Difference +$34.56 (+2.9%): above plan, worse',
    );
    // Income $500 against a plan of 0: the amount, no percent; better. Net Income -$734.56 against -$800 too.
    const income = within(cell('Income', '2026-10')).getByTestId('report-cell-variance');
    expect(income).toHaveTextContent(/^\+\$500$/);
    expect(income).toHaveAttribute('data-tone', 'good');
    expect(within(cell('Net Income', '2026-10')).getByTestId('report-cell-variance')).toHaveAttribute(
      'data-tone',
      'good',
    );
    // The month under way (planned by the server, but not over) and the forecast months: no variance.
    expect(within(cell('Expense/Rent', '2026-11')).queryByTestId('report-cell-variance')).toBeNull();
    expect(within(cell('Expense/Rent', '2026-12')).queryByTestId('report-cell-variance')).toBeNull();
    expect(cell('Expense/Rent', '2026-10').firstElementChild).toHaveTextContent('$1,234.56');
    expect(screen.getByTestId('variance-legend')).toHaveTextContent('Better than plan');

    await user.click(within(grid).getByRole('button', { name: 'Column options' }));
    await user.click(await screen.findByRole('menuitemcheckbox', { name: 'Variance' }));
    expect(within(grid).queryAllByTestId('report-cell-variance')).toHaveLength(0);
    expect(screen.getByTestId('variance-legend')).toBeEmptyDOMElement();
  });
  it('marks a stale model output on its row, its parent and its forecast months, saying why', () => {
    const stale = {
      outputId: 'o1',
      modelId: 'm1',
      modelName: 'Ops plan',
      variableName: 'Rent cost',
      accountId: 'rent',
      accountName: 'Rent',
      reason: "uses the deleted variable 'Growth'",
      months: ['2026-11', '2026-12'],
    };
    // December keeps the $300.00 the output last wrote.
    const lineItems = REPORT.lineItems.map((item) =>
      item.id === 'L2:rent'
        ? { ...item, columnValues: [item.columnValues[0] ?? 0, item.columnValues[1] ?? 0, 300_00] }
        : item,
    );
    const { row } = renderGrid('/financial', { ...REPORT, lineItems, staleModelOutputs: [stale] });
    const why =
      "Stale: model 'Ops plan' cannot compute 'Rent cost' (uses the deleted variable 'Growth') — showing the last good figures";
    const rent = row('Expense/Rent') as HTMLElement;
    expect(rent).toHaveAttribute('data-stale', 'own');
    expect(within(rent).getByRole('img', { name: why })).toBeInTheDocument();
    const cells = within(rent).getAllByTestId('report-cell');
    // Only the forecast month: November is an actual month, whatever the model says of it.
    expect(cells.map((cell) => cell.getAttribute('data-stale'))).toEqual([null, null, 'true']);
    expect(cells[2]).toHaveAttribute('title', `${why} (December 2026)`);
    expect(cells[2]).toHaveTextContent(why);
    const expense = row('Expense') as HTMLElement;
    expect(expense).toHaveAttribute('data-stale', 'below');
    expect(
      within(expense).getByRole('img', { name: `Includes stale model output: ${why}` }),
    ).toBeInTheDocument();
    expect(row('Income')).not.toHaveAttribute('data-stale');
  });
});
