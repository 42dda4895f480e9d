import { addMonths, formatMonthLong, type MonthKey } from '@keel/domain';
import { exactLine, findLinesInText, type LineInText, normalizeName } from './matchLine';
import { findPeriods } from './parsePeriod';
import type { Intent, LineCandidate, LineRef, Period, PeriodMatch, Vocabulary } from './questionTypes';

/** The question as read so far, and what every reader shares: periods said, lines found, payees named. */

/** The part of a question read: finance questions are short, and every pattern is linear. */
const QUESTION_MAX = 500;

const NUMBER_WORDS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
};
export const COUNT =
  '(\\d{1,2}|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)';

export function countOf(word: string | undefined, fallback: number): number {
  if (!word) return fallback;
  const lower = word.toLowerCase();
  return /^\d+$/.test(lower) ? Number(lower) : (NUMBER_WORDS[lower] ?? fallback);
}

// --- Periods ------------------------------------------------------------------------------------------

const FUTURE_WORDS =
  /\b(?:forecast(?:ed)?|will|going\s+to|gonna|projected?|projections?|plan(?:ned)?|expect(?:ed)?|next|upcoming|coming|budget(?:ed)?)\b/i;

/** The last complete month (the month before the current one): what a flow means with no period said. */
export function lastCompleteMonth(vocabulary: Vocabulary): Period {
  const month = addMonths(vocabulary.currentMonth, -1);
  return { from: month, to: month, label: formatMonthLong(month), grain: 'month' };
}

export function currentMonthPeriod(vocabulary: Vocabulary): Period {
  const month = vocabulary.currentMonth;
  return { from: month, to: month, label: formatMonthLong(month), grain: 'month' };
}

/** The period of the same length just before `period` (growth 'last month' is against the month before). */
export function previousPeriod(period: Period): Period {
  const length = monthsIn(period);
  const from = addMonths(period.from, -length);
  const to = addMonths(period.to, -length);
  return { from, to, label: labelOf(from, to, period.grain), grain: period.grain };
}

/** The same months a year earlier. */
export function yearEarlier(period: Period): Period {
  const from = addMonths(period.from, -12);
  const to = addMonths(period.to, -12);
  return { from, to, label: labelOf(from, to, period.grain), grain: period.grain };
}

export function monthsIn(period: Period): number {
  const [fy, fm] = period.from.split('-').map(Number);
  const [ty, tm] = period.to.split('-').map(Number);
  return ((ty ?? 0) - (fy ?? 0)) * 12 + ((tm ?? 0) - (fm ?? 0)) + 1;
}

/** A label for a period moved in time, in the style parsePeriod writes. */
function labelOf(from: MonthKey, to: MonthKey, grain: Period['grain']): string {
  if (from === to) return formatMonthLong(from);
  const [fy, fm] = from.split('-').map(Number);
  const [ty, tm] = to.split('-').map(Number);
  if (grain === 'quarter' && fy === ty && ((fm ?? 1) - 1) % 3 === 0)
    return `Q${Math.floor(((fm ?? 1) - 1) / 3) + 1} ${fy}`;
  if (grain === 'year' && fm === 1 && tm === 12 && fy === ty) return String(fy);
  const fromName = formatMonthLong(from);
  const toName = formatMonthLong(to);
  return fy === ty ? `${fromName.split(' ')[0]} to ${toName}` : `${fromName} to ${toName}`;
}

// --- Reading the question -------------------------------------------------------------------------

export type Reading = {
  text: string;
  lower: string;
  vocabulary: Vocabulary;
  periods: PeriodMatch[];
  lines: LineInText[];
  /** The text without its periods: where lines and names are looked for. */
  rest: string;
};

export function readQuestion(question: string, vocabulary: Vocabulary): Reading {
  const text = question.slice(0, QUESTION_MAX).replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const periods = findPeriods(text, {
    currentMonth: vocabulary.currentMonth,
    future: FUTURE_WORDS.test(text),
  });
  let rest = text;
  for (const period of [...periods].sort((a, b) => b.start - a.start)) {
    rest = `${rest.slice(0, period.start)} ${' '.repeat(Math.max(0, period.end - period.start - 1))}${rest.slice(period.end)}`;
  }
  const lines = findLinesInText(vocabulary.lines, rest);
  return { text, lower, vocabulary, periods, lines, rest };
}

export function toLineRef(line: LineCandidate): LineRef {
  return { name: line.name, path: line.path, accountId: line.accountId, kind: line.kind };
}

/** One period from what was said: the only one, or from the first's start to the last's end. */
export function spanOf(periods: readonly PeriodMatch[]): Period | null {
  const first = periods[0]?.period;
  const last = periods.at(-1)?.period;
  if (!first || !last) return null;
  if (first === last) return first;
  return { from: first.from, to: last.to, label: labelOf(first.from, last.to, 'range'), grain: 'range' };
}

/** The lines a generic word names ('costs', 'income'): a word of its own before it narrows it. */
export const GENERIC_LINES = new Set(['Expense', 'Income']);

