import type { TransferRail } from '@keel/domain';
import { Select, Text } from '@mantine/core';
import { formatCents, lastDigits } from '../../../lib/format';
import type { DepositAccount, TransferLimits } from '../bankingQueries';

type FromAccountFieldProps = {
  accounts: readonly DepositAccount[];
  rail: TransferRail;
  value: { id: string; name: string };
  onChange: (account: { id: string; name: string }) => void;
  onBlur: () => void;
  /** Today's limits of the chosen account (tprimeTransferLimits), once loaded. */
  limits: TransferLimits | null;
  error: string | undefined;
};

/** 'Keel Checking ••4821': the name and the last digits of the (served masked) account number. */
export function accountOptionLabel(account: Pick<DepositAccount, 'name' | 'accountNumber'>): string {
  return `${account.name} ••${lastDigits(account.accountNumber)}`;
}

/**
 * The account the money leaves (spec §5: 'Account is required'), with what it can send: its available
 * balance (current less pending transfers) and what is left of today's limit on this rail.
 */
export function FromAccountField({
  accounts,
  rail,
  value,
  onChange,
  onBlur,
  limits,
  error,
}: FromAccountFieldProps) {
  const account = accounts.find((candidate) => candidate.id === value.id);
  const limit = limits && limits.accountId === value.id ? limits[rail] : null;
  return (
    <Select
      label="From account"
      withAsterisk
      placeholder="Choose an account"
      data={accounts.map((candidate) => ({ value: candidate.id, label: accountOptionLabel(candidate) }))}
      value={value.id || null}
      allowDeselect={false}
      onChange={(id) => {
        const picked = accounts.find((candidate) => candidate.id === id);
        onChange(picked ? { id: picked.id, name: picked.name } : { id: '', name: '' });
      }}
      onBlur={onBlur}
      error={error}
      description={
        account ? (
          <Text span size="xs" c="dimmed" data-testid="from-account-figures">
            Available {formatCents(account.availableBalance)}
            {limit
              ? ` · ${formatCents(limit.remainingToday)} of the ${formatCents(limit.dailyLimit)} daily ${rail === 'ach' ? 'ACH' : 'wire'} limit left today`
              : ''}
          </Text>
        ) : undefined
      }
    />
  );
}
