import Fuse from 'fuse.js';
import type { LoadedReport } from '../../reports/loadReport';
import type { LineCandidate } from './questionTypes';

/**
 * Finding the report line a question names in the company's own chart: by the names finance people
 * use for the common lines ('rev', 'opex', 'COGS', 'legal fees', 'bottom line'), by the chart's own
 * names, and fuzzily (fuse.js) for typos ('salries'). A name that matches nothing well enough matches
 * nothing: the caller says so, with the closest lines, and never answers about another line.
 */

/**
 * The names people use for the common lines, each with the lines it means in order of preference (a
 * path's last names, matched against the chart: the first the chart has wins).
 */
const ALIASES: readonly { says: readonly string[]; means: readonly string[] }[] = [
  {
    says: ['revenue', 'revenues', 'rev', 'sales', 'turnover', 'top line', 'topline', 'gross revenue'],
    means: ['Income/Revenue', 'Income'],
  },
  { says: ['income', 'total income', 'all income', 'inflows'], means: ['Income'] },
  {
    says: [
      'net income',
      'profit',
      'net profit',
      'bottom line',
      'earnings',
      'net loss',
      'net earnings',
      'p&l',
      'p & l',
      'pnl',
      'profit and loss',
      'profit or loss',
      'profitability',
    ],
    means: ['Net Income'],
  },
  {
    says: [
      'expenses',
      'expense',
      'total expenses',
      'spending',
      'spend',
      'total spend',
      'total spending',
      'costs',
      'total costs',
      'outgoings',
      'expenditure',
      'expenditures',
    ],
    means: ['Expense'],
  },
  {
    says: [
      'opex',
      'operating expenses',
      'operating expense',
      'operating costs',
      'operating cost',
      'operating spend',
      'overhead',
      'overheads',
    ],
    means: ['Expense/Operating Expenses'],
  },
  {
    says: [
      'cogs',
      'cost of goods sold',
      'cost of sales',
      'cost of revenue',
      'cost of revenues',
      'direct costs',
      'cor',
    ],
    means: ['Expense/Cost of Revenue'],
  },
  { says: ['other income', 'non-operating income'], means: ['Income/Other Income'] },
  { says: ['other expenses', 'other expense', 'non-operating expenses'], means: ['Expense/Other Expenses'] },
  {
    says: ['payroll', 'people costs', 'personnel', 'personnel costs', 'staff costs', 'headcount costs'],
    means: ['Payroll'],
  },
  { says: ['salaries', 'salary', 'wages', 'wage', 'salaries and wages'], means: ['Salaries', 'Payroll'] },
  { says: ['net burn', 'burn', 'burn rate', 'cash burn'], means: ['Net Burn'] },
  {
    says: ['cash', 'bank balance', 'bank balances', 'cash balance', 'banks', 'cash in the bank', 'bank'],
    means: ['Banks'],
  },
  {
    says: ['credit cards', 'credit card', 'card balance', 'credit card balance', 'credit card debt', 'cards'],
    means: ['Credit Cards'],
  },
  { says: ['debt', 'loans', 'loan', 'borrowing', 'borrowings', 'loan balance'], means: ['Loans'] },
  { says: ['investments', 'investment', 'treasuries', 't-bills'], means: ['Investments'] },
  { says: ['equity', 'capital'], means: ['Other'] },
  { says: ['legal', 'legal fees', 'lawyers', 'attorneys', 'legal costs', 'legal spend'], means: ['Legal'] },
  {
    says: ['accounting', 'accounting fees', 'accountants', 'bookkeeping fees', 'audit fees'],
    means: ['Accounting'],
  },
  { says: ['professional fees', 'professional services', 'consultants'], means: ['Professional Services'] },
  {
    says: ['cloud', 'hosting', 'cloud hosting', 'cloud costs', 'infrastructure', 'infra'],
    means: ['Cloud Hosting'],
  },
  { says: ['software', 'software costs', 'tools', 'software spend'], means: ['Software'] },
  {
    says: ['saas', 'saas subscriptions', 'saas spend', 'software subscriptions'],
    means: ['SaaS Subscriptions', 'Software'],
  },
  { says: ['marketing', 'marketing spend', 'marketing costs'], means: ['Marketing'] },
  { says: ['advertising', 'ads', 'ad spend', 'paid ads'], means: ['Advertising'] },
  { says: ['events', 'conferences', 'trade shows'], means: ['Events'] },
  { says: ['rent', 'office rent', 'lease'], means: ['Rent'] },
  { says: ['facilities', 'office costs'], means: ['Facilities'] },
  { says: ['internet', 'phone', 'internet and phone', 'telecom'], means: ['Internet & Phone'] },
  { says: ['travel', 't&e', 'travel and entertainment', 'travel costs'], means: ['Travel'] },
  { says: ['meals', 'food', 'dining', 'meals and entertainment'], means: ['Meals'] },
  { says: ['airfare', 'flights', 'air travel', 'plane tickets'], means: ['Airfare'] },
  { says: ['lodging', 'hotels', 'hotel', 'accommodation'], means: ['Lodging'] },
  {
    says: ['ground transportation', 'taxis', 'uber', 'rideshare', 'car rentals'],
    means: ['Ground Transportation'],
  },
  { says: ['office', 'office expenses'], means: ['Office'] },
  { says: ['office supplies', 'supplies'], means: ['Office Supplies'] },
  { says: ['equipment', 'hardware purchases'], means: ['Equipment'] },
  { says: ['insurance', 'insurance costs'], means: ['Insurance'] },
  { says: ['interest expense', 'loan interest', 'interest paid'], means: ['Loan Interest', 'Interest'] },
  { says: ['interest income', 'interest earned'], means: ['Interest Income'] },
  { says: ['bank fees', 'bank charges'], means: ['Bank Fees', 'Bank Charges'] },
  {
    says: ['payment processing', 'processing fees', 'stripe fees', 'merchant fees', 'card fees'],
    means: ['Payment Processing', 'Stripe Fees'],
  },
  { says: ['customer support', 'support costs', 'support'], means: ['Customer Support'] },
  {
    says: ['subscription revenue', 'subscriptions revenue', 'recurring revenue', 'mrr', 'arr'],
    means: ['Subscriptions'],
  },
  { says: ['services revenue', 'service revenue', 'professional services revenue'], means: ['Services'] },
  { says: ['benefits', 'employee benefits', 'health insurance'], means: ['Benefits'] },
  { says: ['payroll taxes', 'payroll tax', 'employer taxes'], means: ['Payroll Taxes'] },
  { says: ['contractors', 'contractor costs', 'freelancers'], means: ['Contractors'] },
];

