import { addMonths, formatMonthLong } from '@keel/domain';
import { type LineInText, matchLine } from './matchLine';
import { findPeriods } from './parsePeriod';
import {
  countOf,
  currentMonthPeriod,
  GENERIC_LINES,
  lastCompleteMonth,
  leftoverPhrase,
  monthsIn,
  notUnderstood,
  previousPeriod,
  type Reading,
  readQuestion,
  spanOf,
  toLineRef,
  unknownWords,
  yearEarlier,
} from './questionReading';
import type { Intent, LineCandidate, LineRef, Period, PeriodMatch, Vocabulary } from './questionTypes';
import { declined } from './readDeclines';
import { readPayeeMention, readTransactions } from './readPayments';
import { HIRING, RUNWAY, RUNWAY_METHOD_NAMES, readHiring, readWhatIf, WHAT_IF } from './readPlans';

/**
 * Reads a finance question in plain English into what it asks (an Intent): the measure, the report
 * line (the company's own chart, matched by the names people use and fuzzily) and the period (dates by
 * parsePeriod). A part it cannot read is named in a 'notUnderstood' intent; it never substitutes another
 * line or period. Questions about another company, a person's own money or advice are declined.
 */

const BURN = /\b(?:net\s+)?burn(?:ing|s|ed|t|\s+rate)?\b/i;
const CASH =
  /\bcash\b|\bbank\s+balances?\b|\bin\s+the\s+bank\b|\bmoney\s+(?:do|did|will)\s+we\s+have\b|\bhow\s+much\s+money\s+(?:do|did|will)\s+we\b/i;

/** 'income vs expense', 'income and expenses': the two sides of Net Income. */
const INCOME_VS_EXPENSE =
  /\b(?:income|revenue)\s+(?:vs\.?|versus|and|against|compared?\s+(?:to|with))\s+(?:expenses?|costs?|spending)\b|\bincome\b.*\bcompare\b.*\bexpenses?\b|\bcompare\b.*\bincome\b.*\bexpenses?\b|\bincome\s+compare\s+to\s+expenses?\b/i;

const TOP =
  /\b(?:top|biggest|largest|main|highest|largest|major|primary)\b|\bwhere\b.*\bmoney\b.*\bgo|\bwhat\s+(?:did|do)\s+we\s+spend\s+(?:the\s+)?most\b|\bspend(?:ing)?\s+by\s+categor|\bbreak\s*down\b|\bbreakdown\b/i;
const TOP_COUNT =
  /\b(?:top|biggest|largest|main|highest|major)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\b|\b(\d{1,2})\s+(?:biggest|largest|top|highest)\b/i;

const COMPARE = /\bvs\.?\b|\bversus\b|\bcompared?\s+(?:to|with)\b|\bcompare\b|\bagainst\b|\brelative\s+to\b/i;
const YOY =
  /\byear[\s-]over[\s-]year\b|\byoy\b|\bvs\.?\s+(?:the\s+)?(?:same\s+(?:month|quarter|period)\s+)?last\s+year\b|\bfrom\s+a\s+year\s+(?:ago|earlier)\b/i;
const CHANGE =
  /\bgrowth\b|\bgrow(?:n|ing)?\b|\bgrew\b|\bchanged?\b|\bincrease[ds]?\b|\bdecrease[ds]?\b|\bdifference\b|\bup\s+or\s+down\b|\bdrop(?:ped)?\b|\bdecline[ds]?\b|\brise\b|\brose\b|\bmom\b|\bmonth[\s-]over[\s-]month\b|\bqoq\b|\bquarter[\s-]over[\s-]quarter\b/i;
const SHARE =
  /(?:\bshare|\bpercent(?:age)?|%|\bproportion|\bportion|\bfraction|\bratio)\s+of\b|\bas\s+a\s+(?:share|percent(?:age)?|%|proportion)\s+of\b|\bwhat\s+(?:%|percent(?:age)?\b|share\b|portion\b|fraction\b|proportion\b)/i;
const AVERAGE =
  /\baverage\b|\bavg\b|\bmean\b|\bper\s+month\b|\ba\s+month\b|\bmonthly\s+average\b|\beach\s+month\b|\bon\s+average\b|\bmonthly\b/i;

