import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { EntityContext, type EntityContextValue } from '../../shell/EntityContext';
import { theme } from '../../theme';
import { HiringPlanPage } from './HiringPlanPage';
import { HIRING_ACCOUNTS_QUERY, HIRING_PLAN_QUERY } from './hiringQueries';

const department = (id: string, name: string, depth: number, parentId: string | null) => ({
  __typename: 'Department' as const,
  id,
  name,
  parentId,
  ancestry: parentId ? `/${parentId}/` : '/',
  position: 0,
  depth,
  isTopLevel: depth === 0,
});

const position = (id: string, kind: 'employee' | 'contractor', pay: Record<string, number | null>) => ({
  __typename: 'JobPosition' as const,
  id,
  departmentId: 'd2',
  position: 0,
  jobTitleId: 't1',
  employeeId: kind === 'employee' ? 'p1' : null,
  quantity: kind === 'employee' ? 1 : 2,
  salary: null,
  rate: null,
  hours: null,
  ...pay,
  startDate: '2026-01',
  endDate: null,
  kind,
});

const plan = {
  __typename: 'HiringPlan' as const,
  entityId: 'e1',
  departments: [department('d1', 'Acme Robotics', 0, null), department('d2', 'Engineering', 1, 'd1')],
  employees: [{ __typename: 'Employee' as const, id: 'p1', name: 'Ada Lovelace', positionsCount: 1 }],
  jobTitles: [
    {
      __typename: 'JobTitle' as const,
      id: 't1',
      name: 'Engineer',
      defaultSalary: 150000,
      defaultBonus: null,
      hiresCount: 3,
    },
  ],
  jobPositions: [
    position('j1', 'employee', { salary: 150000 }),
    position('j2', 'contractor', { rate: 85, hours: 160 }),
  ],
  settings: {
    __typename: 'HiringSettings' as const,
    entityId: 'e1',
    employerTaxPercent: 7.65,
    benefitsPercent: 0,
    salariesAccount: { __typename: 'Account' as const, id: 'a1', name: 'Salaries' },
    contractorsAccount: null,
    taxesAccount: null,
    benefitsAccount: null,
  },
};

const context = (viewerRole: string) =>
  ({
    entity: { id: 'e1', name: 'Acme Robotics', viewerRole },
    today: '2026-11-25',
  }) as unknown as EntityContextValue;

function renderPage(viewerRole = 'owner', hiringPlan = plan) {
  const mocks = [
    {
      request: { query: HIRING_PLAN_QUERY, variables: { entityId: 'e1' } },
      result: { data: { hiringPlan } },
    },
    {
      request: { query: HIRING_ACCOUNTS_QUERY, variables: { entityId: 'e1', month: '2026-11' } },
      result: { data: { report: { __typename: 'ReportView' as const, accounts: [] } } },
    },
  ];
  return render(
    <MantineProvider theme={theme} env="test">
      <MockedProvider mocks={mocks}>
        <EntityContext.Provider value={context(viewerRole)}>
          <MemoryRouter>
            <HiringPlanPage />
          </MemoryRouter>
        </EntityContext.Provider>
      </MockedProvider>
    </MantineProvider>,
  );
}

