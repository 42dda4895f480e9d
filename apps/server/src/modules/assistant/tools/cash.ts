import { z } from 'zod';
import {
  accountFigure,
  cellCitation,
  checkMonthInWindow,
  currentMonthOf,
  loadAssistantReport,
  rootAccount,
} from './assistantReport';
import { citeCell } from './citeCell';
import { formatMonthLabel } from './monthLabel';
import { loadCardRunwayInput } from './runwayFigures';
import { monthArg, parseToolArgs } from './toolArgs';
import type { AssistantToolFn, CashData, Citation } from './toolTypes';

export const cashArgs = z
  .object({
    month: monthArg
      .optional()
      .describe(
        "The month whose closing cash is wanted, 'YYYY-MM', actual or forecast; default: the last actual month",
      ),
  })
  .strict();

/** Bank accounts named beside the total, at most. */
const ACCOUNTS_LISTED = 10;

/**
 * Cash at the end of a month: the Banks group's closing balance, with the bank accounts under Banks as
 * the report's rows show them that month. By default the last actual month, read from the Runway card's
 * input (so it is the very balance the card's working starts from); a month given is read from the
 * report's Banks row, actual through the cutoff and forecast after. Cites the Banks row and each
 * account listed.
 */
export const cash: AssistantToolFn<unknown, CashData> = async (deps, entityId, args) => {
  const parsed = parseToolArgs(cashArgs, args);
  const wanted = parsed.month ? checkMonthInWindow(deps, parsed.month, 'month') : null;
  const input = wanted ? null : await loadCardRunwayInput(deps, entityId);
  const month = wanted ?? input?.actualsEndMonth ?? currentMonthOf(deps);
  const view = await loadAssistantReport(deps, entityId, [month]);
  const banks = rootAccount(view, 'cash');
  const total = banks ? accountFigure(view, banks.id, month) : null;
  const cashCents = input
    ? (input.months.find((m) => m.key === month)?.cashBalance ?? 0)
    : (total?.amountCents ?? 0);
  const citations: Citation[] = [
    citeCell(view, `Cash at the end of ${formatMonthLabel(month)}`, {
      account: banks,
      month,
      amountCents: cashCents,
      nameWithoutCell: null,
    }),
  ];
  const accounts = (banks ? (view.childrenById.get(banks.id) ?? []) : [])
    .flatMap((account) => {
      const figure = accountFigure(view, account.id, month);
      return figure && figure.amountCents !== 0 ? [figure] : [];
    })
    .sort((a, b) => b.amountCents - a.amountCents || a.name.localeCompare(b.name))
    .slice(0, ACCOUNTS_LISTED);
  for (const figure of accounts) {
    citations.push(
      cellCitation(view, `${figure.name} at the end of ${formatMonthLabel(month)}`, figure, month),
    );
  }
  return {
    data: {
      month,
      scenario: month <= view.range.actualsEndMonth ? 'actual' : 'forecast',
      cashCents,
      accounts: accounts.map((figure) => ({
        accountId: figure.accountId ?? '',
        name: figure.name,
        balanceCents: figure.amountCents,
      })),
    },
    citations,
  };
};