/** Words a line's name may carry in a question that the chart's name does not ('travel expenses'). */
const GENERIC_TAIL = /\s+(?:expenses?|costs?|spend(?:ing)?|bills?|fees?|line|account|category|budget)$/;

/** How close a fuzzy match must be (fuse.js score: 0 exact, 1 anything). */
const FUZZY_THRESHOLD = 0.28;

/** Every line of the company's Financial Report a question may name, shallowest first. */
export function lineCandidatesOf(view: LoadedReport): LineCandidate[] {
  const accountById = new Map(view.accounts.map((account) => [account.id, account]));
  const seen = new Set<string>();
  const candidates: LineCandidate[] = [];
  for (const row of view.rows) {
    if (row.isLeaf) continue;
    const path = row.accountId ? (view.pathById.get(row.accountId) ?? row.name) : row.name;
    if (seen.has(path)) continue;
    seen.add(path);
    const account = row.accountId ? accountById.get(row.accountId) : undefined;
    const balance = account ? account.accountGroup !== null : row.cumulative;
    candidates.push({
      name: row.name,
      path,
      accountId: row.accountId,
      kind: balance ? 'balance' : 'flow',
      root: account ? (path.split('/')[0] ?? null) : null,
      depth: account ? path.split('/').length - 1 : 0,
    });
  }
  return candidates.sort((a, b) => a.depth - b.depth);
}

