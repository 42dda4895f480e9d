import { formatMonthLong, PRODUCT_NAME, PRODUCT_SLUG } from '@keel/domain';
import { Anchor, Button, Group, Select, Text } from '@mantine/core';
import { IconBuildingBank, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { lastDigits } from '../../lib/format';
import { DocumentsSection } from './DocumentsSection';
import { statementUrl } from './documentLinks';
import type { DocumentsAccount } from './documentsQueries';
import type { FileDownloads } from './useFileDownloads';

/** The statement's key among the page's downloads. */
const STATEMENT_DOWNLOAD = 'statement';

/** How the pickers and lists name an account: its name and the last 4 digits of its number. */
export const accountLabel = (account: Pick<DocumentsAccount, 'name' | 'accountNumber'>) =>
  `${account.name} ••${lastDigits(account.accountNumber)}`;

/**
 * 'Export Account Statement' (spec §2 'Statements page', §4 Statements): an Account picker searchable
 * by name, a Month picker of the account's statement months (disabled until an account is chosen, and
 * cleared when it changes), and Download, which downloads the statement's PDF, disabled until both are
 * chosen. Without an account, the empty state says where statements come from.
 */
export function StatementExport({
  accounts,
  downloads,
}: {
  accounts: readonly DocumentsAccount[];
  downloads: FileDownloads;
}) {
  const [accountId, setAccountId] = useState<string | null>(null);
  const [month, setMonth] = useState<string | null>(null);
  const account = accounts.find((candidate) => candidate.id === accountId) ?? null;
  const months = account?.statementMonths ?? [];
  const urlFor = account && month ? (token: string) => statementUrl(account.id, month, token) : null;

  return (
    <DocumentsSection
      title="Export Account Statement"
      description="A PDF of one month's activity, with its opening and closing balances."
      testId="statement-export"
    >
      {accounts.length === 0 ? (
        <NoAccounts />
      ) : (
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="Account"
            placeholder="Choose an account"
            searchable
            nothingFoundMessage="No account by that name"
            data={accounts.map((candidate) => ({ value: candidate.id, label: accountLabel(candidate) }))}
            value={accountId}
            onChange={(value) => {
              setAccountId(value);
              setMonth(null);
            }}
            w={300}
            comboboxProps={{ withinPortal: true }}
          />
          <Select
            label="Month"
            placeholder={account && months.length === 0 ? 'No statements yet' : 'Choose a month'}
            data={months.map((key) => ({ value: key, label: formatMonthLong(key) }))}
            value={month}
            onChange={setMonth}
            disabled={!account || months.length === 0}
            w={220}
            maxDropdownHeight={280}
            comboboxProps={{ withinPortal: true }}
          />
          <Button
            leftSection={<IconDownload size={16} />}
            disabled={!urlFor}
            loading={downloads.pending === STATEMENT_DOWNLOAD}
            onClick={urlFor ? () => downloads.download(STATEMENT_DOWNLOAD, urlFor) : undefined}
          >
            Download
          </Button>
        </Group>
      )}
      {account && months.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm" data-testid="no-statements-yet">
          The first statement of {accountLabel(account)} covers the month it opened, once that month is over.
        </Text>
      ) : null}
    </DocumentsSection>
  );
}

function NoAccounts() {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="statements-empty">
      <IconBuildingBank size={20} color="var(--mantine-color-gray-6)" aria-hidden />
      <div>
        <Text size="sm">Account statements appear here once you have a {PRODUCT_NAME} account.</Text>
        <Anchor component={Link} to={`/${PRODUCT_SLUG}-checking`} size="sm" fw={600}>
          Go to {PRODUCT_NAME} Accounts
        </Anchor>
      </div>
    </Group>
  );
}
