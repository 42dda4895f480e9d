import { describe, expect, it } from 'vitest';
import { findPeriods } from './parsePeriod';
import type { Period } from './questionTypes';

/** A period expected in a question: the words that say it, and the months it means (worked by hand). */
type Said = { text: string } & Period;

const said = (text: string, from: string, to: string, grain: Period['grain'], label: string): Said => ({
  text,
  from,
  to,
  grain,
  label,
});
/** A balance date: the month's end. */
const endOf = (text: string, month: string, label: string): Said => ({
  text,
  from: month,
  to: month,
  grain: 'month',
  label,
  endOf: true,
});

const PAST = { currentMonth: '2026-11', future: false };
const FUTURE = { currentMonth: '2026-11', future: true };

/** Questions asked in November 2026 about the past and present. */
const PAST_QUESTIONS: [string, Said[]][] = [
  // relative months
  ['rev last month', [said('last month', '2026-10', '2026-10', 'month', 'October 2026')]],
  ['how much did we pay AWS last month', [said('last month', '2026-10', '2026-10', 'month', 'October 2026')]],
  [
    'payroll for the previous month?',
    [said('previous month', '2026-10', '2026-10', 'month', 'October 2026')],
  ],
  ['prior month opex', [said('prior month', '2026-10', '2026-10', 'month', 'October 2026')]],
  ['revenue this month', [said('this month', '2026-11', '2026-11', 'month', 'November 2026')]],
  ['spend in the current month', [said('current month', '2026-11', '2026-11', 'month', 'November 2026')]],
  ['MTD revenue', [said('MTD', '2026-11', '2026-11', 'month', 'November 2026 to date')]],
  ['sales month to date', [said('month to date', '2026-11', '2026-11', 'month', 'November 2026 to date')]],
  ['spend over the past month', [said('past month', '2026-10', '2026-10', 'month', 'October 2026')]],
  ['budget next month', [said('next month', '2026-12', '2026-12', 'month', 'December 2026')]],
  [
    'what was rent the month before last',
    [said('the month before last', '2026-09', '2026-09', 'month', 'September 2026')],
  ],
  // month names
  ['travel expenses in September?', [said('September', '2026-09', '2026-09', 'month', 'September 2026')]],
  ['revenue in October 2026', [said('October 2026', '2026-10', '2026-10', 'month', 'October 2026')]],
  ['opex for Oct 2026', [said('Oct 2026', '2026-10', '2026-10', 'month', 'October 2026')]],
  ["marketing in Oct '26", [said("Oct '26", '2026-10', '2026-10', 'month', 'October 2026')]],
  ['payroll 2026-10', [said('2026-10', '2026-10', '2026-10', 'month', 'October 2026')]],
  ['payroll 10/2026', [said('10/2026', '2026-10', '2026-10', 'month', 'October 2026')]],
  ['revenue for Sept. 2025', [said('Sept. 2025', '2025-09', '2025-09', 'month', 'September 2025')]],
  ['software in december', [said('december', '2025-12', '2025-12', 'month', 'December 2025')]],
  ['March revenue', [said('March', '2026-03', '2026-03', 'month', 'March 2026')]],
  ['what did we spend in march', [said('march', '2026-03', '2026-03', 'month', 'March 2026')]],
  ['payroll in may 2026', [said('may 2026', '2026-05', '2026-05', 'month', 'May 2026')]],
  ['revenue for May', [said('May', '2026-05', '2026-05', 'month', 'May 2026')]],
  ['May I see revenue for June', [said('June', '2026-06', '2026-06', 'month', 'June 2026')]],
  ['costs this may raise', []],
  ['October last year revenue', [said('October last year', '2025-10', '2025-10', 'month', 'October 2025')]],
  ['hosting last October', [said('last October', '2026-10', '2026-10', 'month', 'October 2026')]],
  // ends of months and days
  ['cash balance at end of October', [endOf('end of October', '2026-10', 'October 2026')]],
  ['cash at the end of Oct', [endOf('the end of Oct', '2026-10', 'October 2026')]],
  ['October month-end cash', [endOf('October month-end', '2026-10', 'October 2026')]],
  ['cash as of October 31', [endOf('October 31', '2026-10', 'October 2026')]],
  ['bank balance on October 31st', [endOf('October 31st', '2026-10', 'October 2026')]],
  ['cash on 10/31/2025', [endOf('10/31/2025', '2025-10', 'October 2025')]],
  ['cash at the end of this month', [endOf('the end of this month', '2026-11', 'November 2026')]],
  ['cash on Oct 26, 2025', [endOf('Oct 26, 2025', '2025-10', 'October 2025')]],
  ['cash on the 30th of September', [endOf('30th of September', '2026-09', 'September 2026')]],
  ['cash at end of last month', [endOf('end of last month', '2026-10', 'October 2026')]],
  ['cash at the end of the year', [endOf('the end of the year', '2026-12', 'December 2026')]],
  ['cash at year-end', [endOf('year-end', '2026-12', 'December 2026')]],
  ['loan balance at year end 2025', [endOf('year end 2025', '2025-12', 'December 2025')]],
  ['cash at the end of Q3', [endOf('the end of Q3', '2026-09', 'September 2026')]],
  // quarters
  ['opex Q3', [said('Q3', '2026-07', '2026-09', 'quarter', 'Q3 2026')]],
  ['revenue Q3 2026', [said('Q3 2026', '2026-07', '2026-09', 'quarter', 'Q3 2026')]],
  ['revenue in the third quarter', [said('third quarter', '2026-07', '2026-09', 'quarter', 'Q3 2026')]],
  ['margin in the 3rd quarter', [said('3rd quarter', '2026-07', '2026-09', 'quarter', 'Q3 2026')]],
  ['opex Q3 FY26', [said('Q3 FY26', '2026-07', '2026-09', 'quarter', 'Q3 2026')]],
  ['Q4 sales', [said('Q4', '2026-10', '2026-12', 'quarter', 'Q4 2026')]],
  ['Q1 payroll', [said('Q1', '2026-01', '2026-03', 'quarter', 'Q1 2026')]],
  ['revenue this quarter', [said('this quarter', '2026-10', '2026-12', 'quarter', 'Q4 2026')]],
  ['expenses last quarter', [said('last quarter', '2026-07', '2026-09', 'quarter', 'Q3 2026')]],
  [
    'expenses in the previous quarter',
    [said('previous quarter', '2026-07', '2026-09', 'quarter', 'Q3 2026')],
  ],
  ['QTD revenue', [said('QTD', '2026-10', '2026-11', 'qtd', 'Q4 2026 to date')]],
  ['spend quarter to date', [said('quarter to date', '2026-10', '2026-11', 'qtd', 'Q4 2026 to date')]],
  ['Q2 of last year', [said('Q2 of last year', '2025-04', '2025-06', 'quarter', 'Q2 2025')]],
  // halves
  ['revenue H1 2026', [said('H1 2026', '2026-01', '2026-06', 'range', 'H1 2026')]],
  ['burn in the first half of 2026', [said('first half of 2026', '2026-01', '2026-06', 'range', 'H1 2026')]],
  ['H2 expenses', [said('H2', '2026-07', '2026-12', 'range', 'H2 2026')]],
  ['H1 expenses', [said('H1', '2026-01', '2026-06', 'range', 'H1 2026')]],
  // years
  ['revenue in 2026', [said('2026', '2026-01', '2026-12', 'year', '2026')]],
  ['revenue FY2025', [said('FY2025', '2025-01', '2025-12', 'year', '2025')]],
  ['revenue FY26', [said('FY26', '2026-01', '2026-12', 'year', '2026')]],
  ['net income for fiscal 2025', [said('fiscal 2025', '2025-01', '2025-12', 'year', '2025')]],
  ['revenue this year', [said('this year', '2026-01', '2026-12', 'year', '2026')]],
  ['opex last year', [said('last year', '2025-01', '2025-12', 'year', '2025')]],
  ['opex in the prior year', [said('prior year', '2025-01', '2025-12', 'year', '2025')]],
  ['net income ytd', [said('ytd', '2026-01', '2026-11', 'ytd', '2026 to date')]],
  ['revenue year to date', [said('year to date', '2026-01', '2026-11', 'ytd', '2026 to date')]],
  [
    'how much have we spent so far this year',
    [said('so far this year', '2026-01', '2026-11', 'ytd', '2026 to date')],
  ],
  ['income this year so far', [said('this year so far', '2026-01', '2026-11', 'ytd', '2026 to date')]],
  ['revenue YTD 2025', [said('YTD 2025', '2025-01', '2025-11', 'ytd', '2025 to date')]],
  ['revenue 2025 YTD', [said('2025 YTD', '2025-01', '2025-11', 'ytd', '2025 to date')]],
  ['revenue 2026 to date', [said('2026 to date', '2026-01', '2026-11', 'ytd', '2026 to date')]],
  [
    'revenue for 2026 vs 2025',
    [said('2026', '2026-01', '2026-12', 'year', '2026'), said('2025', '2025-01', '2025-12', 'year', '2025')],
  ],
  // last and next N
  [
    'burn over the last 3 months',
    [said('last 3 months', '2026-08', '2026-10', 'lastN', 'August to October 2026')],
  ],
  [
    'spend in the past three months',
    [said('past three months', '2026-08', '2026-10', 'lastN', 'August to October 2026')],
  ],
  [
    'trailing 3 months revenue',
    [said('trailing 3 months', '2026-08', '2026-10', 'lastN', 'August to October 2026')],
  ],
  [
    'revenue for the last 12 months',
    [said('last 12 months', '2025-11', '2026-10', 'lastN', 'November 2025 to October 2026')],
  ],
  [
    'trailing twelve months revenue',
    [said('trailing twelve months', '2025-11', '2026-10', 'lastN', 'November 2025 to October 2026')],
  ],
  ['TTM revenue', [said('TTM', '2025-11', '2026-10', 'lastN', 'November 2025 to October 2026')]],
  ['LTM EBITDA', [said('LTM', '2025-11', '2026-10', 'lastN', 'November 2025 to October 2026')]],
  [
    'opex over the last 2 quarters',
    [said('last 2 quarters', '2026-04', '2026-09', 'lastN', 'April to September 2026')],
  ],
  [
    'revenue in the last 2 years',
    [said('last 2 years', '2024-01', '2025-12', 'lastN', 'January 2024 to December 2025')],
  ],
  [
    'average burn over the last twenty-four months',
    [said('last twenty-four months', '2024-11', '2026-10', 'lastN', 'November 2024 to October 2026')],
  ],
  ['revenue over the last 61 months', []],
  // ranges
  [
    'revenue from Jan to Mar',
    [said('from Jan to Mar', '2026-01', '2026-03', 'range', 'January to March 2026')],
  ],
  [
    'revenue from January to March',
    [said('from January to March', '2026-01', '2026-03', 'range', 'January to March 2026')],
  ],
  ['opex Jan–Mar 2026', [said('Jan–Mar 2026', '2026-01', '2026-03', 'range', 'January to March 2026')]],
  ['opex Jan-Mar 2025', [said('Jan-Mar 2025', '2025-01', '2025-03', 'range', 'January to March 2025')]],
  [
    'spend between January and June 2026',
    [said('between January and June 2026', '2026-01', '2026-06', 'range', 'January to June 2026')],
  ],
  [
    'sales January through March',
    [said('January through March', '2026-01', '2026-03', 'range', 'January to March 2026')],
  ],
  ['costs Sept to Nov', [said('Sept to Nov', '2026-09', '2026-11', 'range', 'September to November 2026')]],
  [
    'revenue from Q1 to Q3 2026',
    [said('from Q1 to Q3 2026', '2026-01', '2026-09', 'range', 'January to September 2026')],
  ],
  [
    'revenue from Nov to Feb',
    [said('from Nov to Feb', '2025-11', '2026-02', 'range', 'November 2025 to February 2026')],
  ],
  ['spend since August', [said('since August', '2026-08', '2026-11', 'range', 'August to November 2026')]],
  [
    'revenue since the start of the year',
    [said('since the start of the year', '2026-01', '2026-11', 'range', 'January to November 2026')],
  ],
  [
    'revenue since the start of Q3',
    [said('since the start of Q3', '2026-07', '2026-11', 'range', 'July to November 2026')],
  ],
  [
    'spend from August onwards',
    [said('from August onwards', '2026-08', '2026-11', 'range', 'August to November 2026')],
  ],
  [
    'payroll from March 2025 to June',
    [said('from March 2025 to June', '2025-03', '2025-06', 'range', 'March to June 2025')],
  ],
  ['payroll 2025-2026', [said('2025-2026', '2025-01', '2026-12', 'range', 'January 2025 to December 2026')]],
  ['revenue from 2026-03 to 2026-01', []],
  // two periods kept apart
  [
    'revenue in September vs October',
    [
      said('September', '2026-09', '2026-09', 'month', 'September 2026'),
      said('October', '2026-10', '2026-10', 'month', 'October 2026'),
    ],
  ],
  [
    'Q3 2026 vs Q3 2025',
    [
      said('Q3 2026', '2026-07', '2026-09', 'quarter', 'Q3 2026'),
      said('Q3 2025', '2025-07', '2025-09', 'quarter', 'Q3 2025'),
    ],
  ],
  [
    'revenue this year compared to last year',
    [
      said('this year', '2026-01', '2026-12', 'year', '2026'),
      said('last year', '2025-01', '2025-12', 'year', '2025'),
    ],
  ],
  [
    'opex in March and April',
    [
      said('March', '2026-03', '2026-03', 'month', 'March 2026'),
      said('April', '2026-04', '2026-04', 'month', 'April 2026'),
    ],
  ],
  [
    'compare Q2 to Q3',
    [
      said('Q2', '2026-04', '2026-06', 'quarter', 'Q2 2026'),
      said('Q3', '2026-07', '2026-09', 'quarter', 'Q3 2026'),
    ],
  ],
  [
    'last month against the month before last',
    [
      said('last month', '2026-10', '2026-10', 'month', 'October 2026'),
      said('the month before last', '2026-09', '2026-09', 'month', 'September 2026'),
    ],
  ],
  // 'previous' after a period of its kind: the one before it
  [
    'burn over the last 3 months vs the previous 3 months',
    [
      said('last 3 months', '2026-08', '2026-10', 'lastN', 'August to October 2026'),
      said('previous 3 months', '2026-05', '2026-07', 'lastN', 'May to July 2026'),
    ],
  ],
  [
    'revenue last quarter against the prior quarter',
    [
      said('last quarter', '2026-07', '2026-09', 'quarter', 'Q3 2026'),
      said('prior quarter', '2026-04', '2026-06', 'quarter', 'Q2 2026'),
    ],
  ],
  [
    'opex in 2025 vs the previous year',
    [
      said('2025', '2025-01', '2025-12', 'year', '2025'),
      said('previous year', '2024-01', '2024-12', 'year', '2024'),
    ],
  ],
  ['average spend in 2026 per month', [said('2026', '2026-01', '2026-12', 'year', '2026')]],
  // not periods
  ['hire 2 engineers at $150k', []],
  ['revenue growth 5% a month', []],
  ['what do we spend per month on software', []],
  ['monthly burn', []],
  ['how much do we pay each month for rent', []],
  ['top 5 expenses', []],
  ['we paid $2026 for the offsite', []],
  ['we sold 2,026 units', []],
  ['we pay 2000 a month for rent', []],
  ['order number 120261', []],
  ['what was revenue in 1066', []],
  ['3 engineers for a month', []],
];

