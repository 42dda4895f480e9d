import { exactLine, findLinesInText, normalizeName } from './matchLine';
import { findPeriods } from './parsePeriod';
import { mentionsCounterparty } from './questionReading';
import type { Intent, Vocabulary } from './questionTypes';
import { PAID_BY } from './readPayments';

/** Questions that are not this company's to answer: another company's, a person's own money, advice. */

// --- Declines ---------------------------------------------------------------------------------------

const PERSONAL =
  /\bpersonal\s+(?:account|accounts|checking|savings|finances?|credit|bank|taxes|budget|money|card|spending|loan|investments?)\b|\bmy\s+(?:own\s+)?(?:401\s*\(?k\)?|ira|roth|credit\s+score|mortgage|salary|paycheck|net\s+worth|savings|checking|retirement|brokerage|personal|wallet|car\s+loan|student\s+loans?)\b|\bcredit\s+score\b|\bmy\s+(?:bank\s+)?balance\b/i;
const ADVICE =
  /\bshould\s+(?:i|we)\s+(?:buy|sell|invest|short|trade|take\s+(?:out\s+)?a?\s*loan|borrow|raise|refinance|file|incorporate|lay\s+off|fire|move\s+(?:our|the)\s+cash)\b|\b(?:stocks?|shares|crypto|bitcoin|ethereum|etf|index\s+funds?)\b.*\b(?:buy|sell|invest|good\s+investment)\b|\b(?:buy|sell|invest\s+in)\b.*\b(?:stocks?|shares|crypto|bitcoin|ethereum)\b|\b(?:tax|legal|investment|financial)\s+advice\b|\bwhich\s+stocks?\b|\bwhat\s+stocks?\b|\bis\s+it\s+a\s+good\s+(?:time|idea)\s+to\b|\bhow\s+(?:can|do)\s+(?:i|we)\s+(?:avoid|evade|reduce)\s+(?:paying\s+)?taxes\b|\bwhat\s+will\s+the\s+(?:stock\s+)?market\b|\binterest\s+rates?\s+(?:go|be)\s+(?:up|down)\b/i;
const FINANCE_NOUN =
  '(?:revenue|revenues|sales|cash|runway|burn|income|expenses?|profits?|headcount|payroll|balance|valuation|funding|debt|margins?|bank|earnings|spend|spending|costs?|financials|numbers|net\\s+income|market\\s+cap|stock|share\\s+price)';
const NAME = '([A-Z][\\w&.-]*(?:\\s+(?:[A-Z][\\w&.-]*|of|and|&))*)';
/**
 * Another company's figures: 'does X have', "X's revenue", 'revenue of X', 'X revenue'. A name the
 * company transacts with (a payee or payer) is another company only in the first two: 'spend at Uber'
 * and 'AWS bill' are the company's own payments.
 */
const OTHER_COMPANY: { pattern: RegExp; counterpartyIsOwn: boolean }[] = [
  {
    pattern: new RegExp(
      `\\b(?:does|do|did|is|are|will|has|had)\\s+${NAME}\\s+(?:have|make|earn|spend|burn|pay|owe|hold|bring\\s+in|generate|report|raise|keep)\\b`,
    ),
    counterpartyIsOwn: false,
  },
  { pattern: new RegExp(`\\b${NAME}['’]s\\s+${FINANCE_NOUN}\\b`), counterpartyIsOwn: false },
  {
    pattern: new RegExp(
      `\\b${FINANCE_NOUN}\\s+(?:of|for|at)\\s+${NAME}(?:\\s*\\?|\\s*$|\\s+(?:in|last|this|for)\\b)`,
    ),
    counterpartyIsOwn: true,
  },
  {
    pattern: new RegExp(
      `(?:^|[.?!]\\s+|\\b(?:is|was|what's|whats|show|tell\\s+me)\\s+)${NAME}\\s+${FINANCE_NOUN}\\b`,
    ),
    counterpartyIsOwn: true,
  },
];
/** Words a capitalized name may start a sentence with that are not names. */
const NOT_NAMES = new Set([
  'what',
  'how',
  'we',
  'i',
  'our',
  'is',
  'are',
  'does',
  'do',
  'the',
  'show',
  'tell',
  'give',
  'list',
  'find',
  'which',
  'who',
  'when',
  'where',
  'why',
  'can',
  'could',
  'please',
  'total',
  'net',
  'and',
  'or',
  'us',
  'it',
  'they',
  'monthly',
  'annual',
  'quarterly',
  'average',
  'avg',
  'forecast',
  'forecasted',
  'projected',
  'expected',
  'planned',
  'actual',
  'cumulative',
  'compare',
  'get',
  'gross',
  'operating',
  'current',
  'last',
  'this',
  'next',
  'top',
  'ytd',
  'mtd',
  'qtd',
  'year',
  'quarter',
  'month',
]);

export function declined(text: string, vocabulary: Vocabulary): Intent | null {
  if (PERSONAL.test(text)) return { kind: 'decline', reason: 'personal', name: null };
  if (ADVICE.test(text)) return { kind: 'decline', reason: 'advice', name: null };
  const own = normalizeName(vocabulary.companyName);
  for (const { pattern, counterpartyIsOwn } of OTHER_COMPANY) {
    const match = pattern.exec(text);
    const name = match?.[1]?.trim();
    if (!name) continue;
    const said = normalizeName(name);
    const first = said.split(' ')[0] ?? '';
    if (NOT_NAMES.has(first)) continue;
    if (said === own || own.startsWith(said) || said === 'keel') continue;
    // 'How much did Hooli pay us': a customer's payments are the company's own transactions.
    if (
      PAID_BY.test(text) &&
      vocabulary.counterparties.some((counterparty) => normalizeName(counterparty).includes(said))
    )
      continue;
    if (counterpartyIsOwn && mentionsCounterparty(vocabulary, name)) continue;
    if (exactLine(vocabulary.lines, said) || findLinesInText(vocabulary.lines, name).length > 0) continue;
    if (findPeriods(name, { currentMonth: vocabulary.currentMonth, future: false }).length > 0) continue;
    if (
      /^(?:q[1-4]|h[12]|ytd|fy\d*|january|february|march|april|may|june|july|august|september|october|november|december)$/i.test(
        said,
      )
    )
      continue;
    return { kind: 'decline', reason: 'otherCompany', name };
  }
  return null;
}
