import { useQuery } from '@apollo/client/react';
import { PRODUCT_NAME } from '@keel/domain';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useEntityContext } from '../../shell/EntityContext';
import { PageTitle } from '../../shell/PageTitle';
import { AccountAgreementsList } from './AccountAgreementsList';
import { DOCUMENTS_QUERY } from './documentsQueries';
import { StatementExport } from './StatementExport';
import { TaxDocumentsList } from './TaxDocumentsList';
import { useFileDownloads } from './useFileDownloads';

/**
 * /documents (spec §2 'Statements page'): export a month's account statement, read the account
 * agreements, download the tax documents. Each download asks for its own single-use file download
 * token (spec §2: the page needs one) and then lets the browser fetch the file; the sidebar shows the
 * page only to companies with a deposit account (shell/navigation.ts), and one without sees empty states.
 */
export function DocumentsPage() {
  const { entity } = useEntityContext();
  const { data, error } = useQuery(DOCUMENTS_QUERY, {
    variables: { entityId: entity.id },
    fetchPolicy: 'network-only',
  });
  // A switch of company leaves the last company's answer out: data is only ever this company's.
  const documents = data?.documents.entityId === entity.id ? data.documents : undefined;
  const downloads = useFileDownloads(entity.id);

  return (
    <Stack gap="lg" pb="xl" maw={960} data-testid="documents-page">
      <div>
        <PageTitle title="Documents" />
        <Text size="sm" c="dimmed">
          Statements, agreements and tax documents of {entity.name}'s {PRODUCT_NAME} accounts.
        </Text>
      </div>
      {error && !documents ? (
        <LoadError error={error} />
      ) : !documents ? (
        <Group justify="center" p="xl">
          <Loader aria-label="Loading documents" />
        </Group>
      ) : (
        <>
          {downloads.error ? (
            <Alert color="red" title="Download failed" data-testid="download-error">
              <Text size="sm">{downloads.error}</Text>
            </Alert>
          ) : null}
          <StatementExport key={entity.id} accounts={documents.accounts} downloads={downloads} />
          <AccountAgreementsList />
          <TaxDocumentsList accounts={documents.accounts} downloads={downloads} />
        </>
      )}
    </Stack>
  );
}

function LoadError({ error }: { error: unknown }) {
  useEffect(() => console.error('The documents could not be loaded', error), [error]);
  return (
    <Alert color="red" title="Error" data-testid="documents-error">
      <Text size="sm">The documents could not be loaded. Reload the page to try again.</Text>
    </Alert>
  );
}
