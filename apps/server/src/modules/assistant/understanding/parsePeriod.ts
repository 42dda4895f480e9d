import {
  addMonths,
  CALENDAR_YEAR_MAX,
  CALENDAR_YEAR_MIN,
  formatMonthLong,
  isCalendarMonth,
  MONTH_NAMES,
  type MonthKey,
  monthsBetween,
  toMonthKey,
} from '@keel/domain';
import * as chrono from 'chrono-node';
import type { Period, PeriodMatch } from './questionTypes';

/**
 * Finding the periods a finance question names ('last month', 'Q3 2026', 'YTD', 'the last 3 months',
 * 'from Jan to Mar', 'end of October'), as whole months counted from the company's current month. Days
 * (chrono-node reads them: 'October 31st', '10/31/2026') stand for their month's end. Words that only
 * say a rate ('a month', 'per month', 'monthly') are not periods: the caller reads them as an average.
 */

type PeriodContext = {
  currentMonth: MonthKey;
  /** The question is about the future ('forecast', 'will', 'next', 'plan', 'projected'): a bare month/quarter name means its next occurrence, not its latest. */
  future: boolean;
};

/** Only the question's first 500 characters are read; every pattern below is linear in its input. */
const MAX_TEXT_LENGTH = 500;
/** 'the last N months' takes N from 1 to 60 (the forecast's horizon). */
const MAX_COUNT = 60;

type Span = { from: MonthKey; to: MonthKey; grain: Period['grain']; label: string };
/** Where a month, quarter or half said without a year falls. */
type Place =
  | { kind: 'latest' }
  | { kind: 'next' }
  | { kind: 'notAfter'; month: MonthKey }
  | { kind: 'notBefore'; month: MonthKey };
/**
 * A period as said, before ranges are joined. A unit (a month, quarter, half, year or relative one) can
 * end a range or be 'the end of'; a whole (year to date, the last N months, a range) stands alone.
 */
type Atom = {
  start: number;
  end: number;
  role: 'unit' | 'whole';
  /** Whether the span floats: a name without a year, placed by the rules or by the other end of a range. */
  floating: boolean;
  span: (place: Place) => Span | null;
  endOf: boolean;
  /** 'previous'/'prior' said right after a period of the same kind ('Q3 vs the prior quarter'): the one before it. */
  precedesPrevious?: boolean;
};

const MONTH_WORD =
  'jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:tember|t)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?';
const MONTH_PREFIXES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const NUMBER_WORDS = [
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
];
const COUNT = String.raw`\d{1,3}|twenty[\s-](?:one|two|three|four)|${[...NUMBER_WORDS].reverse().join('|')}`;
/** Words before 'May' or a lower-case 'march' that make it a month and not a verb. */
const MONTH_PREPOSITIONS = new Set(
  'in for of during since through thru until till from to by on before after between last next'.split(' '),
);

/** A year said after a month, quarter or half: ' 2026', ', 2026', "'26", '-26', ' FY26', ' of last year'. */
const YEAR_TAIL = new RegExp(
  [
    String.raw`(?:,?\s+(?:of\s+)?|\s*,\s*|[-/])(\d{4})(?![\d%]|[.,]\d|\s?[km]\b)`,
    String.raw`(?:,?\s+(?:of\s+)?|\s*)(?:fy|cy)\s?['’]?(\d{4}|\d{2})(?!\d)`,
    String.raw`\s*['’](\d{2})(?!\d)`,
    String.raw`-(\d{2})(?![\d/-])`,
    String.raw`,?\s+(?:of\s+)?(this|current|last|previous|prior|next)\s+(?:fiscal\s+|calendar\s+)?year\b`,
  ].join('|'),
  'iy',
);
const END_OF_BEFORE = /(?:\bthe\s+)?\b(?:end|close)\s+of\s+(?:the\s+)?$/i;
const END_AFTER = /(?:\s+|-)(?:(?:month|quarter|qtr|year)[\s-]?)?end\b/iy;
const YTD_AFTER = /\s+(?:ytd|year[\s-]to[\s-]date|to[\s-]date|so\s+far)\b/iy;
/** Worth running chrono-node only when a day may be said: a month word next to a number, or a full date. */
const MAYBE_DAY = new RegExp(
  String.raw`\b(?:${MONTH_WORD})\.?,?\s*\d|\d(?:st|nd|rd|th)?\s+(?:of\s+)?(?:${MONTH_WORD})\b|\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2}`,
  'i',
);
const DAY_SHAPE = new RegExp(
  String.raw`\d.*\b(?:${MONTH_WORD})|\b(?:${MONTH_WORD}).*\d|\d{1,2}/\d{1,2}/\d{2,4}|\d{4}-\d{2}-\d{2}`,
  'i',
);