/** Lower case, '&' as 'and' spelled both ways kept, spaces single, punctuation at the ends gone. */
export function normalizeName(text: string): string {
  return text
    .toLowerCase()
    .replace(/[’']s\b/g, '')
    .replace(/[^a-z0-9&/ -]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The candidate a path's last names mean: 'Income/Revenue' matches a path ending so; 'Legal' a name. */
function byPathTail(candidates: readonly LineCandidate[], tail: string): LineCandidate | undefined {
  const wanted = tail.toLowerCase();
  return candidates.find((candidate) => {
    const path = candidate.path.toLowerCase();
    return path === wanted || path.endsWith(`/${wanted}`);
  });
}

const ALIAS_INDEX = new Map<string, readonly string[]>(
  ALIASES.flatMap(({ says, means }) => says.map((phrase) => [phrase, means] as const)),
);

/** The line a phrase names exactly: by a common name, then by the chart's own name or path. */
export function exactLine(candidates: readonly LineCandidate[], phrase: string): LineCandidate | undefined {
  const said = normalizeName(phrase);
  if (said === '') return undefined;
  const own = candidates.find(
    (candidate) => normalizeName(candidate.name) === said || normalizeName(candidate.path) === said,
  );
  if (own) return own;
  const means = ALIAS_INDEX.get(said);
  if (means) {
    for (const tail of means) {
      const found = byPathTail(candidates, tail);
      if (found) return found;
    }
  }
  const andSpelled = said.replace(/ and /g, ' & ');
  if (andSpelled !== said) return exactLine(candidates, andSpelled);
  return undefined;
}

type LineMatch = {
  /** The line meant, or null when nothing matches well enough. */
  match: LineCandidate | null;
  /** The closest lines, best first (at most 3): what the answer offers when nothing matched. */
  suggestions: LineCandidate[];
};

/**
 * The line a phrase names ('legal fees', 'Opex', 'Expense/Operating Expenses/Rent', 'salries'): exactly
 * by a common or the chart's own name, then without a generic last word ('travel expenses'), then the
 * closest name within FUZZY_THRESHOLD. Otherwise no match, with the closest lines as suggestions.
 */
export function matchLine(candidates: readonly LineCandidate[], phrase: string): LineMatch {
  const said = normalizeName(phrase);
  const exact = exactLine(candidates, said) ?? exactLine(candidates, said.replace(GENERIC_TAIL, ''));
  if (exact) return { match: exact, suggestions: [] };
  const ranked = fuzzyRank(candidates, said);
  const best = ranked[0];
  if (best && best.score <= FUZZY_THRESHOLD) return { match: best.line, suggestions: [] };
  return { match: null, suggestions: ranked.slice(0, 3).map((entry) => entry.line) };
}

/** Candidates by fuzzy closeness of their names and common names to the phrase, best first. */
function fuzzyRank(candidates: readonly LineCandidate[], said: string) {
  if (said === '' || said.length > 80) return [];
  const entries = candidates.flatMap((line) => [
    { text: normalizeName(line.name), line },
    ...[...ALIAS_INDEX]
      .filter(([phrase]) => exactLine(candidates, phrase) === line)
      .map(([phrase]) => ({ text: phrase, line })),
  ]);
  const fuse = new Fuse(entries, {
    keys: ['text'],
    includeScore: true,
    threshold: 0.5,
    ignoreLocation: true,
  });
  const seen = new Set<string>();
  const ranked: { line: LineCandidate; score: number }[] = [];
  for (const result of fuse.search(said)) {
    if (seen.has(result.item.line.path)) continue;
    seen.add(result.item.line.path);
    ranked.push({ line: result.item.line, score: result.score ?? 1 });
  }
  return ranked;
}

/** A line found inside a question's words, with where its words are. */
export type LineInText = { line: LineCandidate; start: number; end: number; text: string };

/**
 * Every report line a question's text names exactly (common names and the chart's names, longest
 * first, not overlapping), in the order they appear. 'net income' wins over 'income'.
 */
export function findLinesInText(candidates: readonly LineCandidate[], text: string): LineInText[] {
  const words = [...text.matchAll(/[A-Za-z0-9&][A-Za-z0-9&'’.-]*/g)].map((match) => ({
    word: match[0].replace(/[.’']+$/, ''),
    start: match.index ?? 0,
  }));
  const found: LineInText[] = [];
  const taken = new Set<number>();
  for (let size = Math.min(6, words.length); size >= 1; size--) {
    for (let first = 0; first + size <= words.length; first++) {
      const indexes = Array.from({ length: size }, (_, offset) => first + offset);
      if (indexes.some((index) => taken.has(index))) continue;
      const phrase = indexes.map((index) => words[index]?.word ?? '').join(' ');
      const line = exactLine(candidates, phrase);
      if (!line) continue;
      for (const index of indexes) taken.add(index);
      const start = words[first]?.start ?? 0;
      const last = words[first + size - 1];
      const end = (last?.start ?? 0) + (last?.word.length ?? 0);
      found.push({ line, start, end, text: text.slice(start, end) });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}
