import { describe, expect, it } from 'vitest';
import type { ReportLineRow } from './dashboardQueries';
import { buildReportLineOptions, findReportLine, isLineInReport, pathOfLine } from './reportLines';

const row = (
  id: string,
  name: string,
  fields: Partial<ReportLineRow> & Pick<ReportLineRow, 'lineItemId'>,
): ReportLineRow => ({
  id,
  name,
  accountId: null,
  depth: 0,
  parentId: null,
  itemType: 'Account',
  isLeaf: false,
  ...fields,
});

/** Expense (line e) > Operating Expenses > Payroll (own figures, and Salaries below), Net Income (line n). */
const ROWS: ReportLineRow[] = [
  row('e', 'Expense', { lineItemId: 'e', accountId: 'a-exp', itemType: 'AccountTree' }),
  row('e:a-opex', 'Operating Expenses', { lineItemId: 'e', accountId: 'a-opex', depth: 1, parentId: 'e' }),
  row('e:a-pay', 'Payroll', { lineItemId: 'e', accountId: 'a-pay', depth: 2, parentId: 'e:a-opex' }),
  row('e:a-pay_leaf', 'Payroll', {
    lineItemId: 'e',
    accountId: 'a-pay',
    depth: 3,
    parentId: 'e:a-pay',
    isLeaf: true,
  }),
  row('e:a-sal', 'Salaries', { lineItemId: 'e', accountId: 'a-sal', depth: 3, parentId: 'e:a-pay' }),
  row('n', 'Net Income', { lineItemId: 'n', itemType: 'Expression' }),
  row('x', 'Payroll again', { lineItemId: 'x', accountId: 'a-pay', itemType: 'AccountTree' }),
];

describe('buildReportLineOptions', () => {
  it("names each row by its path in the report, a leaf row as the account's own figures", () => {
    const options = buildReportLineOptions(ROWS);
    expect(options.map((option) => option.path)).toEqual([
      'Expense',
      'Expense › Operating Expenses',
      'Expense › Operating Expenses › Payroll',
      'Expense › Operating Expenses › Payroll › Payroll (own figures)',
      'Expense › Operating Expenses › Payroll › Salaries',
      'Net Income',
      'Payroll again',
    ]);
    expect(options[3]).toMatchObject({ accountId: 'a-pay', reportItemId: 'e', isLeaf: true });
    expect(options[5]).toMatchObject({ accountId: null, reportItemId: 'n', isLeaf: false });
  });
});

describe('findReportLine', () => {
  const options = buildReportLineOptions(ROWS);

  it('finds an account under the line item it names, its leaf row for isLeaf', () => {
    expect(findReportLine(options, { accountId: 'a-pay', reportItemId: 'x', isLeaf: false })?.value).toBe(
      'x',
    );
    expect(findReportLine(options, { accountId: 'a-pay', reportItemId: 'e', isLeaf: false })?.value).toBe(
      'e:a-pay',
    );
    expect(findReportLine(options, { accountId: 'a-pay', reportItemId: 'e', isLeaf: true })?.value).toBe(
      'e:a-pay_leaf',
    );
  });

  it("falls back to the account's first row when the line item is not given or not found, as the server does", () => {
    expect(findReportLine(options, { accountId: 'a-pay', reportItemId: null, isLeaf: false })?.value).toBe(
      'e:a-pay',
    );
    expect(findReportLine(options, { accountId: 'a-pay', reportItemId: 'gone', isLeaf: false })?.value).toBe(
      'e:a-pay',
    );
  });

  it("finds a section or expression by its line item, and nothing for a line the report doesn't have", () => {
    expect(findReportLine(options, { accountId: null, reportItemId: 'n', isLeaf: false })?.path).toBe(
      'Net Income',
    );
    expect(findReportLine(options, { accountId: null, reportItemId: 'gone', isLeaf: false })).toBeNull();
    expect(findReportLine(options, { accountId: 'deleted', reportItemId: 'e', isLeaf: false })).toBeNull();
    expect(findReportLine(options, null)).toBeNull();
  });
});

describe('isLineInReport', () => {
  it("knows an account's own figures by its account row when the grid shows no own-figures row", () => {
    const options = buildReportLineOptions(ROWS.filter((item) => !item.isLeaf));
    expect(isLineInReport(options, { accountId: 'a-pay', reportItemId: 'e', isLeaf: true })).toBe(true);
    expect(isLineInReport(options, { accountId: 'a-gone', reportItemId: 'e', isLeaf: true })).toBe(false);
    expect(isLineInReport(options, { accountId: null, reportItemId: 'n', isLeaf: false })).toBe(true);
    expect(pathOfLine(options, { accountId: 'a-pay', reportItemId: 'e', isLeaf: true })).toBe(
      'Expense › Operating Expenses › Payroll › Payroll (own figures)',
    );
    expect(pathOfLine(options, { accountId: 'a-gone', reportItemId: 'e', isLeaf: false })).toBeNull();
  });
});
