import { LEGAL_PARTIES, PRODUCT_NAME } from '@keel/domain';
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '../../shell/PageTitle';
import { LegalContents } from './LegalContents';
import { LegalDocumentArticle } from './LegalDocumentArticle';
import { LegalHeader } from './LegalHeader';
import type { LegalPageContent } from './legalPages';
import { useScrollToHash } from './useScrollToHash';

/**
 * A public legal page: top bar, the page's title (h1), a table of contents and its documents, in a
 * column narrow enough to read (760 px).
 */
export function LegalPageLayout({ page }: { page: LegalPageContent }) {
  useDocumentTitle(page.title);
  useScrollToHash();
  return (
    <Box mih="100vh">
      <LegalHeader currentPath={page.path} />
      <Container component="main" size={760} px="md" py={{ base: 'lg', sm: 40 }}>
        <Stack gap={40}>
          <Stack gap="lg">
            <Stack gap="xs">
              <Title order={1} fz={{ base: 28, sm: 34 }} lh={1.2}>
                {page.title}
              </Title>
              <Text c="dimmed" lh={1.6}>
                {page.intro}
              </Text>
            </Stack>
            <LegalContents documents={page.documents} />
          </Stack>
          {page.documents.map((document) => (
            <LegalDocumentArticle key={document.id} document={document} />
          ))}
        </Stack>
      </Container>
      <Box component="footer" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size={760} px="md" py="lg">
          <Text size="xs" c="dimmed" lh={1.6}>
            {PRODUCT_NAME} is a financial technology company, not a bank. Banking services are provided by{' '}
            {LEGAL_PARTIES.bankMemberFdic}. All texts on this page are samples; the bank they name is
            fictional.
          </Text>
        </Container>
      </Box>
    </Box>
  );
}
