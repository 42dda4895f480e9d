import {
  addMonths,
  isCalendarMonth,
  MONTH_NAMES,
  type MonthKey,
  type RunwayMethod,
  toMonthKey,
} from '@keel/domain';

/** What the offline assistant understood a question to ask. */
export type OfflineQuestion =
  | { kind: 'runway'; method?: RunwayMethod }
  | { kind: 'burn' }
  | { kind: 'cash' }
  | { kind: 'spend'; month: MonthKey; top: number | null }
  | { kind: 'incomeVsExpense'; month: MonthKey }
  | { kind: 'search'; text: string }
  | { kind: 'hiring' }
  | { kind: 'unknown' };

/**
 * The part of a question the parser reads: the common questions are short, and the patterns below cost
 * time quadratic in the length at worst (a 4,000-character question of repeated words: ~250 ms; 500: a few ms).
 */
const QUESTION_MAX = 500;

/** A search that says 'transactions': before any other reading, since its text may be any word. */
const TRANSACTION_SEARCH = [
  /\b(?:find|search(?:\s+for)?|look\s*up|show(?:\s+me)?|list)\s+(?:all\s+|the\s+|our\s+|my\s+)*transactions?\s*(?:(?:for|named|called|matching|with|like|containing|about|from|to|of)\b|:)?\s*(.+)$/i,
  /\btransactions?\s+(?:for|named|called|matching|with|like|containing|about|from|to)\s+(.+)$/i,
];
/** 'find AWS', 'search for rent': a search when nothing else was understood. */
const BARE_SEARCH = /^\s*(?:find|search(?:\s+for)?|look\s*up)\s+(.+)$/i;

// The readings, tried in this order (a question about running out of cash is about runway, not cash).
const RUNWAY =
  /\brun\s*way\b|\brun(?:s|ning)?\s+out\s+of\s+(?:cash|money)\b|\bcash[\s-]*out\b|\bhow\s+long\b.*\b(?:cash|money|last)\b/;
/** A runway method the question names, by the Runway card's labels or the API's names; first match wins. */
const RUNWAY_METHOD_NAMES: [RegExp, RunwayMethod][] = [
  [/\bstartup_runway_3mo\b/, 'startup_runway_3mo'],
  [/\brunway_no_growth\b/, 'runway_no_growth'],
  [/\bstartup_runway\b/, 'startup_runway'],
  [/\bno[\s-]*growth\b/, 'runway_no_growth'],
  [
    /\b(?:3|three)[\s-]*mo(?:nths?)?\b[\s-]*(?:average\s+)?burn\b|\bstart[\s-]?up\b.*\b(?:3|three)[\s-]*mo/,
    'startup_runway_3mo',
  ],
  [/\bstart[\s-]?up\s+runway\b/, 'startup_runway'],
  [/\bforecast\s+runway\b/, 'runway'],
];
const BURN = /\bburn(?:ing|s|ed|t)?\b/;
const HIRING = /\bhiring\b|\bheadcount\b|\bpayroll\s+plan\b/;
const INCOME_VS_EXPENSE =
  /\b(?:income|revenue|earn(?:ed|ings)?|sales)\b.*\b(?:expenses?|costs?|spend(?:ing)?|spent)\b|\b(?:expenses?|costs?)\b.*\b(?:income|revenue)\b|\bprofit\b|\bnet\s+income\b|\bp\s*&\s*l\b|\bloss\b/;
const SPEND =
  /\b(?:top|biggest|largest|main|highest|most)\b.*\b(?:spend(?:ing)?|expenses?|costs?|categor(?:y|ies))\b|\bspend(?:ing)?\s+(?:by|per)\s+categor|\bwhere\b.*\bmoney\b.*\bgo|\bwhat\b.*\b(?:did\s+we|do\s+we)\s+spend\b|\bexpenses?\b|\bspending\b|\bspent\b/;
const CASH =
  /\bcash\b|\bbank\s+balance|\bin\s+the\s+bank\b|\bmoney\s+(?:do\s+we|have\s+we)\s+have\b|\bbalance\b/;

/**
 * Reads a question in plain English: runway, by the method it names ('no-growth runway'); burn; cash; the biggest expenses of a month ('top spending
 * last month', 'biggest expenses in October', 'top 3 costs in 2026-09'); a month's income vs expense; a
 * transaction search ('find transactions AWS'); the hiring plan's cost. Months: 'this month', 'last
 * month', 'next month', 'YYYY-MM', a month's name with or without a year ('October', 'Oct 2026'); a
 * name without a year is its latest occurrence up to the current month. Default: the current month.
 */
