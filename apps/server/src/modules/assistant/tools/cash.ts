import { z } from 'zod';
import { accountFigure, cellCitation, loadAssistantReport, rootAccount } from './assistantReport';
import { formatMonthLabel } from './monthLabel';
import { loadCardRunwayInput } from './runwayFigures';
import { parseToolArgs } from './toolArgs';
import type { AssistantToolFn, CashData, Citation } from './toolTypes';

export const cashArgs = z.object({}).strict();

/** Bank accounts named beside the total, at most. */
const ACCOUNTS_LISTED = 10;

/**
 * Cash at the end of the last actual month: the Banks group's closing balance, as the Runway card's
 * working starts from it (the card's input), with the bank accounts under Banks as the report's rows
 * show them that month. Cites the Banks row and each account listed.
 */
export const cash: AssistantToolFn<unknown, CashData> = async (deps, entityId, args) => {
  parseToolArgs(cashArgs, args);
  const input = await loadCardRunwayInput(deps, entityId);
  const month = input.actualsEndMonth;
  const cashCents = input.months.find((m) => m.key === month)?.cashBalance ?? 0;
  const view = await loadAssistantReport(deps, entityId, [month]);
  const banks = rootAccount(view, 'cash');
  const citations: Citation[] = [];
  const label = `Cash at the end of ${formatMonthLabel(month)}`;
  const total = banks ? accountFigure(view, banks.id, month) : null;
  citations.push(
    total
      ? cellCitation(view, label, { ...total, amountCents: cashCents }, month)
      : { label, amountCents: cashCents, accountId: null, accountName: null, month, reportUrl: null },
  );
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
