import { Alert, Anchor, Box, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { LegalDocument } from './documents/legalDocument';
import { LegalBlock } from './LegalBlock';
import { CONTENTS_ID } from './LegalContents';
import classes from './legal.module.css';
import { sectionAnchor } from './legalAnchors';

/** Every document says so at its top: these texts show the product, they bind no one. */
export const SAMPLE_NOTICE_TITLE = 'Sample text — not legal advice and not a binding agreement';

/** One legal document: its title (h2, the anchor `#${id}`), dates, the sample notice and its sections (h3). */
export function LegalDocumentArticle({ document }: { document: LegalDocument }) {
  const titleId = `${document.id}-title`;
  return (
    <Box
      component="article"
      id={document.id}
      aria-labelledby={titleId}
      className={`${classes.document} ${classes.anchorTarget}`}
    >
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} id={titleId} fz={{ base: 22, sm: 26 }} lh={1.25}>
            {document.title}
          </Title>
          <Text size="sm" c="dimmed">
            <LegalDate label="Effective date" iso={document.effectiveDate} /> ·{' '}
            <LegalDate label="Last updated" iso={document.lastUpdated} />
          </Text>
        </Stack>
        <Alert
          role="note"
          variant="light"
          color="yellow"
          icon={<IconAlertTriangle size={18} />}
          title={SAMPLE_NOTICE_TITLE}
          className={classes.sampleNotice}
        >
          This text is a sample written to show how documents appear in this app. The companies and contacts
          it names are fictional; do not rely on it.
        </Alert>
        <Text size="lg" className={classes.prose}>
          {document.summary}
        </Text>
        {document.sections.map((section) => (
          <Box
            component="section"
            key={section.id}
            id={sectionAnchor(document, section)}
            className={classes.anchorTarget}
          >
            <Stack gap="xs">
              <Title order={3} fz={{ base: 17, sm: 18 }} mt="xs">
                {section.heading}
              </Title>
              {section.blocks.map((block, index) => (
                // Blocks are fixed text in a fixed order, so their position is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: static blocks
                <LegalBlock key={index} block={block} />
              ))}
            </Stack>
          </Box>
        ))}
        <Anchor href={`#${CONTENTS_ID}`} size="sm" className={classes.noPrint}>
          Back to contents
        </Anchor>
      </Stack>
    </Box>
  );
}

/** 'Effective date: November 1, 2026', kept on one line; the ISO day is read in UTC so no time zone shifts it. */
function LegalDate({ label, iso }: { label: string; iso: string }) {
  const day = new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', {
    dateStyle: 'long',
    timeZone: 'UTC',
  });
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {label}: <time dateTime={iso}>{day}</time>
    </span>
  );
}
