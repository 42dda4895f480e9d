import { useQuery } from '@apollo/client/react';
import { PRODUCT_NAME } from '@keel/domain';
import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { lastDigits } from '../../lib/format';
import { useEntityContext } from '../../shell/EntityContext';
import { PageTitle } from '../../shell/PageTitle';
import { GatedButton } from '../settings/team/GatedButton';
import { sendMoneyBlockedReason } from './bankingPermissions';
import { DEPOSIT_ACCOUNTS_QUERY, TRANSFERS_QUERY } from './bankingQueries';
import { DepositAccountsEmpty, DepositAccountsTable } from './DepositAccountsTable';
import { BankUnreachableNotice, FiguresUpdated } from './FiguresUpdated';
import { SendMoneyModal } from './send/SendMoneyModal';
import { TransferApprovalSetting } from './TransferApprovalSetting';
import { TransfersTable } from './TransfersTable';

/** What /apply hands over when an application opened an account: the page marks it. */
export type KeelCheckingState = { openedAccountId?: string };

/**
 * /{product}-checking (spec §2): the '{product} Accounts' table, or its empty state leading to /apply,
 * with when its figures were last brought up to date from the bank (and a calm notice when the bank
 * could not be reached: the page shows the last figures); then the transfers, the second-approver rule,
 * and 'Send money' (ACH or wire) for the roles that may send it (spec §6: a bookkeeper sees the button
 * disabled, saying who can). Days and times are the company's (`entity.timeZone`, `today`).
 */
export function KeelCheckingPage() {
  const { entity, today } = useEntityContext();
  const opened = (useLocation().state as KeelCheckingState | null)?.openedAccountId ?? null;
  const [sending, setSending] = useState(false);
  const accountsQuery = useQuery(DEPOSIT_ACCOUNTS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const transfersQuery = useQuery(TRANSFERS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'cache-and-network',
  });
  const accounts = accountsQuery.data?.providerBankAccounts;
  const transfers = transfersQuery.data?.transfers;
  const blockedReason = sendMoneyBlockedReason(entity.viewerRole);
  const openedAccount = accounts?.find((account) => account.id === opened);
  const title = `${PRODUCT_NAME} Accounts`;

  return (
    <Stack gap="lg" pb="xl" maw={1200} data-testid="keel-checking-page">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <PageTitle title={title} />
          <Text size="sm" c="dimmed">
            {entity.name}'s deposit accounts with {PRODUCT_NAME}: balances, interest and transfers.
          </Text>
          {accounts && accounts.length > 0 ? (
            <FiguresUpdated accounts={accounts} timeZone={entity.timeZone} />
          ) : null}
        </div>
        {accounts && accounts.length > 0 ? (
          <GatedButton
            leftSection={<IconSend size={16} />}
            blockedReason={blockedReason}
            onClick={() => setSending(true)}
          >
            Send money
          </GatedButton>
        ) : null}
      </Group>

      {openedAccount ? (
        <Alert
          color="teal"
          variant="light"
          icon={<IconCircleCheck size={18} />}
          title="Your account is open"
          data-testid="account-opened"
        >
          {openedAccount.name} ••{lastDigits(openedAccount.accountNumber)} is ready. To fund it from another
          bank, choose Show next to its account number below and enter your password: the full account and
          routing numbers show, each with a Copy button.
        </Alert>
      ) : null}

      {accounts ? <BankUnreachableNotice accounts={accounts} timeZone={entity.timeZone} /> : null}

      {/* The table is the page's own subject: the page title names it (spec: '{product} Accounts'). */}
      <Section title={title} hideTitle>
        {accountsQuery.error && !accounts ? (
          <LoadError what="accounts" error={accountsQuery.error} />
        ) : !accounts ? (
          <Loading label="Loading accounts" />
        ) : accounts.length === 0 ? (
          <DepositAccountsEmpty />
        ) : (
          <DepositAccountsTable accounts={accounts} highlightId={opened} />
        )}
      </Section>

      {accounts && accounts.length > 0 ? (
        <Section title="Transfers">
          {transfersQuery.error && !transfers ? (
            <LoadError what="transfers" error={transfersQuery.error} />
          ) : !transfers ? (
            <Loading label="Loading transfers" />
          ) : (
            <TransfersTable entityId={entity.id} transfers={transfers} timeZone={entity.timeZone} />
          )}
        </Section>
      ) : null}

      {accounts && accounts.length > 0 ? (
        <Section title="Approvals">
          <TransferApprovalSetting entityId={entity.id} />
        </Section>
      ) : null}

      {accounts && accounts.length > 0 && !blockedReason ? (
        <SendMoneyModal
          opened={sending}
          onClose={() => setSending(false)}
          entityId={entity.id}
          accounts={accounts}
          today={today}
          timeZone={entity.timeZone}
        />
      ) : null}
    </Stack>
  );
}

function Section({
  title,
  hideTitle,
  children,
}: {
  title: string;
  hideTitle?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-label={title}>
      {hideTitle ? null : (
        <Title order={3} size="h4" mb="sm">
          {title}
        </Title>
      )}
      {children}
    </Paper>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <Group justify="center" p="xl">
      <Loader aria-label={label} />
    </Group>
  );
}

/** Spec §8: a failed query shows 'Error' and is logged. */
function LoadError({ what, error }: { what: string; error: unknown }) {
  useEffect(() => console.error(`The ${what} could not be loaded`, error), [what, error]);
  return (
    <Alert color="red" title="Error">
      <Text size="sm">The {what} could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
