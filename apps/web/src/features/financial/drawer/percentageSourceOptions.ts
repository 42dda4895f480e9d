import type { ReportAccountView } from '../reportQuery';

/**
 * The report lines a percentage forecast on `bookedOn` can be a share of, by path: every account but
 * its own and the lines that contain it (their figure would include the forecast itself). A line that
 * depends on it through other percentage forecasts is refused by the server, in the working.
 */
export function percentageSourceOptions(
  accounts: readonly Pick<ReportAccountView, 'id' | 'path' | 'ancestry'>[],
  bookedOn: string,
): { value: string; label: string }[] {
  const own = accounts.find((account) => account.id === bookedOn);
  const containing = new Set((own?.ancestry ?? '').split('/').filter(Boolean));
  return accounts
    .filter((account) => account.id !== bookedOn && !containing.has(account.id))
    .map((account) => ({ value: account.id, label: account.path }))
    .sort((a, b) => a.label.localeCompare(b.label));
}
