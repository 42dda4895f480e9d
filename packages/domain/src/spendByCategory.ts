/** How many categories the Spend by Category donut names before grouping the rest as Others. */
export const SPEND_TOP_CATEGORIES = 8;
/** Categories are the accounts at this depth of the Expense tree: Expense / group / kind / category. */
export const SPEND_CATEGORY_DEPTH = 4;
export const SPEND_OTHERS_NAME = 'Others';

/** An account's spend in one month: its path of names from the root ('Expense', ..., name), in cents. */
export type AccountSpend = { accountId: string; path: readonly string[]; amount: number };

export type SpendCategory = { name: string; accountId: string | null; amount: number };

/**
 * Spend by Category for one month (spec §9): accounts exactly four path levels deep under the Expense
 * root (an account deeper than that counts towards its four-level ancestor), positive totals only,
 * the top eight by amount (ties by name), then one 'Others' slice holding the rest when it is positive.
 */
export function computeSpendByCategory(spend: readonly AccountSpend[]): SpendCategory[] {
  const totals = new Map<string, SpendCategory>();
  for (const item of spend) {
    if (item.path[0] !== 'Expense' || item.path.length < SPEND_CATEGORY_DEPTH) continue;
    const categoryPath = item.path.slice(0, SPEND_CATEGORY_DEPTH).join('/');
    const name = item.path[SPEND_CATEGORY_DEPTH - 1] ?? '';
    const current = totals.get(categoryPath) ?? { name, accountId: null, amount: 0 };
    current.amount += item.amount;
    if (item.path.length === SPEND_CATEGORY_DEPTH) current.accountId = item.accountId;
    totals.set(categoryPath, current);
  }
  const positive = [...totals.values()]
    .filter((category) => category.amount > 0)
    .sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name));
  const top = positive.slice(0, SPEND_TOP_CATEGORIES);
  const rest = positive.slice(SPEND_TOP_CATEGORIES).reduce((sum, category) => sum + category.amount, 0);
  return rest > 0 ? [...top, { name: SPEND_OTHERS_NAME, accountId: null, amount: rest }] : top;
}
