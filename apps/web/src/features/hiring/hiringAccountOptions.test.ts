import { describe, expect, it } from 'vitest';
import { listHiringAccountOptions } from './hiringAccountOptions';

const account = (id: string, path: string, accountGroup: string | null = null) => ({
  __typename: 'ReportAccount' as const,
  id,
  name: path.split('/').at(-1) ?? path,
  path,
  accountGroup,
});

describe('listHiringAccountOptions', () => {
  const chart = [
    account('i1', 'Income'),
    account('b1', 'Banks', 'Banks'),
    account('b2', 'Banks/Checking', 'Banks'),
    account('c1', 'Credit Cards/Amex', 'Credit Cards'),
    account('e1', 'Expense'),
    account('e2', 'Expense/Operating Expenses/Payroll/Salaries'),
    account('o1', 'Other Assets/Capitalised Software', 'Other'),
  ];

  it('offers every account outside Banks, Credit Cards, Investments and Loans, Expense first, by path', () => {
    expect(listHiringAccountOptions(chart, [])).toEqual([
      {
        group: 'Expense',
        items: [
          { value: 'e1', label: 'Expense' },
          { value: 'e2', label: 'Expense / Operating Expenses / Payroll / Salaries' },
        ],
      },
      { group: 'Income', items: [{ value: 'i1', label: 'Income' }] },
      { group: 'Other Assets', items: [{ value: 'o1', label: 'Other Assets / Capitalised Software' }] },
    ]);
  });

  it('offers a chosen account the chart lacks (not loaded yet) by its name, once', () => {
    const salaries = { id: 's1', name: 'Salaries' };
    expect(listHiringAccountOptions([], [salaries, null, salaries])).toEqual([
      { group: 'Chosen', items: [{ value: 's1', label: 'Salaries' }] },
    ]);
  });
});
