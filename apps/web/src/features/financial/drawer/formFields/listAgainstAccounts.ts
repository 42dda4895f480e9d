import type { ReportAccountView } from '../../reportQuery';
import { againstAccountOptions, defaultAgainstAccountId } from '../drawerScope';
import { lastAgainstAccountId } from '../lastAgainstAccount';

/**
 * The accounts an entry or forecast booked on `bookedOn` can be booked against, and the one its form
 * starts on: `otherAccountId` (the saved transaction's other side) when editing, else as
 * defaultAgainstAccountId picks, starting from the account this company last booked against.
 */
export function listAgainstAccounts(
  entityId: string,
  accounts: readonly ReportAccountView[],
  bookedOn: string,
  otherAccountId: string | null,
): { options: { value: string; label: string }[]; defaultId: string } {
  const options = againstAccountOptions(accounts, bookedOn);
  const defaultId = defaultAgainstAccountId(
    accounts,
    options,
    otherAccountId,
    lastAgainstAccountId(entityId),
  );
  return { options, defaultId };
}
