import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EntityContext, type EntityContextValue } from '../../shell/EntityContext';
import { theme } from '../../theme';
import { HiringSettingsModal } from './HiringSettingsModal';
import {
  DELETE_EMPLOYEE_MUTATION,
  HIRING_ACCOUNTS_QUERY,
  type HiringPlanData,
  UPDATE_HIRING_SETTINGS_MUTATION,
  UPDATE_JOB_TITLE_MUTATION,
} from './hiringQueries';
import { useHiringPlanMutations } from './useHiringPlanMutations';

const account = (id: string, name: string) => ({ __typename: 'Account' as const, id, name });

const plan = {
  __typename: 'HiringPlan',
  entityId: 'e1',
  departments: [],
  employees: [
    { __typename: 'Employee', id: 'p1', name: 'Ada Lovelace', positionsCount: 1 },
    { __typename: 'Employee', id: 'p2', name: 'Grace Hopper', positionsCount: 0 },
  ],
  jobTitles: [
    {
      __typename: 'JobTitle',
      id: 't1',
      name: 'Engineer',
      defaultSalary: 150000,
      defaultBonus: null,
      hiresCount: 3,
    },
  ],
  jobPositions: [
    {
      __typename: 'JobPosition',
      id: 'j1',
      departmentId: 'd1',
      position: 0,
      jobTitleId: 't1',
      employeeId: 'p1',
      quantity: 1,
      salary: 120000,
      rate: null,
      hours: null,
      startDate: '2026-01',
      endDate: null,
      kind: 'employee',
    },
  ],
  settings: {
    __typename: 'HiringSettings',
    entityId: 'e1',
    employerTaxPercent: 7.65,
    benefitsPercent: 5,
    salariesAccount: account('a1', 'Salaries'),
    contractorsAccount: account('a2', 'Contractors'),
    taxesAccount: account('a3', 'Payroll Taxes'),
    benefitsAccount: null,
  },
} as unknown as HiringPlanData;

const reportAccount = (id: string, path: string, accountGroup: string | null = null) => ({
  __typename: 'ReportAccount' as const,
  id,
  name: path.split('/').at(-1),
  path,
  accountGroup,
});

