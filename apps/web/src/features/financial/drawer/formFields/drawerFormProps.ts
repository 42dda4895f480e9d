import type { ReportAccountView } from '../../reportQuery';
import type { DrawerEntry } from '../drawerQueries';

/** What the drawer opens the Entry and Forecast forms with; each form adds its default date. */
export type DrawerFormProps = {
  entityId: string;
  reportId: string;
  /** The account a new entry or forecast is booked on (the row's account). */
  accountId: string;
  /**
   * The row's sign: the user types the figure as the row shows it, so the amount sent is the typed
   * signed cents times the sign (a credit account's shown 100 is -100 debit-positive).
   */
  sign: number;
  accounts: readonly ReportAccountView[];
  /** Null for a new one; else the entry to edit (for a forecast, one of its occurrences). */
  entry: DrawerEntry | null;
  onDone: () => void;
};
