import { findLinesInText, matchLine } from './matchLine';
import {
  cleanName,
  counterpartyIn,
  countOf,
  GENERIC_LINES,
  isCounterparty,
  isLineName,
  lastCompleteMonth,
  type Reading,
  spanOf,
} from './questionReading';
import type { Intent } from './questionTypes';

/** Questions about transactions: what was paid to or received from a payee, the largest ones, a search. */

const LARGEST_TRANSACTION =
  /\b(?:largest|biggest|highest|top|most\s+expensive|single\s+largest)\s+(?:\d{1,2}\s+|one\s+|two\s+|three\s+|five\s+|ten\s+)?(?:single\s+)?(?:transactions?|payments?|purchases?|charges?|expense\s+transactions?|deposits?|receipts?|bills?|invoices?|card\s+charges?)\b/i;
const TOP_TRANSACTIONS_COUNT =
  /\b(?:top|largest|biggest|highest)\s+(\d{1,2}|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:transactions?|payments?|purchases?|charges?|deposits?)/i;
const PAID =
  /\b(?:how\s+much|what)\s+(?:did|do|have|has|will)\s+(?:we|you|the\s+company|i)\s+(?:pay|paid|spend|spent|give)\s+(?:(?:on|to|for|with|at|into)\s+)?(.+?)\s*(?:\?|$|\s+(?:in|during|for|over|last|this|since|from|between|through|so\s+far|ytd|year|q[1-4])\b)/i;
export const PAID_BY =
  /\b(?:how\s+much|what)\s+(?:did|has|have|does)\s+(.+?)\s+(?:pay|paid|send|sent)\s+(?:us|the\s+company)\b/i;
const PAYMENTS_TO =
  /\b(?:payments?|paid|spend(?:ing)?|spent|transactions?|charges?|bills?|invoices?)\s+(?:to|with|at|from|for|by|on)\s+(.+?)\s*(?:\?|$|\s+(?:in|during|for|over|last|this|since|from|between|through|so\s+far|ytd)\b)/i;
const RECEIVED =
  /\b(?:receive[ds]?|receiving|get|got|collect(?:ed)?|earn(?:ed)?|make|made|bring\s+in|brought\s+in|paid\s+us|payments?\s+from|came\s+in|in\s+from)\b/i;
/** Words that make a mention of a payee a question about the money paid to it. */
const MONEY_WORDS =
  /\b(?:how\s+much|total|spend|spent|spending|paid|pay|payments?|bills?|charges?|costs?|invoices?|receive[ds]?|collected|amount|sum|owe)\b/i;
const SEARCH =
  /\b(?:find|search(?:\s+for)?|look\s*up|show(?:\s+me)?|list)\s+(?:all\s+|the\s+|our\s+|my\s+)*transactions?\s*(?:(?:for|named|called|matching|with|like|containing|about|from|to|of)\b|:)?\s*(.+)$/i;

/** 'find AWS', 'search for rent': a transaction search when no line is named. */
const BARE_SEARCH = /^\s*(?:find|search(?:\s+for)?|look\s*up)\s+(.+)$/i;
// --- Transactions -----------------------------------------------------------------------------------

export function readTransactions(reading: Reading): Intent | null {
  const { text } = reading;
  const period = spanOf(reading.periods);
  if (LARGEST_TRANSACTION.test(text)) {
    const count = TOP_TRANSACTIONS_COUNT.exec(text)?.[1];
    const direction = /\b(?:deposits?|receipts?|incoming|received|income\s+transactions?)\b/i.test(text)
      ? 'in'
      : /\b(?:payments?|purchases?|charges?|expense|bills?|spend|spent|paid)\b/i.test(text)
        ? 'out'
        : 'any';
    const vendor =
      /\b(?:to|from|with|at)\s+([A-Z][\w&.-]*(?:\s+[A-Z][\w&.-]*)*)/.exec(reading.rest)?.[1] ?? null;
    return {
      kind: 'transactions',
      mode: 'largest',
      text: vendor && !isLineName(reading, vendor) ? vendor : null,
      direction,
      period: period ?? lastCompleteMonth(reading.vocabulary),
      top: Math.min(Math.max(countOf(count, 1), 1), 20),
    };
  }
  const searched = SEARCH.exec(text)?.[1];
  if (searched) {
    const cleaned = cleanName(searched.replace(/\s+(?:in|during|for|over|last|this|since|from)\b.*$/i, ''));
    if (cleaned) {
      return { kind: 'transactions', mode: 'list', text: cleaned, direction: 'any', period, top: 10 };
    }
  }
  const bare = BARE_SEARCH.exec(text)?.[1];
  if (bare && reading.lines.length === 0) {
    const cleaned = cleanName(bare);
    if (cleaned)
      return { kind: 'transactions', mode: 'list', text: cleaned, direction: 'any', period, top: 10 };
  }
  const received =
    /\b(?:receive[ds]?|receiving|get|got|collect(?:ed)?)\s+from\s+(.+?)\s*(?:\?|$|\s+(?:in|during|for|over|last|this|since|from|between|through|so\s+far|ytd)\b)/i.exec(
      reading.rest,
    )?.[1];
  const fromPayer = received ?? PAID_BY.exec(reading.rest)?.[1];
  const payer = fromPayer ? cleanName(fromPayer) : null;
  if (payer && isCounterparty(reading, payer)) {
    return {
      kind: 'transactions',
      mode: 'total',
      text: payer,
      direction: 'in',
      period: period ?? lastCompleteMonth(reading.vocabulary),
      top: 10,
    };
  }
  const paid = PAID.exec(reading.rest)?.[1] ?? PAYMENTS_TO.exec(reading.rest)?.[1];
  if (paid) {
    const name = cleanName(paid);
    if (!name) return null;
    const namesLine = findLinesInText(reading.vocabulary.lines, name).length > 0;
    if (isCounterparty(reading, name) || (!namesLine && !matchLine(reading.vocabulary.lines, name).match)) {
      return {
        kind: 'transactions',
        mode: 'total',
        text: name,
        direction: 'out',
        period: period ?? lastCompleteMonth(reading.vocabulary),
        top: 10,
      };
    }
  }
  return null;
}

/** A payee said with a money word ('AWS bill in September', 'WeWork spend in Q3'), no narrower line named. */
export function readPayeeMention(reading: Reading): Intent | null {
  const { text } = reading;
  const period = spanOf(reading.periods);
  const counterparty = counterpartyIn(reading.vocabulary, reading.rest);
  const narrowerLine = reading.lines.some(
    (found) =>
      !GENERIC_LINES.has(found.line.path) && !counterparty?.toLowerCase().includes(found.text.toLowerCase()),
  );
  if (counterparty && MONEY_WORDS.test(text) && !narrowerLine) {
    return {
      kind: 'transactions',
      mode: 'total',
      text: counterparty,
      direction: RECEIVED.test(text) || /\b(?:revenue|income|sales)\b/i.test(text) ? 'in' : 'out',
      period: period ?? lastCompleteMonth(reading.vocabulary),
      top: 10,
    };
  }
  return null;
}
