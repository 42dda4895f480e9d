import { Alert, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { DepositAccount } from './bankingQueries';
import { describeAge, formatDayTimeIn } from './bankingTimes';

/** The clock, read again every `everyMs`: 'Updated 2 min ago' keeps counting while the page is open. */
function useNow(everyMs: number): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}

/** The oldest of the accounts' last mirrors: every figure on the page is at least that fresh. */
function oldestMirror(accounts: readonly DepositAccount[]): string | null {
  let oldest: string | null = null;
  for (const account of accounts) {
    if (account.mirroredAt && (oldest === null || account.mirroredAt < oldest)) oldest = account.mirroredAt;
  }
  return oldest;
}

/**
 * When /keel-checking's figures were last brought up to date from the bank (pages read what
 * the last mirror stored): 'Updated 2 min ago', from the accounts' `mirroredAt`.
 */
export function FiguresUpdated({
  accounts,
  timeZone,
}: {
  accounts: readonly DepositAccount[];
  timeZone: string;
}) {
  const now = useNow(30_000);
  const at = oldestMirror(accounts);
  if (!at) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="figures-updated" title={formatDayTimeIn(timeZone, at)}>
      Updated {describeAge(timeZone, at, now)}
    </Text>
  );
}

/**
 * A calm notice when the last mirror could not reach the bank (`mirrorError`): the figures shown are
 * those of the last mirror that did, and the page works on. The error's text is the server's, for
 * support; the notice does not show it.
 */
export function BankUnreachableNotice({
  accounts,
  timeZone,
}: {
  accounts: readonly DepositAccount[];
  timeZone: string;
}) {
  if (!accounts.some((account) => account.mirrorError)) return null;
  const at = oldestMirror(accounts);
  return (
    <Alert color="gray" variant="light" icon={<IconCloudOff size={18} />} data-testid="bank-unreachable">
      We could not reach the bank just now.{' '}
      {at
        ? `The figures below are as of ${formatDayTimeIn(timeZone, at)}, and update on their own once it answers.`
        : 'The figures below update on their own once it answers.'}
    </Alert>
  );
}
