import { ApolloLink } from '@apollo/client';
import { MockedProvider } from '@apollo/client/testing/react';
import { DndContext } from '@dnd-kit/core';
import { MantineProvider } from '@mantine/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Observable, of } from 'rxjs';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../theme';
import type { ReportAccountView, ReportColumnView, ReportLineItemView, ReportViewData } from '../reportQuery';
import { ReportDrawer } from './ReportDrawer';

const CURRENT_MONTH = '2026-11';

function monthColumn(key: string): ReportColumnView {
  const title = key < CURRENT_MONTH ? 'Past' : key === CURRENT_MONTH ? 'Current' : 'Future';
  return {
    key,
    title,
    short: key,
    period: 'month',
    filter: 'none',
    months: [key],
    month: null,
    year: null,
    border: false,
  };
}

const YEAR_COLUMN: ReportColumnView = {
  key: 'fy-2026',
  title: 'Forecast',
  short: 'FY 2026',
  period: 'year',
  filter: 'forecast',
  months: ['2026-10', '2026-11', '2026-12'],
  month: null,
  year: 2026,
  border: true,
};

function account(id: string, name: string, path: string, ancestry: string): ReportAccountView {
  return {
    id,
    name,
    path,
    ancestry,
    parentId: ancestry.split('/').filter(Boolean).at(-1) ?? null,
    accountGroup: null,
    accountType: 'Expense',
    isMutable: true,
    shownWhenEmpty: false,
    sign: 1,
    sortOrder: 0,
    refType: null,
  };
}

const ACCOUNTS = [
  account('banks', 'Banks', 'Banks', '/'),
  account('expense', 'Expense', 'Expense', '/'),
  account('software', 'Software', 'Expense/Software', '/expense/'),
  account('saas', 'SaaS Subscriptions', 'Expense/Software/SaaS Subscriptions', '/expense/software/'),
];

function row(overrides: Partial<ReportLineItemView>): ReportLineItemView {
  return {
    id: 'row',
    itemId: 'row',
    lineItemId: 'line',
    accountId: null,
    name: 'Row',
    depth: 0,
    parentId: null,
    ancestry: '/',
    itemType: 'Account',
    isFinancial: false,
    isLeaf: false,
    isMutable: true,
    cumulative: false,
    sign: 1,
    columnValues: [],
    ...overrides,
  };
}

const SAAS_ROW = row({ id: 'saas-row', accountId: 'saas', name: 'SaaS Subscriptions', depth: 2 });
const SOFTWARE_ROW = row({ id: 'software-row', accountId: 'software', name: 'Software', depth: 1 });
const SECTION_ROW = row({ id: 'section-row', name: 'Net Income', itemType: 'Section' });

const REPORT: ReportViewData = {
  id: 'report',
  name: 'Financial Report',
  startMonth: '2025-01',
  actualsEndMonth: CURRENT_MONTH,
  endMonth: '2028-03',
  currentMonth: CURRENT_MONTH,
  columns: [monthColumn('2026-10'), monthColumn('2026-11'), monthColumn('2026-12'), YEAR_COLUMN],
  lineItems: [SOFTWARE_ROW, SAAS_ROW, SECTION_ROW],
  accounts: ACCOUNTS,
  staleModelOutputs: [],
};

const ENTRY = {
  __typename: 'Entry',
  id: 'entry-1',
  accountId: 'saas',
  amount: 4999,
  date: '2026-10-05',
  name: 'Figma',
  memo: 'Design seats',
  scenario: 'actual',
  isEditable: false,
  transactionId: 'tx-1',
  transactionType: 'Imported',
  account: { __typename: 'Account', id: 'saas', name: 'SaaS Subscriptions' },
  refTransaction: null,
};

type Operation = { operationName: string; variables: Record<string, unknown> };

/** Answers every ReportEntries with one imported entry, and records what was asked. */
function entriesLink(operations: Operation[]) {
  return new ApolloLink((operation) => {
    operations.push({ operationName: operation.operationName ?? '', variables: operation.variables });
    if (operation.operationName === 'CreateUserTransaction') {
      return of({ data: { createUserTransaction: { __typename: 'Entry', id: 'new-entry' } } });
    }
    if (operation.operationName === 'CreateForecast') {
      return of({ data: { createForecast: { __typename: 'Forecast', id: 'new-forecast' } } });
    }
    return of({
      data: {
        reportEntries: {
          __typename: 'ReportEntries',
          reportItem: {
            __typename: 'ReportEntriesItem',
            accountId: 'saas',
            name: 'SaaS Subscriptions',
            sign: 1,
          },
          entries: {
            __typename: 'EntryConnection',
            totalCount: 1,
            totalAmount: 4999,
            pageInfo: { __typename: 'EntryPageInfo', hasNextPage: false, endCursor: null },
            edges: [{ __typename: 'EntryEdge', cursor: 'c1', node: ENTRY }],
          },
        },
      },
    });
  });
}