/** Questions about the future, asked in November 2026. */
const FUTURE_QUESTIONS: [string, Said[]][] = [
  ['forecast expenses for 2027', [said('2027', '2027-01', '2027-12', 'year', '2027')]],
  [
    'what will cash be at the end of next quarter',
    [endOf('the end of next quarter', '2027-03', 'March 2027')],
  ],
  ['projected revenue in March', [said('March', '2027-03', '2027-03', 'month', 'March 2027')]],
  ['planned spend for November', [said('November', '2026-11', '2026-11', 'month', 'November 2026')]],
  ['forecast for December', [said('December', '2026-12', '2026-12', 'month', 'December 2026')]],
  ['forecast Q1 revenue', [said('Q1', '2027-01', '2027-03', 'quarter', 'Q1 2027')]],
  ['forecast Q4 revenue', [said('Q4', '2026-10', '2026-12', 'quarter', 'Q4 2026')]],
  ['planned H1 hiring', [said('H1', '2027-01', '2027-06', 'range', 'H1 2027')]],
  ['revenue next quarter', [said('next quarter', '2027-01', '2027-03', 'quarter', 'Q1 2027')]],
  ['expenses next year', [said('next year', '2027-01', '2027-12', 'year', '2027')]],
  [
    'forecast burn for the next 6 months',
    [said('next 6 months', '2026-12', '2027-05', 'lastN', 'December 2026 to May 2027')],
  ],
  [
    'revenue over the coming six months',
    [said('coming six months', '2026-12', '2027-05', 'lastN', 'December 2026 to May 2027')],
  ],
  [
    'projected spend until March',
    [said('until March', '2026-11', '2027-03', 'range', 'November 2026 to March 2027')],
  ],
  [
    'forecast November to February',
    [said('November to February', '2026-11', '2027-02', 'range', 'November 2026 to February 2027')],
  ],
  ['what will cash be at the end of December', [endOf('the end of December', '2026-12', 'December 2026')]],
];