/** Words said beside a generic line that are neither filler nor another line ('frobnitz costs'), or null. */
export function unknownWords(reading: Reading): string | null {
  let rest = reading.rest;
  for (const found of [...reading.lines].sort((a, b) => b.start - a.start)) {
    rest = `${rest.slice(0, found.start)} ${rest.slice(found.end)}`;
  }
  return leftoverPhrase(rest);
}

const FILLER =
  /\b(?:what(?:'s|s)?|whats|is|was|were|are|will|be|did|do|does|has|have|had|the|our|my|we|us|total|how|much|many|show|me|tell|give|list|please|in|for|during|of|at|on|to|by|from|over|a|an|and|amount|figure|number|it|its|this|that|so|far|been|get|got|make|made|end|month|months|monthly|average|avg|per|each|year|years|quarter|actual|actuals|forecast|forecasted|projected|plan|planned|expected|value|balance|see|look|looking|like|current|currently|now|today|spend|spent|spending|cost|costs|paid|pay|account|line|business|company|overall|all|combined|just|only|exactly|roughly|about|approximately|up|with|did|then|there|here|were|which|can|could|you|i|when|where|why|who|know|need|want|would|should|come|came|bring|brought|brings|hit|into|out|look|number|numbers|figures|again|far|since|until|compare|compared|comparing|vs|versus|against|growth|change|changed|grow|grew|increase|decrease|difference|share|percent|percentage|proportion|top|biggest|largest|trend|breakdown|bill|bills|receive|received|go|goes|went|up|down|rate|ratio|as|than|between|through)\b/gi;

/** What is left of a question once its periods and common words are gone ('frobnitz'), or null. */
export function leftoverPhrase(rest: string): string | null {
  const left = rest
    .replace(/[?!.,;:"“”()]/g, ' ')
    .replace(FILLER, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return left === '' ? null : left.slice(0, 80);
}

export function isLineName(reading: Reading, name: string): boolean {
  return reading.vocabulary.lines.some((line) => normalizeName(line.name) === normalizeName(name));
}

/**
 * The company's payee or payer a text names: the longest transaction name said whole ('Delta Air
 * Lines', 'AWS'), or null.
 */
export function counterpartyIn(vocabulary: Vocabulary, text: string): string | null {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9&' -]+/g, ' ')} `;
  const said = (words: string) => lower.includes(` ${words} `);
  let best: string | null = null;
  for (const name of vocabulary.counterparties) {
    const wanted = name.toLowerCase();
    if (wanted.length < 2 || (best && wanted.length <= best.length)) continue;
    if (said(wanted) && !exactLine(vocabulary.lines, wanted)) best = name;
  }
  if (best) return best;
  // A payee by its first word ('WeWork' for 'WeWork Rent'), when that word is no line's.
  for (const name of vocabulary.counterparties) {
    const first = name.split(' ')[0]?.toLowerCase() ?? '';
    if (first.length < 3 || first === name.toLowerCase() || !said(first)) continue;
    if (vocabulary.lines.some((line) => normalizeName(line.name).split(' ').includes(first))) continue;
    if (COMMON_WORDS.has(first)) continue;
    return name.split(' ')[0] ?? null;
  }
  return null;
}

/** First words of payees that are ordinary words, never a payee on their own. */
const COMMON_WORDS = new Set([
  'the',
  'and',
  'for',
  'new',
  'all',
  'our',
  'united',
  'american',
  'national',
  'first',
  'general',
  'global',
  'city',
  'state',
  'bank',
  'payment',
  'transfer',
  'monthly',
  'interest',
]);

/** Whether a transaction name of the company contains `name`, whole-word or as said (any case). */
export function mentionsCounterparty(vocabulary: Vocabulary, name: string): boolean {
  const wanted = name.toLowerCase();
  return vocabulary.counterparties.some((counterparty) => counterparty.toLowerCase().includes(wanted));
}

/** Whether a transaction name of the company contains `name` (any case). */
export function isCounterparty(reading: Reading, name: string): boolean {
  const wanted = name.toLowerCase();
  return reading.vocabulary.counterparties.some((counterparty) =>
    counterparty.toLowerCase().includes(wanted),
  );
}

export function cleanName(raw: string): string | null {
  const name = raw
    .trim()
    .replace(/[?.!,]+$/, '')
    .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
    .replace(/^(?:the|our|a|an)\s+/i, '')
    .replace(/\s+(?:in\s+total|so\s+far|altogether|overall|total)$/i, '')
    .trim()
    .slice(0, 100);
  return name === '' ? null : name;
}

// --- Not understood ---------------------------------------------------------------------------------

/** Questions it answers, offered when a part was not understood (closest lines first). */
export function notUnderstood(
  reading: Reading,
  missing: ('measure' | 'line' | 'period')[],
  heard: string | null,
  closest: readonly LineCandidate[] = [],
): Intent {
  const period = reading.periods[0]?.period.label ?? 'last month';
  const suggestions = [
    ...closest.map((line) => `${line.name} ${reading.periods[0] ? `in ${period}` : 'last month'}`),
    'Revenue last month',
    'Top 5 expenses last quarter',
    'Cash at the end of next quarter',
    'How much did we pay AWS last month?',
    'Runway if we hire two engineers at $150k',
  ].slice(0, 5);
  return { kind: 'notUnderstood', missing, heard, suggestions };
}