export function parseQuestion(question: string, currentMonth: MonthKey): OfflineQuestion {
  const text = question.slice(0, QUESTION_MAX).replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  for (const pattern of TRANSACTION_SEARCH) {
    const wanted = searchTextOf(pattern, text);
    if (wanted) return { kind: 'search', text: wanted };
  }
  if (RUNWAY.test(lower)) {
    const method = RUNWAY_METHOD_NAMES.find(([pattern]) => pattern.test(lower))?.[1];
    return method ? { kind: 'runway', method } : { kind: 'runway' };
  }
  if (BURN.test(lower)) return { kind: 'burn' };
  if (HIRING.test(lower)) return { kind: 'hiring' };
  const month = parseMonth(lower, currentMonth);
  if (INCOME_VS_EXPENSE.test(lower)) return { kind: 'incomeVsExpense', month };
  if (SPEND.test(lower)) return { kind: 'spend', month, top: parseTop(lower) };
  if (CASH.test(lower)) return { kind: 'cash' };
  const wanted = searchTextOf(BARE_SEARCH, text);
  return wanted ? { kind: 'search', text: wanted } : { kind: 'unknown' };
}

function searchTextOf(pattern: RegExp, text: string): string | null {
  const match = pattern.exec(text);
  const wanted = match?.[1] ? cleanSearchText(match[1]) : '';
  return wanted !== '' && !/^(?:this|last|next)\s+month$/i.test(wanted) ? wanted : null;
}

/** Search text as typed, without surrounding quotes and trailing punctuation. */
function cleanSearchText(raw: string): string {
  return raw
    .trim()
    .replace(/[?.!]+$/, '')
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .trim()
    .slice(0, 100);
}

/** 'top 3' / 'top three' / '3 biggest': how many to list, 1 to 20; null when not said. */
function parseTop(lower: string): number | null {
  const words = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
  const match =
    /\b(?:top|biggest|largest)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b|\b(\d{1,2})\s+(?:biggest|largest|top)\b/.exec(
      lower,
    );
  const said = match?.[1] ?? match?.[2];
  if (!said) return null;
  const count = /^\d+$/.test(said) ? Number(said) : words.indexOf(said) + 1;
  return Math.min(Math.max(count, 1), 20);
}

const MONTH_PATTERNS = MONTH_NAMES.map((name, index) => ({
  month: index + 1,
  // 'september', 'sept', 'sep'; 'may' only as a whole word.
  pattern: new RegExp(
    `\\b(?:${name.toLowerCase()}|${name.slice(0, 3).toLowerCase()}${index === 8 ? 't?' : ''})\\.?\\b(?:\\s*'?(\\d{4}|\\d{2})\\b)?`,
  ),
}));

/** The month a question names, or the current month. */
export function parseMonth(lower: string, currentMonth: MonthKey): MonthKey {
  if (/\blast\s+month\b|\bprevious\s+month\b|\bprior\s+month\b/.test(lower))
    return addMonths(currentMonth, -1);
  if (/\bnext\s+month\b/.test(lower)) return addMonths(currentMonth, 1);
  if (/\bthis\s+month\b|\bcurrent\s+month\b/.test(lower)) return currentMonth;
  const key = /\b(\d{4})-(\d{2})\b/.exec(lower);
  if (key && isCalendarMonth(`${key[1]}-${key[2]}`)) return `${key[1]}-${key[2]}`;
  const current = { year: Number(currentMonth.slice(0, 4)), month: Number(currentMonth.slice(5, 7)) };
  for (const { month, pattern } of MONTH_PATTERNS) {
    const match = pattern.exec(lower);
    if (!match) continue;
    // 'may' is a month only with a year, or where no verb could be meant ('in may', 'for may').
    if (month === 5 && !match[1] && !/\b(?:in|for|of|during)\s+may\b/.test(lower)) continue;
    const yearText = match[1];
    if (yearText) {
      const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
      const keyed = toMonthKey(year, month);
      if (isCalendarMonth(keyed)) return keyed;
    }
    return toMonthKey(month <= current.month ? current.year : current.year - 1, month);
  }
  return currentMonth;
}