const yearOf = (month: MonthKey) => Number(month.slice(0, 4));
const monthOf = (month: MonthKey) => Number(month.slice(5, 7));
const quarterStart = (month: MonthKey) =>
  toMonthKey(yearOf(month), Math.floor((monthOf(month) - 1) / 3) * 3 + 1);

/** 'August to October 2026', 'November 2025 to October 2026'; one month: 'October 2026'. */
function formatMonthSpan(from: MonthKey, to: MonthKey): string {
  if (from === to) return formatMonthLong(to);
  if (yearOf(from) === yearOf(to)) return `${MONTH_NAMES[monthOf(from) - 1]} to ${formatMonthLong(to)}`;
  return `${formatMonthLong(from)} to ${formatMonthLong(to)}`;
}

const span = (from: MonthKey, to: MonthKey, grain: Period['grain'], label?: string): Span => ({
  from,
  to,
  grain,
  label: label ?? formatMonthSpan(from, to),
});

/**
 * A block of `length` months starting at `firstMonth` (1–12) of a year: the year said, or else the
 * block's latest start by the current month, its next one still running (future), or placed against
 * the other end of a range.
 */
function cycleSpan(
  context: PeriodContext,
  length: number,
  firstMonth: number,
  year: number | null,
  make: (from: MonthKey, to: MonthKey, year: number) => Span,
): (place: Place) => Span | null {
  return (place) => {
    const block = (y: number) =>
      y >= CALENDAR_YEAR_MIN && y <= CALENDAR_YEAR_MAX
        ? make(toMonthKey(y, firstMonth), addMonths(toMonthKey(y, firstMonth), length - 1), y)
        : null;
    if (year !== null) return block(year);
    const reference =
      place.kind === 'notAfter' || place.kind === 'notBefore' ? place.month : context.currentMonth;
    const candidates = [-1, 0, 1].flatMap((offset) => block(yearOf(reference) + offset) ?? []);
    const current = context.currentMonth;
    if (place.kind === 'latest') return candidates.filter((c) => c.from <= current).at(-1) ?? null;
    if (place.kind === 'next') return candidates.find((c) => c.to >= current) ?? null;
    if (place.kind === 'notAfter') return candidates.filter((c) => c.from <= place.month).at(-1) ?? null;
    return candidates.find((c) => c.from >= place.month) ?? null;
  };
}

const monthSpan = (context: PeriodContext, month: number, year: number | null) =>
  cycleSpan(context, 1, month, year, (from, to) => span(from, to, 'month'));
const quarterSpan = (context: PeriodContext, quarter: number, year: number | null) =>
  cycleSpan(context, 3, quarter * 3 - 2, year, (from, to, y) =>
    span(from, to, 'quarter', `Q${quarter} ${y}`),
  );
/** A half has no grain of its own: it is a range of six months named 'H1 2026'. */
const halfSpan = (context: PeriodContext, half: number, year: number | null) =>
  cycleSpan(context, 6, half * 6 - 5, year, (from, to, y) => span(from, to, 'range', `H${half} ${y}`));
const yearSpan = (year: number) => span(toMonthKey(year, 1), toMonthKey(year, 12), 'year', String(year));
const ytdSpan = (context: PeriodContext, year: number) =>
  span(toMonthKey(year, 1), toMonthKey(year, monthOf(context.currentMonth)), 'ytd', `${year} to date`);
const fixed = (value: Span) => () => value;