describe('HiringPlanPage', () => {
  it('shows departments with their positions, pay and monthly cost', async () => {
    renderPage();
    expect(await screen.findByText('Engineering')).toBeInTheDocument();
    const rows = screen.getAllByTestId('position-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(rows[0] as HTMLElement).getByText('$12,500.00')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('Open role')).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText('$85.00/h × 160 h')).toBeInTheDocument();
  });

  it('filters to contractors', async () => {
    renderPage();
    await screen.findByText('Engineering');
    fireEvent.click(screen.getByText('Contractors'));
    expect(screen.getAllByTestId('position-row')).toHaveLength(1);
  });

  it('opens one add row at a time, its Save waiting for a role', async () => {
    renderPage();
    await screen.findByText('Engineering');
    const addButtons = screen.getAllByRole('button', { name: '+ Position' });
    fireEvent.click(addButtons[0] as HTMLElement);
    fireEvent.click(addButtons[1] as HTMLElement);
    const rows = screen.getAllByTestId('position-add-row');
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Save' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('offers to create a role only for a new name', async () => {
    renderPage();
    await screen.findByText('Engineering');
    fireEvent.click(screen.getAllByRole('button', { name: '+ Position' })[1] as HTMLElement);
    const role = screen.getByRole('textbox', { name: 'Role' });
    fireEvent.change(role, { target: { value: 'engineer' } });
    expect(screen.queryByText(/\+ Create/)).not.toBeInTheDocument();
    fireEvent.change(role, { target: { value: 'Designer' } });
    expect(await screen.findByText("+ Create 'Designer'")).toBeInTheDocument();
  });

  it('opens Hiring Plan Settings from the header', async () => {
    renderPage();
    await screen.findByText('Engineering');
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hiring Plan Settings' });
    for (const tab of ['Costs', 'Employees', 'Roles']) {
      expect(within(dialog).getByRole('tab', { name: tab })).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('textbox', { name: 'Employer tax percent' })).toHaveValue('7.65%');
  });

  it('totals headcount and monthly cost per department and for the company, as filtered', async () => {
    renderPage();
    await screen.findByText('Engineering');
    const departments = screen.getAllByTestId('department-row');
    // Ada (1 × $150,000 / 12) and two contractors (2 × $85 × 160 h), all active in Nov 2026.
    for (const row of [departments[1], departments[0], screen.getByTestId('hiring-company-total')]) {
      expect(within(row as HTMLElement).getByTestId(/headcount$/)).toHaveTextContent('3');
      expect(within(row as HTMLElement).getByTestId(/monthly-cost$/)).toHaveTextContent('$39,700.00');
    }
    expect(screen.getByTestId('hiring-company-total')).toHaveTextContent('Positions active in Nov 2026');
    fireEvent.click(screen.getByText('Contractors'));
    const total = screen.getByTestId('hiring-company-total');
    expect(total).toHaveTextContent('Company total (contractors)');
    expect(within(total).getByTestId('company-headcount')).toHaveTextContent('2');
    expect(within(total).getByTestId('company-monthly-cost')).toHaveTextContent('$27,200.00');
  });

  it('leaves out of the totals a position that has not started, and says so', async () => {
    renderPage('owner', {
      ...plan,
      jobPositions: [
        ...plan.jobPositions,
        { ...position('j3', 'employee', { salary: 90000 }), startDate: '2027-03' },
      ],
    });
    await screen.findByText('Engineering');
    const headcount = within(screen.getByTestId('hiring-company-total')).getByTestId('company-headcount');
    expect(headcount).toHaveTextContent('3');
    fireEvent.mouseEnter(headcount);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      'Company total: 3 people in 2 positions active in Nov 2026, costing $39,700.00 that month. ' +
        '1 position not started yet or already ended is not counted.',
    );
  });

  it('says 1 hire and 1 position, not 1 hires', async () => {
    renderPage('owner', {
      ...plan,
      jobTitles: [{ ...(plan.jobTitles[0] as (typeof plan.jobTitles)[number]), hiresCount: 1 }],
    });
    await screen.findByText('Engineering');
    fireEvent.click(screen.getByRole('button', { name: 'Roles & Employees' }));
    const drawer = await screen.findByRole('dialog', { name: 'Roles & Employees' });
    expect(within(drawer).getByText('1 hire')).toBeInTheDocument();
    fireEvent.click(within(drawer).getByRole('tab', { name: 'Employees' }));
    expect(await within(drawer).findByText('1 position')).toBeInTheDocument();
  });

  it('shows no controls to a read-only role', async () => {
    renderPage('card_only');
    await screen.findByText('Engineering');
    expect(screen.queryByRole('button', { name: '+ Position' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
  });
});
