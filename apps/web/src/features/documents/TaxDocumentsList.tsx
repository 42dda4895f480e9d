import { PRODUCT_NAME, taxDocumentsByYear } from '@keel/domain';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { DocumentsSection } from './DocumentsSection';
import { taxDocumentUrl } from './documentLinks';
import type { DocumentsAccount, DocumentsTaxDocument } from './documentsQueries';
import { accountLabel } from './StatementExport';
import type { FileDownloads } from './useFileDownloads';

type ListedTaxDocument = DocumentsTaxDocument & { account: DocumentsAccount };

/**
 * 'Tax Documents' (spec §2, §4): the filed documents of every account, grouped by year, newest first,
 * each a button that downloads its PDF, naming the account it reports on.
 */
export function TaxDocumentsList({
  accounts,
  downloads,
}: {
  accounts: readonly DocumentsAccount[];
  downloads: FileDownloads;
}) {
  const years = taxDocumentsByYear<ListedTaxDocument>(
    accounts.flatMap((account) => account.taxDocuments.map((document) => ({ ...document, account }))),
  );
  return (
    <DocumentsSection
      title="Tax Documents"
      description="A Form 1099-INT for each year an account earned $10 or more of interest, available after the year ends."
      testId="tax-documents"
    >
      {years.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="tax-documents-empty">
          No tax documents yet. They appear here once a year in which a {PRODUCT_NAME} account earned interest
          has ended.
        </Text>
      ) : (
        <Stack gap="md">
          {years.map(({ year, documents }) => (
            <section key={year} aria-labelledby={`tax-year-${year}`} data-testid={`tax-year-${year}`}>
              <Title order={4} size="h5" id={`tax-year-${year}`} mb={4}>
                {year}
              </Title>
              <Stack gap={4} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
                {documents.map((document) => (
                  <Group key={document.id} component="li" gap="sm" wrap="nowrap">
                    <IconFileDownload size={18} color="var(--mantine-color-gray-6)" aria-hidden />
                    <Anchor
                      component="button"
                      type="button"
                      aria-busy={downloads.pending === document.id}
                      onClick={() =>
                        downloads.download(document.id, (token) =>
                          taxDocumentUrl(document.accountId, document.id, token),
                        )
                      }
                      size="sm"
                      fw={600}
                    >
                      {document.name} {year}
                    </Anchor>
                    <Text size="sm" c="dimmed">
                      {accountLabel(document.account)}
                    </Text>
                  </Group>
                ))}
              </Stack>
            </section>
          ))}
        </Stack>
      )}
    </DocumentsSection>
  );
}