const accountsMock: MockLink.MockedResponse = {
  request: { query: HIRING_ACCOUNTS_QUERY, variables: { entityId: 'e1', month: '2026-11' } },
  result: {
    data: {
      report: {
        __typename: 'ReportView',
        accounts: [
          reportAccount('b1', 'Banks/Checking', 'Banks'),
          reportAccount('a1', 'Expense/Payroll/Salaries'),
          reportAccount('a2', 'Expense/Payroll/Contractors'),
          reportAccount('a3', 'Expense/Payroll/Payroll Taxes'),
          reportAccount('a4', 'Expense/Payroll/Benefits'),
        ],
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
};

const context = (viewerRole: string) =>
  ({
    entity: { id: 'e1', name: 'Acme Robotics', viewerRole },
    today: '2026-11-22',
  }) as unknown as EntityContextValue;

function Harness({ canEdit }: { canEdit: boolean }) {
  const actions = useHiringPlanMutations();
  return (
    <HiringSettingsModal
      opened
      onClose={() => undefined}
      plan={plan}
      canEdit={canEdit}
      currentMonth="2026-11"
      actions={actions}
    />
  );
}

function renderModal(mocks: MockLink.MockedResponse[] = [], canEdit = true) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <MockedProvider mocks={[accountsMock, ...mocks]}>
        <EntityContext.Provider value={context(canEdit ? 'owner' : 'card_only')}>
          <Harness canEdit={canEdit} />
        </EntityContext.Provider>
      </MockedProvider>
    </MantineProvider>,
  );
}

const dialog = () => screen.getByRole('dialog', { name: 'Hiring Plan Settings' });

describe('HiringSettingsModal', () => {
  it('shows where the costs go and the rates with their working', async () => {
    renderModal();
    expect(dialog()).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Employer taxes account' })).toHaveValue('Payroll Taxes');
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Employer taxes account' })).toHaveValue(
        'Expense / Payroll / Payroll Taxes',
      ),
    );
    expect(screen.getByRole('combobox', { name: 'Benefits account' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Benefits account' })).toHaveAttribute(
      'placeholder',
      'Onto the salaries account',
    );
    expect(screen.getByTestId('hiring-settings-working')).toHaveTextContent(
      'Employer taxes: 7.65% of salaries, Benefits: 5% of salaries, written to the report from Nov 2026 for 60 months',
    );
    expect(screen.getByTestId('hiring-settings-working')).toHaveTextContent(
      'Nov 2026: Salaries $10,000.00 → Employer taxes $765.00, Benefits $500.00',
    );
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('saves only what changed and is ready again once saved', async () => {
    const saved = vi.fn(() => ({
      data: {
        updateHiringSettings: {
          __typename: 'HiringSettingsPayload',
          errors: [],
          settings: { __typename: 'HiringSettings', entityId: 'e1' },
        },
      },
    }));
    renderModal([
      {
        request: {
          query: UPDATE_HIRING_SETTINGS_MUTATION,
          variables: { entityId: 'e1', employerTaxPercent: 8, taxesAccountId: null },
        },
        result: saved,
      },
    ]);
    const percent = screen.getByRole('textbox', { name: 'Employer tax percent' });
    fireEvent.change(percent, { target: { value: '8' } });
    expect(screen.getByTestId('hiring-settings-working')).toHaveTextContent('Employer taxes: 8% of salaries');
    fireEvent.click(screen.getByRole('button', { name: 'Clear Employer taxes account' }));
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(screen.queryByText(/Not saved/)).not.toBeInTheDocument();
  });

  it('does not save a rate out of range, and says why', () => {
    renderModal();
    fireEvent.change(screen.getByRole('textbox', { name: 'Benefits percent' }), { target: { value: '' } });
    expect(screen.getByText('Benefits percent must be a number')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('toasts what the server refused, naming what was not saved', async () => {
    renderModal([
      {
        request: {
          query: UPDATE_HIRING_SETTINGS_MUTATION,
          variables: { entityId: 'e1', benefitsPercent: 6 },
        },
        result: {
          data: {
            updateHiringSettings: {
              __typename: 'HiringSettingsPayload',
              errors: ['Benefits percent must be between 0 and 100'],
              settings: null,
            },
          },
        },
      },
    ]);
    fireEvent.change(screen.getByRole('textbox', { name: 'Benefits percent' }), { target: { value: '6' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not saved: Benefits percent')).toBeInTheDocument();
    expect(screen.getByText('Benefits percent must be between 0 and 100')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('lists employees with their positions; a refused delete says why', async () => {
    renderModal([
      {
        request: { query: DELETE_EMPLOYEE_MUTATION, variables: { id: 'p1' } },
        result: {
          data: {
            deleteEmployee: {
              __typename: 'HiringDeletePayload',
              id: null,
              errors: ['Cannot delete employee with positions'],
            },
          },
        },
      },
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Employees' }));
    const rows = screen.getAllByTestId('hiring-employee-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Ada Lovelace1');
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Delete Ada Lovelace' }));
    fireEvent.click(
      within(rows[0] as HTMLElement).getByRole('button', { name: 'Confirm delete Ada Lovelace' }),
    );
    expect(await screen.findByText('Employee not deleted')).toBeInTheDocument();
    expect(screen.getByText('Cannot delete employee with positions')).toBeInTheDocument();
  });

  it('offers to add an employee only under a new name', () => {
    renderModal();
    fireEvent.click(screen.getByRole('tab', { name: 'Employees' }));
    const name = screen.getByRole('textbox', { name: 'New employee name' });
    fireEvent.change(name, { target: { value: ' grace hopper ' } });
    expect(screen.getByRole('button', { name: 'Add employee' })).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Alan Turing' } });
    expect(screen.getByRole('button', { name: 'Add employee' })).toBeEnabled();
  });

  it('lists roles with their defaults and hires, and edits a default in place', async () => {
    const updated = vi.fn(() => ({
      data: {
        updateJobTitle: {
          __typename: 'JobTitlePayload',
          errors: [],
          jobTitle: { __typename: 'JobTitle', id: 't1' },
        },
      },
    }));
    renderModal([
      {
        request: { query: UPDATE_JOB_TITLE_MUTATION, variables: { id: 't1', defaultBonus: 10000 } },
        result: updated,
      },
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    const [row] = screen.getAllByTestId('hiring-role-row');
    expect(row).toHaveTextContent('Engineer$150,000.00—3');
    fireEvent.click(
      within(row as HTMLElement).getByRole('button', { name: 'Edit Default bonus of Engineer' }),
    );
    const bonus = within(row as HTMLElement).getByRole('textbox', { name: 'Default bonus of Engineer' });
    fireEvent.change(bonus, { target: { value: '10000' } });
    fireEvent.keyDown(bonus, { key: 'Enter' });
    await waitFor(() => expect(updated).toHaveBeenCalledTimes(1));
  });

  it('shows a viewer the settings and tables read-only', () => {
    renderModal([], false);
    expect(screen.getByRole('textbox', { name: 'Employer tax percent' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('tab', { name: 'Roles' }));
    expect(screen.queryByRole('textbox', { name: 'New role name' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rename / })).not.toBeInTheDocument();
  });
});
