import { describe, expect, it } from 'vitest';
import { buildReportCsv, csvAccountLabel, csvField, reportCsvFileName } from './buildReportCsv';

const accountsById = new Map([
  ['exp', { path: 'Expense' }],
  ['pay', { path: 'Expense/Operating Expenses/Payroll' }],
  ['odd', { path: 'Expense/Meals, "Team" & Co' }],
]);
const allColumns = [{ key: '2026-10' }, { key: '2026-11' }, { key: 'fy-2026' }, { key: 'total' }];

describe('report CSV', () => {
  it('writes a header of Account plus the visible columns and one line per row in whole units', () => {
    const csv = buildReportCsv(
      [
        { accountId: 'exp', isLeaf: false, name: 'Expense', columnValues: [123_450, 123_449, -5_050, 0] },
        { accountId: 'pay', isLeaf: true, name: 'Payroll', columnValues: [99, -49, 1, 2] },
        { accountId: null, isLeaf: false, name: 'Net Income', columnValues: [-150, 250, 0, 0] },
      ],
      allColumns,
      [
        { key: '2026-11', short: 'Nov 26' },
        { key: 'fy-2026', short: 'FY 2026' },
      ],
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
