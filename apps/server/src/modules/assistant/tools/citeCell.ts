import type { MonthKey } from '@keel/domain';
import type { LoadedReport } from '../../reports/loadReport';
import { accountFigure, cellCitation } from './assistantReport';
import type { Citation } from './toolTypes';

/** The figure an answer gives for an account in a month, and the name to cite it by without a cell. */
type CitedFigure = {
  account: { id: string } | null | undefined;
  month: MonthKey;
  amountCents: number;
  nameWithoutCell: string | null;
};

/**
 * A citation of an answer's figure on the account's cell in the report, linked to it; when the report
 * has no such cell (no account, or the month outside the view), the figure alone, without a link.
 */
export function citeCell(view: LoadedReport, label: string, cited: CitedFigure): Citation {
  const { account, month, amountCents } = cited;
  const cell = account ? accountFigure(view, account.id, month) : null;
  return cell
    ? cellCitation(view, label, { ...cell, amountCents }, month)
    : { label, amountCents, accountId: null, accountName: cited.nameWithoutCell, month, reportUrl: null };
}