function relativeOffset(word: string): number {
  const lower = word.toLowerCase();
  if (lower === 'last' || lower === 'past' || lower === 'previous' || lower === 'prior') return -1;
  if (lower === 'next' || lower === 'coming') return 1;
  return 0;
}

/** 'previous', 'prior': after a period of the same kind, the one before it ('Q3 vs the prior quarter'). */
const saysPrevious = (word: string | undefined) => /^(?:previous|prior|preceding)$/i.test(word ?? '');

function twoOrFourDigitYear(digits: string): number {
  return digits.length === 2 ? 2000 + Number(digits) : Number(digits);
}

/** The year said right after position `at`, and where it ends; null when none is. */
function readYearTail(
  text: string,
  at: number,
  context: PeriodContext,
): { year: number; end: number } | null {
  YEAR_TAIL.lastIndex = at;
  const match = YEAR_TAIL.exec(text);
  if (!match) return null;
  const digits = match[1] ?? match[2] ?? match[3] ?? match[4];
  const year = digits
    ? twoOrFourDigitYear(digits)
    : yearOf(context.currentMonth) + relativeOffset(match[5] ?? '');
  return { year, end: at + match[0].length };
}

/** 'first' or '1st' → 1, up to 'fourth'. */
function ordinalOf(word: string): number {
  const lower = word.toLowerCase();
  return /^\d/.test(lower) ? Number(lower[0]) : ['first', 'second', 'third', 'fourth'].indexOf(lower) + 1;
}

function countOf(word: string): number {
  const lower = word.toLowerCase().replace(/\s+/, '-');
  if (/^\d+$/.test(lower)) return Number(lower);
  if (lower.startsWith('twenty-')) return 20 + NUMBER_WORDS.indexOf(lower.slice(7)) + 1;
  return NUMBER_WORDS.indexOf(lower) + 1;
}

/** 'May' is a month after a preposition or before a year, never the verb ('may I ask'); 'march' likewise unless capitalized. */
function isMonthWord(text: string, start: number, word: string, yearFollows: boolean): boolean {
  const lower = word.toLowerCase();
  if (lower !== 'may' && !lower.startsWith('mar')) return true;
  if (yearFollows) return true;
  const before = text.slice(Math.max(0, start - 16), start);
  const previous = /([a-z]+)\s+$/i.exec(before)?.[1]?.toLowerCase();
  const preposition =
    (previous !== undefined && MONTH_PREPOSITIONS.has(previous)) || /[-–—]\s*$/.test(before);
  const capital = word[0] === word[0]?.toUpperCase();
  return lower === 'may' ? capital && preposition : capital || preposition;
}

const RATE_OR_UNIT_AFTER =
  /\s*(?:(?:per|a|an|each|every|\/)\s*(?:month|mo|year|yr|week|day|hour)|dollars|usd|eur|euros?|gbp|pounds|units|people|employees|engineers|hires|customers|users|hours)\b/iy;
const YEAR_PREPOSITION_BEFORE =
  /\b(?:in|for|during|of|since|from|to|until|till|through|by|over|across|throughout)\s+$/i;

/** '2000 a month', '2050 dollars': a bare number said as an amount or a count, unless a preposition makes it a year ('in 2026 per month'). */
function isCountedAmount(text: string, start: number, end: number): boolean {
  RATE_OR_UNIT_AFTER.lastIndex = end;
  return (
    RATE_OR_UNIT_AFTER.test(text) && !YEAR_PREPOSITION_BEFORE.test(text.slice(Math.max(0, start - 16), start))
  );
}

type Rule = { pattern: RegExp; read: (match: RegExpExecArray, text: string) => Atom | null };

function unit(match: RegExpExecArray, end: number, floating: boolean, spanOf: Atom['span']): Atom {
  return { start: match.index, end, role: 'unit', floating, span: spanOf, endOf: false };
}
function whole(match: RegExpExecArray, spanOf: Span | null): Atom | null {
  if (!spanOf) return null;
  const end = match.index + match[0].length;
  return { start: match.index, end, role: 'whole', floating: false, span: fixed(spanOf), endOf: false };
}