/** `around` may put a link of the test's own before entriesLink (to hold an answer, say). */
function renderDrawer(
  selected: ReportLineItemView,
  column: ReportColumnView | null,
  around: (answered: ApolloLink) => ApolloLink = (answered) => answered,
) {
  const operations: Operation[] = [];
  const accountsById = new Map(ACCOUNTS.map((item) => [item.id, item]));
  const link = around(entriesLink(operations));
  // Rendered whole each time (providers included) so that rerender only changes the selection.
  const ui = (nextRow: ReportLineItemView, nextColumn: ReportColumnView | null) => (
    <MantineProvider theme={theme} env="test">
      <MockedProvider link={link}>
        <DndContext>
          <ReportDrawer
            entityId="entity"
            report={REPORT}
            accountsById={accountsById}
            row={nextRow}
            column={nextColumn}
            currentMonth={CURRENT_MONTH}
            onClose={() => undefined}
          />
        </DndContext>
      </MockedProvider>
    </MantineProvider>
  );
  const view = render(ui(selected, column));
  return {
    operations,
    user: userEvent.setup(),
    drawer: () => screen.getByTestId('report-drawer'),
    select: (nextRow: ReportLineItemView, nextColumn: ReportColumnView | null) =>
      view.rerender(ui(nextRow, nextColumn)),
  };
}

/** What a Mantine Select labelled `label` shows. */
function selectValue(label: string): string | undefined {
  const id = screen.getByText(label).getAttribute('for') ?? '';
  return (document.getElementById(id) as HTMLInputElement | null)?.value;
}

