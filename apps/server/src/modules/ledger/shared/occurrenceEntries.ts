import type { NewEntry } from './entryWrites';
import type { ForecastRow } from './ledgerRows';

/**
 * One occurrence of a forecast in a month: `cents` on its account and the negation on its against
 * account, dated the first of the month, scenario 'forecast'.
 */
export function occurrenceEntries(
  forecast: Pick<ForecastRow, 'entityId' | 'transactionId' | 'accountId' | 'againstAccountId'>,
  text: { name: string; memo: string },
  month: string,
  cents: number,
): NewEntry[] {
  const leg = {
    entityId: forecast.entityId,
    transactionId: forecast.transactionId,
    date: `${month}-01`,
    name: text.name,
    memo: text.memo,
    scenario: 'forecast' as const,
  };
  return [
    { ...leg, accountId: forecast.accountId, amount: cents },
    { ...leg, accountId: forecast.againstAccountId, amount: -cents },
  ];
}
