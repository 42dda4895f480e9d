/**
 * The kinds of question the built-in question reader (AI_PROVIDER=offline) answers, each with examples
 * a person can type. The chat panel lists them under 'What can I ask?' (assistantMode.understands), and
 * the reader's own help text repeats them, so both say the same thing.
 */
export const BUILTIN_ABILITIES: readonly string[] = [
  'Totals, averages and changes of any report line over any period: "rev last month", "opex Q3", "net income YTD"',
  'Comparisons: "revenue Q3 vs Q2", "payroll year over year", "marketing as a share of expenses"',
  'Top lines and transactions: "top 5 expenses in October", "largest transaction last month"',
  'Vendors: "how much did we pay AWS last month"',
  'Cash and runway: "cash at the end of March 2027", "runway by no-growth"',
  'Hiring plan: "headcount in March", "open roles", "hiring cost in 2027"',
  'What-ifs (nothing is saved): "runway if we hire two engineers at $150k", "if revenue grows 5% a month"',
];