describe('ReportDrawer', () => {
  it('lists the row’s entries with the summary and only View History for imported entries', async () => {
    const { user, operations } = renderDrawer(SAAS_ROW, monthColumn('2026-10'));
    const entry = await screen.findByTestId('drawer-entry');
    expect(entry).toHaveAttribute('data-entry-id', 'entry-1');
    expect(entry).toHaveTextContent('Figma');
    expect(entry).toHaveTextContent('$49.99');
    expect(screen.getByTestId('drawer-summary')).toHaveTextContent('1 entry');
    expect(screen.getByTestId('drawer-summary')).toHaveTextContent('$49.99');
    expect(screen.getByPlaceholderText('Search entries')).toBeInTheDocument();
    const asked = operations.find((operation) => operation.operationName === 'ReportEntries');
    expect(asked?.variables).toMatchObject({
      accountId: 'saas',
      accountIds: null,
      startDate: '2026-10-01',
      endDate: '2026-10-31',
      actualsEndDate: '2026-11-30',
    });
    await user.click(within(entry).getByRole('button', { name: 'Actions for Figma' }));
    expect(await screen.findByRole('menuitem', { name: 'View History' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).toBeNull();
  });

  it('holds an entry’s actions while the list shown is the cache’s and the server is asked again', async () => {
    // The month shown again after another: its cached entries may name what an edit replaced since.
    const pending: (() => void)[] = [];
    let asked = 0;
    const { select } = renderDrawer(
      SAAS_ROW,
      monthColumn('2026-10'),
      (answered) =>
        new ApolloLink((operation, forward) => {
          if (operation.operationName !== 'ReportEntries') return answered.request(operation, forward)!;
          asked += 1;
          if (asked < 3) return answered.request(operation, forward)!;
          return new Observable((observer) => {
            pending.push(() => {
              answered.request(operation, forward)?.subscribe(observer);
            });
          });
        }),
    );
    const actions = () =>
      within(screen.getByTestId('drawer-entry')).getByRole('button', { name: 'Actions for Figma' });
    await waitFor(() => expect(actions()).toBeEnabled());
    select(SAAS_ROW, monthColumn('2026-09'));
    await waitFor(() => expect(asked).toBe(2));
    await waitFor(() => expect(actions()).toBeEnabled());
    select(SAAS_ROW, monthColumn('2026-10'));
    await waitFor(() => expect(asked).toBe(3));
    expect(actions()).toBeDisabled();
    for (const release of pending) release();
    await waitFor(() => expect(actions()).toBeEnabled());
  });

  it('asks a parent row’s entries with every sub-account, over the report range with no column', async () => {
    const { operations } = renderDrawer(SOFTWARE_ROW, null);
    await screen.findByTestId('drawer-entry');
    const asked = operations.find((operation) => operation.operationName === 'ReportEntries');
    expect(asked?.variables).toMatchObject({
      accountId: 'software',
      accountIds: ['saas'],
      startDate: '2025-01-01',
      endDate: '2028-03-31',
    });
  });

  it('opens the Entry form for a past month and for the current month', async () => {
    const { user, select } = renderDrawer(SAAS_ROW, monthColumn('2026-10'));
    await user.click(screen.getByRole('button', { name: 'New entry' }));
    expect(screen.getByRole('heading', { name: 'New Entry' })).toBeInTheDocument();
    expect(screen.getByLabelText('Date')).toHaveValue('2026-10-31');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();

    select(SAAS_ROW, monthColumn(CURRENT_MONTH));
    expect(screen.queryByRole('heading', { name: 'New Entry' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'New entry' }));
    expect(screen.getByRole('heading', { name: 'New Entry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'New Forecast' })).toBeNull();
  });

  it('opens the Forecast form for a future month, starting in that month', async () => {
    const { user } = renderDrawer(SAAS_ROW, monthColumn('2026-12'));
    await user.click(screen.getByRole('button', { name: 'New entry' }));
    expect(screen.getByRole('heading', { name: 'New Forecast' })).toBeInTheDocument();
    expect(selectValue('Start month')).toBe('December');
    expect(selectValue('Start year')).toBe('2026');
    expect(selectValue('Recurrence')).toBe('Monthly');
  });

  it('offers Entry or Forecast when no single month is selected', async () => {
    const { user } = renderDrawer(SAAS_ROW, YEAR_COLUMN);
    await user.click(screen.getByRole('button', { name: 'New entry' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Forecast' }));
    expect(screen.getByRole('heading', { name: 'New Forecast' })).toBeInTheDocument();
  });

  it('closes an open form when another row or column is selected', async () => {
    const { user, select } = renderDrawer(SAAS_ROW, monthColumn('2026-12'));
    await user.click(screen.getByRole('button', { name: 'New entry' }));
    expect(screen.getByRole('heading', { name: 'New Forecast' })).toBeInTheDocument();
    select(SAAS_ROW, monthColumn('2026-10'));
    expect(screen.queryByRole('heading', { name: 'New Forecast' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'New Entry' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New entry' }));
    expect(screen.getByRole('heading', { name: 'New Entry' })).toBeInTheDocument();
    select(SOFTWARE_ROW, monthColumn('2026-10'));
    expect(screen.queryByRole('heading', { name: 'New Entry' })).toBeNull();
  });

  it('disables new entries on a section row and explains it has no entries', () => {
    const { drawer } = renderDrawer(SECTION_ROW, monthColumn('2026-10'));
    expect(within(drawer()).getByRole('heading', { name: 'Net Income' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New entry' })).toBeDisabled();
    expect(screen.getByTestId('drawer-computed-line')).toHaveTextContent('has no entries of its own');
  });

  it('books the figure typed as the row shows it: a credit row sends negated cents against Banks', async () => {
    const income = row({ id: 'income-row', accountId: 'saas', name: 'Consulting', sign: -1 });
    const { user, operations } = renderDrawer(income, monthColumn('2026-10'));
    await user.click(screen.getByRole('button', { name: 'New entry' }));
    await user.type(screen.getByLabelText('Name'), 'Workshop');
    await user.type(screen.getByLabelText('Amount'), '1,250.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'New Entry' })).toBeNull());
    const created = operations.find((operation) => operation.operationName === 'CreateUserTransaction');
    expect(created?.variables).toMatchObject({
      accountId: 'saas',
      againstId: 'banks',
      amount: -125050,
      date: '2026-10-31',
      name: 'Workshop',
    });
  });

  it('sends a forecast in whole units with the sign typed, from the selected month, monthly', async () => {
    const { user, operations } = renderDrawer(SAAS_ROW, monthColumn('2026-12'));
    await user.click(screen.getByRole('button', { name: 'New entry' }));
    await user.type(screen.getByLabelText('Amount'), '-12.5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'New Forecast' })).toBeNull());
    const created = operations.find((operation) => operation.operationName === 'CreateForecast');
    expect(created?.variables).toMatchObject({
      accountId: 'saas',
      againstId: 'banks',
      amount: -12.5,
      calculationType: 'fixed',
      averageMonths: null,
      date: '2026-12',
      recurring: 'monthly',
    });
  });

  it('shows the rule chip once a search is typed', async () => {
    const { user, operations } = renderDrawer(SAAS_ROW, monthColumn('2026-10'));
    expect(screen.queryByText('Drag to create a rule')).toBeNull();
    await user.type(screen.getByPlaceholderText('Search entries'), 'FIG');
    expect(await screen.findByText('Drag to create a rule')).toBeInTheDocument();
    await waitFor(() =>
      expect(operations.some((operation) => operation.variables.search === 'FIG')).toBe(true),
    );
  });
});
