import { addMonths, type RunwayMethod } from '@keel/domain';
import { findPeriods } from './parsePeriod';
import { COUNT, countOf, currentMonthPeriod, type Reading, spanOf } from './questionReading';
import type { Intent, Period, WhatIfHire } from './questionTypes';

/** Questions about the plan: runway and its method, the hiring plan, and what-ifs over them. */

export const RUNWAY =
  /\brun\s*way\b|\brun(?:s|ning)?\s+out\s+of\s+(?:cash|money)\b|\bcash[\s-]*out\s+date\b|\bwhen\s+(?:do|will|would)\s+we\s+run\s+out\b|\bhow\s+long\b.*\b(?:cash|money|last)\b|\bzero\s+cash\b/i;
export const RUNWAY_METHOD_NAMES: [RegExp, RunwayMethod][] = [
  [/\bstartup_runway_3mo\b/i, 'startup_runway_3mo'],
  [/\brunway_no_growth\b/i, 'runway_no_growth'],
  [/\bstartup_runway\b/i, 'startup_runway'],
  [/\bno[\s-]*growth\b/i, 'runway_no_growth'],
  [
    /\b(?:3|three)[\s-]*mo(?:nths?)?\b[\s-]*(?:average\s+)?burn\b|\bstart[\s-]?up\b.*\b(?:3|three)[\s-]*mo/i,
    'startup_runway_3mo',
  ],
  [/\bstart[\s-]?up\s+runway\b|\bstartup\s+method\b/i, 'startup_runway'],
  [/\bforecast\s+runway\b/i, 'runway'],
];

export const WHAT_IF =
  /\bwhat\s+if\b|\bif\s+we\b|\bif\s+(?:revenue|sales|income)\b|\bsuppose\b|\bassuming\b|\bscenario\b|\bwhat\s+happens\b|\bwould\s+(?:our\s+)?runway\b/i;
const HIRE = new RegExp(
  `\\b(?:hire|hiring|hired|add|adding|bring\\s+on|onboard)\\s+${COUNT}\\s+(?:more\\s+|new\\s+|additional\\s+|extra\\s+)?([a-z][a-z -]{1,40}?)\\s+(?:at|for|on|earning|paid|making|with\\s+(?:a\\s+)?salar(?:y|ies)\\s+of|each\\s+at)\\s+\\$?\\s?([\\d,.]+)\\s*(k|m|thousand|million)?`,
  'i',
);
const GROWTH =
  /\b(revenue|sales|income)\s+(?:grows?|grew|growing|increases?|increasing|rises?|rising|goes\s+up|drops?|dropping|falls?|falling|declines?|declining|shrinks?|decreases?)\s+(?:by\s+)?(\d{1,3}(?:\.\d+)?)\s*(?:%|percent)\s*(?:a|per|each|every|\/|month[\s-]over[\s-]month|mom|monthly)?\s*(?:month)?|\b(\d{1,3}(?:\.\d+)?)\s*(?:%|percent)\s+(?:monthly\s+|month[\s-]over[\s-]month\s+|mom\s+)?(?:revenue\s+|sales\s+)?(growth|decline|drop)/i;

export const HIRING =
  /\bhead\s*count\b|\bhow\s+many\s+(?:people|employees|staff|engineers|folks|full[\s-]time|fte)\b|\bopen\s+(?:roles?|positions?|reqs?|headcount|jobs?)\b|\bunfilled\b|\bvacanc(?:y|ies)\b|\bhiring\s+plan\b|\bhiring\b|\bnew\s+hires?\b|\broles?\s+(?:are\s+)?(?:we\s+)?(?:hiring|open)\b|\bplanned\s+hires?\b|\bteam\s+size\b|\bhow\s+big\s+is\s+the\s+team\b|\bemployees\b|\bstaff\b/i;
const OPEN_ROLES =
  /\bopen\s+(?:roles?|positions?|reqs?|jobs?)\b|\bunfilled\b|\bvacanc(?:y|ies)\b|\broles?\s+(?:are\s+)?(?:we\s+)?(?:hiring|open)\b|\bwho\s+are\s+we\s+hiring\b|\bwhat\s+roles?\b|\bplanned\s+hires?\b|\bnew\s+hires?\b|\bhow\s+many\s+(?:roles|positions|people)\s+(?:are\s+)?(?:we\s+)?(?:hiring|planning\s+to\s+hire|going\s+to\s+hire)/i;
const HIRING_COST = /\bcost|\bspend|\bexpense|\bbudget|\bhow\s+much\b|\bpayroll\b/i;

// --- Hiring -----------------------------------------------------------------------------------------

export function readHiring(reading: Reading): Intent {
  const { text } = reading;
  const period = spanOf(reading.periods);
  if (OPEN_ROLES.test(text)) {
    return { kind: 'hiring', measure: 'openRoles', period: period ?? currentMonthPeriod(reading.vocabulary) };
  }
  if (HIRING_COST.test(text) && !/\bhow\s+many\b/i.test(text)) {
    const from = reading.vocabulary.currentMonth;
    const twelve: Period = { from, to: addMonths(from, 11), label: 'the next 12 months', grain: 'range' };
    return { kind: 'hiring', measure: 'cost', period: period ?? twelve };
  }
  const at = period ? { ...period, from: period.to } : currentMonthPeriod(reading.vocabulary);
  return { kind: 'hiring', measure: 'headcount', period: at };
}

// --- What-if ----------------------------------------------------------------------------------------

export function readWhatIf(reading: Reading): Intent | null {
  const { text } = reading;
  const hires: WhatIfHire[] = [];
  const hire = HIRE.exec(text);
  if (hire) {
    const count = countOf(hire[1], 1);
    const role = (hire[2] ?? '').trim().replace(/s$/i, '');
    const amount = Number((hire[3] ?? '').replace(/,/g, ''));
    const unit = (hire[4] ?? '').toLowerCase();
    const dollars =
      unit === 'k' || unit === 'thousand'
        ? amount * 1_000
        : unit === 'm' || unit === 'million'
          ? amount * 1_000_000
          : amount;
    if (count >= 1 && count <= 50 && Number.isFinite(dollars) && dollars > 0 && dollars <= 100_000_000) {
      // A month said without a year is the next one: a hire starts in the future.
      const said = findPeriods(text, { currentMonth: reading.vocabulary.currentMonth, future: true })[0];
      const start = said?.period.from ?? addMonths(reading.vocabulary.currentMonth, 1);
      hires.push({ count, role, annualSalaryCents: Math.round(dollars * 100), startMonth: start });
    }
  }
  const growth = GROWTH.exec(text);
  let revenueGrowthPercent: number | null = null;
  if (growth) {
    const percent = Number(growth[2] ?? growth[3]);
    const falling =
      /\b(?:drops?|dropping|falls?|falling|declines?|declining|shrinks?|decreases?|decline|drop)\b/i.test(
        growth[0],
      );
    if (Number.isFinite(percent) && percent <= 100) revenueGrowthPercent = falling ? -percent : percent;
  }
  if (hires.length === 0 && revenueGrowthPercent === null) return null;
  return { kind: 'whatIf', hires, revenueGrowthPercent };
}