/** Words that make a question one about money, whatever its line. */
const FINANCE_WORDS =
  /\b(?:how\s+much|how\s+many|total|amount|spent|spend|spending|costs?|paid|pay|earn(?:ed)?|made|figures?|balance|sum|average|revenue|income|expenses?|profit|budget|dollars?|money|\$)/i;

const MEASURE_WORDS =
  /\b(?:how\s+much|what(?:'s|\s+is|\s+was|\s+were|\s+are|\s+will)?|total|show|tell|give|sum|amount|figure|number|report|spent|spend|earn(?:ed)?|made|make|paid|pay|cost)\b/i;

/** Reads the question. See the file's comment. */
export function parseQuestion(question: string, vocabulary: Vocabulary): Intent {
  const reading = readQuestion(question, vocabulary);
  const { text } = reading;
  if (text === '') return notUnderstood(reading, ['measure', 'line', 'period'], null);

  const decline = declined(text, vocabulary);
  if (decline) return decline;

  if (WHAT_IF.test(text)) {
    const whatIf = readWhatIf(reading);
    if (whatIf) return whatIf;
  }
  if (RUNWAY.test(text)) {
    const method = RUNWAY_METHOD_NAMES.find(([pattern]) => pattern.test(text))?.[1] ?? null;
    return { kind: 'runway', method };
  }
  const transactions = readTransactions(reading);
  if (transactions) return transactions;
  if (
    HIRING.test(text) &&
    !reading.lines.some(
      (found) =>
        found.line.name !== 'Payroll' && found.line.kind === 'flow' && !/\bhiring\b/i.test(found.text),
    )
  ) {
    return readHiring(reading);
  }
  if (SHARE.test(text) && reading.lines.length >= 1) {
    const share = readShare(reading);
    if (share) return share;
  }
  if (BURN.test(text) && !reading.lines.some((found) => found.line.name !== 'Net Burn')) {
    const periods = reading.periods.map((match) => match.period);
    if (periods.length >= 2 || (COMPARE.test(text) && periods.length >= 1)) {
      const line = reading.vocabulary.lines.find((candidate) => candidate.name === 'Net Burn');
      if (line) return readCompare(reading, toLineRef(line)) ?? { kind: 'burn', period: periods[0] ?? null };
    }
    return { kind: 'burn', period: spanOf(reading.periods) };
  }
  if (INCOME_VS_EXPENSE.test(text)) {
    const netIncome = vocabulary.lines.find((candidate) => candidate.path === 'Net Income');
    if (netIncome) {
      return {
        kind: 'figure',
        measure: 'total',
        line: toLineRef(netIncome),
        period: spanOf(reading.periods) ?? lastCompleteMonth(vocabulary),
      };
    }
  }
  if (TOP.test(text) && !COMPARE.test(text)) {
    const top = readTopLines(reading);
    if (top) return top;
  }
  if (CASH.test(text) && !reading.lines.some((found) => found.line.name !== 'Banks')) {
    const period = spanOf(reading.periods);
    if (
      reading.periods.length >= 2 ||
      (COMPARE.test(text) && reading.periods.length >= 1) ||
      YOY.test(text)
    ) {
      const banks = reading.vocabulary.lines.find((candidate) => candidate.name === 'Banks');
      if (banks) {
        const compared = readCompare(reading, toLineRef(banks));
        if (compared) return compared;
      }
    }
    return { kind: 'cash', period: period ?? currentMonthPeriod(vocabulary) };
  }
  return readPayeeMention(reading) ?? readFigure(reading);
}

// --- Figures, comparisons, shares ------------------------------------------------------------------

/** The line the question names: found in its words, else the closest name to what is left of it. */
function readLine(reading: Reading): {
  line: LineCandidate | null;
  heard: string | null;
  suggestions: LineCandidate[];
} {
  // The most specific line said: 'spend on travel' is about Travel, not all of Expense.
  const found = [...reading.lines].sort((a, b) => b.line.depth - a.line.depth || a.start - b.start)[0];
  if (found) {
    const unknown = GENERIC_LINES.has(found.line.path) ? unknownWords(reading) : null;
    if (unknown) {
      const matched = matchLine(reading.vocabulary.lines, unknown);
      if (matched.match) return { line: matched.match, heard: unknown, suggestions: [] };
      return { line: null, heard: `${unknown} ${found.text}`, suggestions: matched.suggestions };
    }
    return { line: found.line, heard: found.text, suggestions: [] };
  }
  const heard = leftoverPhrase(reading.rest);
  if (!heard) return { line: null, heard: null, suggestions: [] };
  const matched = matchLine(reading.vocabulary.lines, heard);
  return { line: matched.match, heard, suggestions: matched.suggestions };
}

function readFigure(reading: Reading): Intent {
  const { line, heard, suggestions } = readLine(reading);
  const missing: ('measure' | 'line' | 'period')[] = [];
  if (!line) {
    if (!MEASURE_WORDS.test(reading.text) && reading.periods.length === 0) missing.push('measure');
    else if (reading.periods.length === 0 && !FINANCE_WORDS.test(reading.text)) missing.push('measure');
    missing.push('line');
    return notUnderstood(reading, missing, heard, suggestions);
  }
  const ref = toLineRef(line);
  const periods = reading.periods.map((match) => match.period);
  const unread = unreadTimeWord(reading);
  if (unread) return notUnderstood(reading, ['period'], unread);
  if (
    periods.length >= 2 ||
    COMPARE.test(reading.text) ||
    YOY.test(reading.text) ||
    CHANGE.test(reading.text)
  ) {
    const compared = readCompare(reading, ref);
    if (compared) return compared;
  }
  const period =
    spanOf(reading.periods) ??
    (line.kind === 'balance'
      ? currentMonthPeriod(reading.vocabulary)
      : lastCompleteMonth(reading.vocabulary));
  const average = AVERAGE.test(reading.text) && monthsIn(period) > 1 && line.kind === 'flow';
  return { kind: 'figure', measure: average ? 'average' : 'total', line: ref, period };
}

/** Words that may follow 'in' or 'for' without naming a time: a line's qualifiers, units, the company. */
const NOT_TIME =
  /^(?:total|all|the|our|a|an|us|dollars?|usd|cash|cents?|full|detail|each|every|general|a\s+row)$/i;

/**
 * A time said after 'in', 'for', 'during', 'since' or 'end of' that parsePeriod could not read ('in
 * Smarch'), when no period was read at all: answering the default period instead would be answering
 * another question.
 */
function unreadTimeWord(reading: Reading): string | null {
  if (reading.periods.length > 0) return null;
  let rest = reading.rest;
  for (const found of [...reading.lines].sort((a, b) => b.start - a.start)) {
    rest = `${rest.slice(0, found.start)} ${rest.slice(found.end)}`;
  }
  const said =
    /\b(?:in|for|during|since|until|by|(?:at\s+the\s+)?end\s+of)\s+([A-Za-z][A-Za-z'’-]{2,})/i.exec(
      rest,
    )?.[1];
  if (!said || NOT_TIME.test(said)) return null;
  if (reading.vocabulary.counterparties.some((name) => name.toLowerCase().includes(said.toLowerCase())))
    return null;
  return said;
}

/**
 * Two periods of one line: 'A vs B' (A first), 'from A to B' (B against A), 'growth last month'
 * (against the month before), 'year over year' (against a year earlier). Null when there is no pair.
 */
function readCompare(reading: Reading, line: LineRef): Intent | null {
  const periods = reading.periods.map((match) => match.period);
  const [first, second] = periods;
  if (first && second) {
    const fromTo = new RegExp(
      `\\bfrom\\s+${escapeRegExp(reading.periods[0]?.text ?? '')}\\s+(?:to|until|through)\\s+${escapeRegExp(reading.periods[1]?.text ?? '')}`,
      'i',
    ).test(reading.text);
    return { kind: 'compare', line, periods: fromTo ? [second, first] : [first, second] };
  }
  const only =
    first ??
    (line.kind === 'balance'
      ? currentMonthPeriod(reading.vocabulary)
      : lastCompleteMonth(reading.vocabulary));
  if (first && first.grain === 'range' && CHANGE.test(reading.text) && !YOY.test(reading.text)) {
    // 'change from September to October' read as one range: its two ends, the later against the earlier.
    const [start, end] = rangeEnds(reading.periods[0] as PeriodMatch, reading.vocabulary);
    if (start && end) return { kind: 'compare', line, periods: [end, start] };
  }
  if (YOY.test(reading.text)) return { kind: 'compare', line, periods: [only, yearEarlier(only)] };
  if (CHANGE.test(reading.text)) return { kind: 'compare', line, periods: [only, previousPeriod(only)] };
  return null;
}

/** A range said as 'from X to Y': X and Y read on their own. */
function rangeEnds(match: PeriodMatch, vocabulary: Vocabulary): [Period | null, Period | null] {
  const parts = match.text.split(/\s+(?:to|until|through|thru|and|-|–)\s+|[-–]/i);
  if (parts.length !== 2) return [null, null];
  const context = { currentMonth: vocabulary.currentMonth, future: false };
  const start = findPeriods(parts[0] ?? '', context)[0]?.period ?? null;
  const end = findPeriods(parts[1] ?? '', context)[0]?.period ?? null;
  if (!start || !end) {
    return [
      {
        from: match.period.from,
        to: match.period.from,
        label: formatMonthLong(match.period.from),
        grain: 'month',
      },
      { from: match.period.to, to: match.period.to, label: formatMonthLong(match.period.to), grain: 'month' },
    ];
  }
  // A year said once at the end ('Jan to Mar 2026') belongs to both ends: keep the range's own.
  return [
    { ...start, from: match.period.from, to: addMonths(match.period.from, monthsIn(start) - 1) },
    { ...end, from: addMonths(match.period.to, -(monthsIn(end) - 1)), to: match.period.to },
  ];
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** 'payroll as a share of expenses', 'what % of opex is software': the line and the whole it is part of. */
function readShare(reading: Reading): Intent | null {
  const [a, b] = reading.lines;
  if (!a) return null;
  const period = spanOf(reading.periods) ?? lastCompleteMonth(reading.vocabulary);
  if (a && b) {
    // The whole is the line said right after 'of'.
    const ofBefore = (found: LineInText) =>
      /\bof\s*$/i.test(`${reading.rest.slice(0, found.start).trimEnd()} `);
    const aIsWhole = ofBefore(a) && !ofBefore(b);
    const [part, whole] = aIsWhole ? [b, a] : [a, b];
    return { kind: 'share', line: toLineRef(part.line), of: toLineRef(whole.line), period };
  }
  // One line: its share of its root (Income or Expense).
  const root = reading.vocabulary.lines.find((candidate) => candidate.path === a.line.root);
  if (!root || root.path === a.line.path) return null;
  return { kind: 'share', line: toLineRef(a.line), of: toLineRef(root), period };
}

// --- Top lines --------------------------------------------------------------------------------------

function readTopLines(reading: Reading): Intent | null {
  const match = TOP_COUNT.exec(reading.text);
  const said = match?.[1] ?? match?.[2];
  const singular =
    /\b(?:biggest|largest|main|highest|top)\s+(?:single\s+)?(?:expense|cost|category|line|spend)\b(?!s)/i.test(
      reading.text,
    );
  const top = Math.min(Math.max(said ? countOf(said, 5) : singular ? 1 : 5, 1), 20);
  const named = reading.lines.find((found) => found.line.name !== 'Expense');
  const period = spanOf(reading.periods) ?? lastCompleteMonth(reading.vocabulary);
  if (!named) {
    const aboutSpend =
      reading.lines.some((found) => found.line.name === 'Expense') ||
      /\b(?:spend(?:ing)?|expenses?|costs?|categor(?:y|ies)|money\s+go|spent)\b/i.test(reading.text);
    return aboutSpend ? { kind: 'topLines', parent: null, top, period } : null;
  }
  if (named.line.kind !== 'flow' || named.line.accountId === null) return null;
  const hasChildren = reading.vocabulary.lines.some((candidate) =>
    candidate.path.startsWith(`${named.line.path}/`),
  );
  if (!hasChildren) return null;
  return { kind: 'topLines', parent: toLineRef(named.line), top, period };
}