function lastOrNext(context: PeriodContext, count: number, unitWord: string, next: boolean): Span | null {
  if (count < 1 || count > MAX_COUNT) return null;
  const current = context.currentMonth;
  const size = /^q/i.test(unitWord) ? 3 : /^y/i.test(unitWord) ? 12 : 1;
  const anchor = size === 3 ? quarterStart(current) : size === 12 ? toMonthKey(yearOf(current), 1) : current;
  const from = next ? addMonths(anchor, size) : addMonths(anchor, -size * count);
  return span(from, addMonths(from, size * count - 1), 'lastN');
}

function buildRules(context: PeriodContext): Rule[] {
  const current = context.currentMonth;
  const thisYear = yearOf(current);
  const thisQuarter = Math.floor((monthOf(current) - 1) / 3) + 1;
  const rules: Rule[] = [
    {
      pattern: new RegExp(String.raw`\b(${MONTH_WORD})(?![a-z])\.?`, 'gi'),
      read: (match, text) => {
        const word = match[1] ?? '';
        const tail = readYearTail(text, match.index + match[0].length, context);
        if (!isMonthWord(text, match.index, word, tail !== null)) return null;
        const month = MONTH_PREFIXES.indexOf(word.slice(0, 3).toLowerCase()) + 1;
        const end = tail?.end ?? match.index + match[0].length;
        return unit(match, end, tail === null, monthSpan(context, month, tail?.year ?? null));
      },
    },
    {
      pattern:
        /\b(last|next|this)\s+(jan(?:uary)?|feb(?:ruary)?|march|april|may|june|july|august|sept(?:ember)?|october|november|december)\b/gi,
      read: (match) => {
        const which = (match[1] ?? '').toLowerCase();
        if (which === 'this' && match[2] === 'may') return null;
        const month = MONTH_PREFIXES.indexOf((match[2] ?? '').slice(0, 3).toLowerCase()) + 1;
        const spanOf = monthSpan(context, month, null);
        const chosen =
          which === 'this'
            ? monthSpan(context, month, thisYear)({ kind: 'latest' })
            : which === 'last'
              ? spanOf({ kind: 'notAfter', month: addMonths(current, -1) })
              : spanOf({ kind: 'notBefore', month: addMonths(current, 1) });
        return chosen ? unit(match, match.index + match[0].length, false, fixed(chosen)) : null;
      },
    },
    {
      pattern: /\b(\d{4})-(0[1-9]|1[0-2])(?!\d)|\b(0?[1-9]|1[0-2])\/(\d{4})(?!\d)/g,
      read: (match) => {
        const year = Number(match[1] ?? match[4]);
        const month = Number(match[2] ?? match[3]);
        return unit(match, match.index + match[0].length, false, monthSpan(context, month, year));
      },
    },
    {
      pattern:
        /\bq([1-4])\b|\b(first|second|third|fourth|1st|2nd|3rd|4th)\s+(?:fiscal\s+)?(?:quarter|qtr)\b/gi,
      read: (match, text) => {
        const quarter = match[1] ? Number(match[1]) : ordinalOf(match[2] ?? '');
        const tail = readYearTail(text, match.index + match[0].length, context);
        const end = tail?.end ?? match.index + match[0].length;
        return unit(match, end, tail === null, quarterSpan(context, quarter, tail?.year ?? null));
      },
    },
    {
      pattern: /\bh([12])\b|\b(first|second|1st|2nd)\s+half\b/gi,
      read: (match, text) => {
        const half = match[1] ? Number(match[1]) : ordinalOf(match[2] ?? '');
        const tail = readYearTail(text, match.index + match[0].length, context);
        const end = tail?.end ?? match.index + match[0].length;
        return unit(match, end, tail === null, halfSpan(context, half, tail?.year ?? null));
      },
    },
    {
      // '2026 Q3', 'FY26 H1', '3Q26', '1H 2026'
      pattern:
        /\b(?:(\d{4})|fy\s?['’]?(\d{4}|\d{2}))[\s-]?([qh])([1-4])\b|\b([1-4])([qh])\s?['’]?(\d{4}|\d{2})\b/gi,
      read: (match) => {
        const year = twoOrFourDigitYear(match[1] ?? match[2] ?? match[7] ?? '');
        const kind = (match[3] ?? match[6] ?? '').toLowerCase();
        const index = Number(match[4] ?? match[5]);
        if (kind === 'h' && index > 2) return null;
        const spanOf = kind === 'q' ? quarterSpan(context, index, year) : halfSpan(context, index, year);
        return unit(match, match.index + match[0].length, false, spanOf);
      },
    },
    {
      // A bare year only from 2000 to 2099 and never part of an amount ('$2026', '2,026') or a longer number.
      pattern:
        /(?<![\d$€£¥.,/'’]|[$€£¥]\s)\b(20\d{2})\b(?![\d%]|[.,/]\d|\s?[km]\b)|\b(?:fy|cy)\s?['’]?(\d{4}|\d{2})(?!\d)|\b(?:fiscal|calendar)\s+(?:year\s+)?['’]?(\d{4}|\d{2})(?!\d)|\byear\s+(\d{4})(?!\d)/gi,
      read: (match, text) => {
        if (match[1] && isCountedAmount(text, match.index, match.index + match[0].length)) return null;
        const year = twoOrFourDigitYear(match[1] ?? match[2] ?? match[3] ?? match[4] ?? '');
        YTD_AFTER.lastIndex = match.index + match[0].length;
        const ytd = YTD_AFTER.exec(text);
        if (ytd)
          return { ...unit(match, YTD_AFTER.lastIndex, false, fixed(ytdSpan(context, year))), role: 'whole' };
        return unit(match, match.index + match[0].length, false, fixed(yearSpan(year)));
      },
    },
    {
      pattern:
        /\b(this|current|last|past|previous|prior|next|coming)\s+month\b|\b(?:the\s+)?month\s+before\s+last\b/gi,
      read: (match) => {
        const month = addMonths(current, match[1] ? relativeOffset(match[1]) : -2);
        const atom = unit(match, match.index + match[0].length, false, fixed(span(month, month, 'month')));
        return { ...atom, precedesPrevious: saysPrevious(match[1]) };
      },
    },
    {
      pattern: /\b(this|current|last|past|previous|prior|next|coming)\s+(?:fiscal\s+)?(?:quarter|qtr)\b/gi,
      read: (match) => {
        const from = addMonths(quarterStart(current), 3 * relativeOffset(match[1] ?? ''));
        const label = `Q${Math.floor((monthOf(from) - 1) / 3) + 1} ${yearOf(from)}`;
        const atom = unit(
          match,
          match.index + match[0].length,
          false,
          fixed(span(from, addMonths(from, 2), 'quarter', label)),
        );
        return { ...atom, precedesPrevious: saysPrevious(match[1]) };
      },
    },
    {
      pattern:
        /\b(this|current|last|previous|prior|next|coming)\s+(?:fiscal\s+|calendar\s+)?year\b|\b(?:the\s+)?year\s+before\s+last\b/gi,
      read: (match) => {
        const year = thisYear + (match[1] ? relativeOffset(match[1]) : -2);
        const atom = unit(match, match.index + match[0].length, false, fixed(yearSpan(year)));
        return { ...atom, precedesPrevious: saysPrevious(match[1]) };
      },
    },
    {
      pattern:
        /\b(?:mtd|month[\s-]to[\s-]date|(?:this|current)\s+month[\s-]to[\s-]date|so\s+far\s+this\s+month|this\s+month\s+so\s+far)\b/gi,
      read: (match) => whole(match, span(current, current, 'month', `${formatMonthLong(current)} to date`)),
    },
    {
      pattern:
        /\b(?:qtd|quarter[\s-]to[\s-]date|(?:this|current)\s+quarter[\s-]to[\s-]date|so\s+far\s+this\s+quarter|this\s+quarter\s+so\s+far)\b/gi,
      read: (match) =>
        whole(match, span(quarterStart(current), current, 'qtd', `Q${thisQuarter} ${thisYear} to date`)),
    },
    {
      pattern:
        /\b(?:ytd|year[\s-]to[\s-]date|(?:this|current)\s+year[\s-]to[\s-]date|so\s+far\s+this\s+year|this\s+year\s+so\s+far)\b(?:\s+(?:for\s+|of\s+|in\s+)?(?:(\d{4})|fy\s?['’]?(\d{4}|\d{2}))(?!\d))?/gi,
      read: (match) => {
        const said = match[1] ?? match[2];
        return whole(match, ytdSpan(context, said ? twoOrFourDigitYear(said) : thisYear));
      },
    },
    {
      pattern: new RegExp(
        String.raw`\b(?:(last|past|previous|prior|trailing|preceding)|(next|coming|upcoming|following))\s+(${COUNT})\s+(?:full\s+|complete\s+|completed\s+|whole\s+)?(months?|mos|mths|quarters?|qtrs?|years?)\b`,
        'gi',
      ),
      read: (match) => {
        const atom = whole(match, lastOrNext(context, countOf(match[3] ?? ''), match[4] ?? '', !match[1]));
        return atom && { ...atom, precedesPrevious: saysPrevious(match[1]) };
      },
    },
    {
      pattern: /\b(?:(ttm|ltm|l12m|t12m)|(ntm))\b/gi,
      read: (match) => whole(match, lastOrNext(context, 12, 'months', !match[1])),
    },
    {
      pattern:
        /\b(?:the\s+)?(?:end|close)\s+of\s+(?:the\s+)?(?:(?:fiscal|calendar)\s+)?(month|quarter|year)\b(?!\s+(?:of\s+)?(?:\d|fy|cy))|\b(month|quarter|qtr|year)[\s-]?end\b|\beo([mqy])\b/gi,
      read: (match, text) => {
        const kind = (match[1] ?? match[2] ?? match[3] ?? '').toLowerCase()[0];
        // 'year-end 2025': that year's December.
        const tail =
          kind === 'y' && match[2] ? readYearTail(text, match.index + match[0].length, context) : null;
        const year = tail?.year ?? thisYear;
        const to =
          kind === 'm' ? current : kind === 'q' ? addMonths(quarterStart(current), 2) : toMonthKey(year, 12);
        const end = tail?.end ?? match.index + match[0].length;
        return {
          start: match.index,
          end,
          role: 'whole',
          floating: false,
          span: fixed(span(to, to, 'month')),
          endOf: true,
        };
      },
    },
    {
      pattern:
        /\bsince\s+(?:the\s+)?(?:start|beginning)\s+of\s+(?:the\s+)?(?:(?:this|current|fiscal|calendar)\s+)?(month|quarter|year)\b(?!\s+(?:of\s+)?(?:\d|fy|cy))/gi,
      read: (match) => {
        const kind = (match[1] ?? '').toLowerCase();
        const from =
          kind === 'month' ? current : kind === 'quarter' ? quarterStart(current) : toMonthKey(thisYear, 1);
        return whole(match, span(from, current, 'range'));
      },
    },
  ];
  return rules;
}

/** Days chrono-node reads ('October 31st', 'Oct 26, 2026', '10/31/2026'): their month, at its end. */
function readDays(text: string, context: PeriodContext): Atom[] {
  if (!MAYBE_DAY.test(text)) return [];
  const reference = new Date(Date.UTC(yearOf(context.currentMonth), monthOf(context.currentMonth) - 1, 15));
  const atoms: Atom[] = [];
  for (const result of chrono.strict.parse(text, reference)) {
    const { start, end } = result;
    if (!start.isCertain('day') || !start.isCertain('month') || !DAY_SHAPE.test(result.text)) continue;
    const word = new RegExp(String.raw`\b(${MONTH_WORD})\b`, 'i').exec(result.text);
    const yearSaid = /\d(?:st|nd|rd|th)\b|\d{4}/i.test(result.text);
    if (word && !isMonthWord(text, result.index + word.index, word[1] ?? '', yearSaid)) continue;
    const monthSpanOf = (date: typeof start) =>
      monthSpan(context, date.get('month') ?? 1, date.isCertain('year') ? (date.get('year') ?? null) : null);
    const first = monthSpanOf(start);
    const position = { start: result.index, end: result.index + result.text.length };
    if (!end) {
      atoms.push({ ...position, role: 'unit', floating: !start.isCertain('year'), span: first, endOf: true });
      continue;
    }
    const last = monthSpanOf(end);
    const spanOf = (place: Place) => {
      const to = last(place);
      const from = to && first({ kind: 'notAfter', month: to.to });
      return from && to ? span(from.from, to.to, 'range') : null;
    };
    atoms.push({ ...position, role: 'whole', floating: false, span: spanOf, endOf: false });
  }
  return atoms;
}

/** Every period candidate, then the earliest (longest at one place) that overlap nothing kept before. */
function readAtoms(text: string, context: PeriodContext): Atom[] {
  const candidates = readDays(text, context);
  for (const rule of buildRules(context)) {
    rule.pattern.lastIndex = 0;
    for (let match = rule.pattern.exec(text); match; match = rule.pattern.exec(text)) {
      const atom = rule.read(match, text);
      if (atom) candidates.push(atom);
      if (match[0].length === 0) rule.pattern.lastIndex += 1;
    }
  }
  candidates.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Atom[] = [];
  for (const atom of candidates) {
    const keptEnd = kept.at(-1)?.end ?? 0;
    if (atom.start < keptEnd) continue;
    kept.push(atom.role === 'unit' ? withEndOf(atom, text, keptEnd) : atom);
  }
  return kept;
}

/** 'the end of October', 'October month-end', 'Q3 end': the unit's last month, as a balance date. */
function withEndOf(atom: Atom, text: string, keptEnd: number): Atom {
  const before = END_OF_BEFORE.exec(text.slice(Math.max(keptEnd, atom.start - 20), atom.start));
  END_AFTER.lastIndex = atom.end;
  const after = END_AFTER.exec(text);
  if (!before && !after) return atom;
  return {
    ...atom,
    start: atom.start - (before?.[0].length ?? 0),
    end: after ? END_AFTER.lastIndex : atom.end,
    endOf: true,
  };
}

const RANGE_START = /\b(?:from|between)\s+(?:the\s+)?$/i;
const RANGE_GAP = /^\s*(?:to|through|thru|till|until|and|[-–—])\s*(?:the\s+)?$/i;
const COMPARING = /\b(?:compare[sd]?|comparing|relative)\b/i;
const SINCE_BEFORE = /\bsince\s+(?:the\s+(?:start|beginning)\s+of\s+(?:the\s+)?)?$/i;
const FROM_BEFORE = /\bfrom\s+(?:the\s+)?$/i;
const ONWARDS_AFTER = /^\s+(?:on(?:wards?)?|forward)\b/i;
const UNTIL_BEFORE = /\b(?:until|till|up\s+until|through|thru)\s+$/i;

/** A range of two units: 'from Jan to Mar', 'between Q1 and Q3 2026', 'Jan–Mar 2026'. */
function joinRange(text: string, a: Atom, b: Atom): Atom | null {
  if (a.role !== 'unit' || b.role !== 'unit' || a.endOf || b.endOf) return null;
  const gap = RANGE_GAP.exec(text.slice(a.end, b.start));
  if (!gap) return null;
  const lead = RANGE_START.exec(text.slice(Math.max(0, a.start - 16), a.start));
  const saysAnd = /\band\b/i.test(gap[0]);
  if (saysAnd && !/between/i.test(lead?.[0] ?? '')) return null;
  if (!lead && COMPARING.test(text.slice(0, a.start))) return null;
  const spanOf = (place: Place) => {
    const first = a.floating ? null : a.span(place);
    const to = b.span(first && b.floating ? { kind: 'notBefore', month: first.from } : place);
    const from = first ?? (to && a.span({ kind: 'notAfter', month: to.to }));
    return from && to ? span(from.from, to.to, 'range') : null;
  };
  return {
    start: a.start - (lead?.[0].length ?? 0),
    end: b.end,
    role: 'whole',
    floating: false,
    span: spanOf,
    endOf: false,
  };
}

/** 'since August' (to the current month), 'from August onwards', 'until March' (from the current month). */
function openRange(text: string, atom: Atom, context: PeriodContext): Atom {
  if (atom.role !== 'unit') return atom;
  const before = text.slice(Math.max(0, atom.start - 32), atom.start);
  const current = context.currentMonth;
  const since = atom.endOf ? null : SINCE_BEFORE.exec(before);
  const from = atom.endOf ? null : FROM_BEFORE.exec(before);
  const onwards = from ? ONWARDS_AFTER.exec(text.slice(atom.end)) : null;
  if (since || (from && onwards)) {
    const lead = (since ?? from)?.[0].length ?? 0;
    const spanOf = () => {
      const start = atom.span({ kind: 'latest' });
      return start && start.from <= current ? span(start.from, current, 'range') : null;
    };
    const end = atom.end + (onwards?.[0].length ?? 0);
    return { start: atom.start - lead, end, role: 'whole', floating: false, span: spanOf, endOf: false };
  }
  const until = UNTIL_BEFORE.exec(before);
  if (!until) return atom;
  const spanOf = (place: Place) => {
    const last = atom.span(place);
    return last && last.to >= current ? span(current, last.to, 'range') : null;
  };
  return {
    start: atom.start - until[0].length,
    end: atom.end,
    role: 'whole',
    floating: false,
    span: spanOf,
    endOf: false,
  };
}

/** As many months as `period` holds, ending the month before `later` starts, named as `period` is. */
function precede(period: Period, later: Period): Period | null {
  const to = addMonths(later.from, -1);
  const from = addMonths(to, -monthsBetween(period.from, period.to));
  if (!isCalendarMonth(from)) return null;
  const label =
    period.grain === 'quarter'
      ? `Q${Math.floor((monthOf(from) - 1) / 3) + 1} ${yearOf(from)}`
      : period.grain === 'year'
        ? String(yearOf(from))
        : formatMonthSpan(from, to);
  return { ...period, from, to, label };
}

function toPeriod(atom: Atom, place: Place): Period | null {
  const said = atom.span(place);
  if (!said || !isCalendarMonth(said.from) || !isCalendarMonth(said.to) || said.from > said.to) return null;
  if (atom.endOf)
    return { from: said.to, to: said.to, label: formatMonthLong(said.to), grain: 'month', endOf: true };
  return { from: said.from, to: said.to, label: said.label, grain: said.grain };
}

/**
 * Every period said in `text` (its first 500 characters), in order, none overlapping, each with where
 * it was said. Two periods joined by 'vs', 'compared to', 'against' or 'and' stay two; 'from X to Y',
 * 'between X and Y', 'X–Y', 'since X' and 'until X' are one range. Anything that names no real calendar
 * month (1900–2199), or a range that ends before it starts, is not a period.
 */
export function findPeriods(text: string, context: PeriodContext): PeriodMatch[] {
  if (!isCalendarMonth(context.currentMonth))
    throw new RangeError(`currentMonth: not a month: ${context.currentMonth}`);
  const read = text.slice(0, MAX_TEXT_LENGTH);
  const atoms = readAtoms(read, context);
  const joined: Atom[] = [];
  for (let index = 0; index < atoms.length; index += 1) {
    const atom = atoms[index] as Atom;
    const next = atoms[index + 1];
    const range = next ? joinRange(read, atom, next) : null;
    if (range) index += 1;
    joined.push(range ?? openRange(read, atom, context));
  }
  const place: Place = context.future ? { kind: 'next' } : { kind: 'latest' };
  const matches: PeriodMatch[] = [];
  for (const atom of joined) {
    const said = toPeriod(atom, place);
    const previous = matches.at(-1)?.period;
    const follows = said && atom.precedesPrevious && previous?.grain === said.grain;
    const period = follows && said && previous ? precede(said, previous) : said;
    if (period)
      matches.push({ period, start: atom.start, end: atom.end, text: read.slice(atom.start, atom.end) });
  }
  return matches;
}