function expectPeriods(text: string, found: ReturnType<typeof findPeriods>, expected: Said[]) {
  expect(
    found.map((match) => ({ text: match.text, ...match.period })),
    text,
  ).toEqual(expected);
  for (const match of found) {
    expect(text.slice(match.start, match.end)).toBe(match.text);
  }
}

describe('findPeriods', () => {
  it.each(PAST_QUESTIONS)('reads %j asked in November 2026', (text, expected) => {
    expectPeriods(text, findPeriods(text, PAST), expected);
  });

  it.each(FUTURE_QUESTIONS)('reads %j about the future, asked in November 2026', (text, expected) => {
    expectPeriods(text, findPeriods(text, FUTURE), expected);
  });

  it('counts from the current month across a year boundary (asked in January 2026)', () => {
    const january = { currentMonth: '2026-01', future: false };
    const text = 'revenue last month, Q1, December, last quarter, YTD and the last 3 months';
    expectPeriods(text, findPeriods(text, january), [
      said('last month', '2025-12', '2025-12', 'month', 'December 2025'),
      said('Q1', '2026-01', '2026-03', 'quarter', 'Q1 2026'),
      said('December', '2025-12', '2025-12', 'month', 'December 2025'),
      said('last quarter', '2025-10', '2025-12', 'quarter', 'Q4 2025'),
      said('YTD', '2026-01', '2026-01', 'ytd', '2026 to date'),
      said('last 3 months', '2025-10', '2025-12', 'lastN', 'October to December 2025'),
    ]);
  });

  it('gives each period its offsets in the question, in order', () => {
    const text = 'Opex in Q3 2026 vs Q3 2025, and cash at the end of October?';
    const found = findPeriods(text, PAST);
    expect(found.map(({ start, end }) => [start, end])).toEqual([
      [8, 15],
      [19, 26],
      [40, 58],
    ]);
  });

  it('reads only the first 500 characters of a long question', () => {
    const text = `revenue last month ${'and then some more words '.repeat(200)} in Q3 2025`;
    expect(text.length).toBeGreaterThan(5000);
    expectPeriods(text, findPeriods(text, PAST), [
      said('last month', '2026-10', '2026-10', 'month', 'October 2026'),
    ]);
  });

  it('reads a question full of periods without losing its place', () => {
    const text = 'Q3 vs '.repeat(100);
    const found = findPeriods(text, PAST);
    // 500 characters hold 83 whole 'Q3 vs ' (498 characters) and one more 'Q3'.
    expect(found).toHaveLength(84);
    expect(found.every((match) => match.period.from === '2026-07' && match.text === 'Q3')).toBe(true);
  });

  it('refuses a current month that is not a month', () => {
    expect(() => findPeriods('last month', { currentMonth: '2026-13', future: false })).toThrow(
      /currentMonth/,
    );
  });
});
