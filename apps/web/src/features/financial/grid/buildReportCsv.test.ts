import { describe, expect, it } from 'vitest';
import { buildReportCsv, csvAccountLabel, csvField, reportCsvFileName } from './buildReportCsv';

const accountsById = new Map([
  ['exp', { path: 'Expense' }],
  ['pay', { path: 'Expense/Operating Expenses/Payroll' }],
  ['odd', { path: 'Expense/Meals, "Team" & Co' }],
]);
const allColumns = [{ key: '2026-10' }, { key: '2026-11' }, { key: 'fy-2026' }, { key: 'total' }];
const OCT = { key: '2026-10', short: 'Oct 26', period: 'month', months: ['2026-10'] };
const NOV = { key: '2026-11', short: 'Nov 26', period: 'month', months: ['2026-11'] };
const FY = { key: 'fy-2026', short: 'FY 2026', period: 'year', months: ['2026-01', '2026-12'] };

describe('report CSV', () => {
  it('writes a header of Account plus the visible columns and one line per row in whole units', () => {
    const csv = buildReportCsv(
      [
        {
          id: 'L2',
          accountId: 'exp',
          isLeaf: false,
          name: 'Expense',
          columnValues: [123_450, 123_449, -5_050, 0],
        },
        { id: 'L2:pay', accountId: 'pay', isLeaf: true, name: 'Payroll', columnValues: [99, -49, 1, 2] },
        { id: 'L3', accountId: null, isLeaf: false, name: 'Net Income', columnValues: [-150, 250, 0, 0] },
      ],
      allColumns,
      [NOV, FY],
      accountsById,
    );
    expect(csv.split('\r\n')).toEqual([
      'Account,Nov 26,FY 2026',
      'Expense,1234,-51',
      'Expense/Operating Expenses/Payroll (own),0,0',
      'Net Income,3,0',
      '',
    ]);
  });

  it('adds a Plan and a Variance column after each month through the actuals end, in whole units', () => {
    const csv = buildReportCsv(
      [
        { id: 'L1', accountId: null, isLeaf: false, name: 'Income', columnValues: [1_000_49, 900_00, 0, 0] },
        { id: 'L2', accountId: 'exp', isLeaf: false, name: 'Expense', columnValues: [500_00, 0, 0, 0] },
        { id: 'L3', accountId: null, isLeaf: false, name: 'Net Income', columnValues: [0, 0, 0, 0] },
      ],
      allColumns,
      [OCT, NOV, FY],
      accountsById,
      {
        throughMonth: '2026-10',
        plans: new Map([
          ['L1', [950_50, null, null, null]],
          ['L2', [520_00, null, null, null]],
        ]),
      },
    );
    expect(csv.split('\r\n')).toEqual([
      'Account,Oct 26,Oct 26 Plan,Oct 26 Variance,Nov 26,FY 2026',
      // $1,000.49 and $950.50 are written 1000 and 951, so the variance written is 49: the file adds up.
      'Income,1000,951,49,900,0',
      'Expense,500,520,-20,0,0',
      // No plan loaded for the row: the two fields stay empty.
      'Net Income,0,,,0,0',
      '',
    ]);
  });

  it('quotes names with commas and quotes, and keeps formula-like names as text', () => {
    expect(csvField('Meals, "Team" & Co')).toBe('"Meals, ""Team"" & Co"');
    expect(csvField('Plain name')).toBe('Plain name');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvAccountLabel({ accountId: 'odd', isLeaf: false, name: 'x' }, accountsById)).toBe(
      'Expense/Meals, "Team" & Co',
    );
    expect(csvAccountLabel({ accountId: null, isLeaf: false, name: '=SUM(A1)' }, accountsById)).toBe(
      "'=SUM(A1)",
    );
  });

  it('names the file Financial Report with a file-system safe local timestamp', () => {
    expect(reportCsvFileName(new Date(2026, 10, 22, 9, 5, 7))).toBe(
      'Financial Report 2026-11-22 09-05-07.csv',
    );
  });
});
