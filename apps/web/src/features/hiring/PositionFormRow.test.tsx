import { Table } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/renderWithProviders';
import { PositionFormRow } from './PositionFormRow';
import { newPositionDraft } from './positionDraft';

const ROLE = {
  __typename: 'JobTitle' as const,
  id: 'r1',
  name: 'Engineer',
  defaultSalary: 120_000,
  defaultBonus: null,
  hiresCount: 0,
};

describe('PositionFormRow', () => {
  it('holds Save while a new employee is being created, then saves the position with them', async () => {
    let finishCreate: (id: string | null) => void = () => undefined;
    const onCreateEmployee = vi.fn(
      () =>
        new Promise<string | null>((resolve) => {
          finishCreate = resolve;
        }),
    );
    const onSave = vi.fn();
    renderWithProviders(
      <Table>
        <Table.Tbody>
          <PositionFormRow
            columns={9}
            initial={{ ...newPositionDraft('2026-11'), jobTitleId: ROLE.id, salary: 120_000 }}
            isNew
            jobTitles={[ROLE]}
            employees={[]}
            currentMonth="2026-11"
            onSave={onSave}
            onCancel={() => undefined}
            onCreateJobTitle={async () => null}
            onCreateEmployee={onCreateEmployee}
          />
        </Table.Tbody>
      </Table>,
    );
    const employee = screen.getByRole('textbox', { name: 'Employee' });
    fireEvent.focus(employee);
    fireEvent.change(employee, { target: { value: 'Ada Lovelace' } });
    fireEvent.click(await screen.findByRole('option', { name: "+ Create 'Ada Lovelace'" }));
    const save = screen.getByRole('button', { name: 'Save' });
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    expect(employee).toHaveAttribute('aria-busy', 'true');
    fireEvent.click(save);
    expect(onSave).not.toHaveBeenCalled();

    await act(async () => finishCreate('e1'));
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'false'));
    fireEvent.click(save);
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ employeeId: 'e1', jobTitleId: ROLE.id }));
  });
});
