import {
  type AccountSpend,
  buildAccountSpend,
  buildCashFlowSeries,
  computeSpendByCategory,
  monthRange,
  monthsBetween,
  SPEND_CATEGORY_DEPTH,
} from '@keel/domain';
import { z } from 'zod';
import type { LoadedReport } from '../../reports/loadReport';
import { cellCitation, checkMonthInWindow, currentMonthOf, loadAssistantReport } from './assistantReport';
import { formatMonthLabel } from './monthLabel';
import { monthArg, parseToolArgs, topArg } from './toolArgs';
import {
  type AssistantToolFn,
  type Citation,
  type SpendByCategoryData,
  type SpendCategoryFigure,
  ToolInputError,
} from './toolTypes';

/** The longest range spend is added up over. */
const SPEND_MAX_MONTHS = 36;
const DEFAULT_TOP = 5;

export const spendByCategoryArgs = z
  .object({
    month: monthArg.optional().describe("One month, 'YYYY-MM' (instead of from/to)"),
    from: monthArg.optional().describe("First month of a range, 'YYYY-MM'"),
    to: monthArg.optional().describe("Last month of a range, 'YYYY-MM'"),
    top: topArg.optional(),
  })
  .strict();

/**
 * The biggest expense categories of a month or a range, top N (1–20, default 5): the Spend by Category
 * card's categories (accounts four levels deep under Expense, deeper accounts counted in their
 * four-level ancestor, positive totals only), each category computed by the card's own function
 * (computeSpendByCategory) over the report's figures of those months, without the card's cut at eight.
 * Default: the current month. Cites each category's row (and month, for one month).
 */
export const spendByCategory: AssistantToolFn<unknown, SpendByCategoryData> = async (
  deps,
  entityId,
  args,
) => {
  const parsed = parseToolArgs(spendByCategoryArgs, args);
  if (parsed.month && (parsed.from || parsed.to)) {
    throw new ToolInputError('month: give either month or from/to, not both');
  }
  const from = checkMonthInWindow(
    deps,
    parsed.month ?? parsed.from ?? parsed.to ?? currentMonthOf(deps),
    'from',
  );
  const to = checkMonthInWindow(deps, parsed.month ?? parsed.to ?? from, 'to');
  if (to < from) throw new ToolInputError('to: must not be before from');
  if (monthsBetween(from, to) >= SPEND_MAX_MONTHS) {
    throw new ToolInputError(`to: a range spans at most ${SPEND_MAX_MONTHS} months`);
  }
  const months = monthRange(from, to);
  const view = await loadAssistantReport(deps, entityId, [from, to]);
  const spend = months.flatMap((month) => buildAccountSpend(view.accounts, view.figures, view.months, month));
  const categories = rankCategories(view, spend).slice(0, parsed.top ?? DEFAULT_TOP);
  const series = buildCashFlowSeries(view.accounts, view.figures, view.months);
  const totalExpenseCents = months.reduce(
    (sum, month) => sum + (series.expense[view.months.indexOf(month)] ?? 0),
    0,
  );
  const single = from === to ? from : null;
  const period = single ? formatMonthLabel(from) : `${formatMonthLabel(from)}–${formatMonthLabel(to)}`;
  const citations: Citation[] = categories.map((category) => {
    const label = `${category.name} in ${period}`;
    const rowKey = category.accountId ? view.pathById.get(category.accountId) : undefined;
    return rowKey
      ? cellCitation(
          view,
          label,
          { amountCents: category.amountCents, rowKey, name: category.name, accountId: category.accountId },
          single,
        )
      : {
          label,
          amountCents: category.amountCents,
          accountId: null,
          accountName: category.name,
          month: single,
          reportUrl: null,
        };
  });
  return { data: { from, to, categories, totalExpenseCents }, citations };
};

/**
 * Every category with spend, largest first (ties by name): each category's items go through
 * computeSpendByCategory on their own, so each amount is the card's, with no cut at eight.
 */
function rankCategories(view: LoadedReport, spend: readonly AccountSpend[]): SpendCategoryFigure[] {
  const byCategory = new Map<string, AccountSpend[]>();
  for (const item of spend) {
    if (item.path.length < SPEND_CATEGORY_DEPTH) continue;
    const key = item.path.slice(0, SPEND_CATEGORY_DEPTH).join('/');
    const items = byCategory.get(key) ?? [];
    items.push(item);
    byCategory.set(key, items);
  }
  const accountByPath = new Map([...view.pathById].map(([id, path]) => [path, id]));
  const ranked: SpendCategoryFigure[] = [];
  for (const [path, items] of byCategory) {
    for (const category of computeSpendByCategory(items)) {
      ranked.push({
        name: category.name,
        accountId: category.accountId ?? accountByPath.get(path) ?? null,
        amountCents: category.amount,
      });
    }
  }
  return ranked.sort((a, b) => b.amountCents - a.amountCents || a.name.localeCompare(b.name));
}
