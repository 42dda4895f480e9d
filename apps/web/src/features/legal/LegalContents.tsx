import { Anchor, List, Paper, Text } from '@mantine/core';
import type { LegalDocument } from './documents/legalDocument';
import classes from './legal.module.css';
import { sectionAnchor } from './legalAnchors';

/** The id of the table of contents, which each document's 'Back to contents' link returns to. */
export const CONTENTS_ID = 'contents';

type ContentsEntry = { href: string; label: string };

/**
 * The page's table of contents: its documents, or the sections of the one document a page with a
 * single document shows.
 */
export function LegalContents({ documents }: { documents: readonly LegalDocument[] }) {
  const entries = contentsEntries(documents);
  return (
    <Paper
      component="nav"
      id={CONTENTS_ID}
      aria-labelledby={`${CONTENTS_ID}-title`}
      withBorder
      p="md"
      bg="gray.0"
      className={`${classes.noPrint} ${classes.anchorTarget}`}
    >
      <Text id={`${CONTENTS_ID}-title`} fw={600} mb="xs">
        Contents
      </Text>
      <List type="ordered" spacing={6} className={classes.contentsList}>
        {entries.map(({ href, label }) => (
          <List.Item key={href}>
            <Anchor href={href}>{label}</Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

function contentsEntries(documents: readonly LegalDocument[]): ContentsEntry[] {
  const [only] = documents;
  if (only && documents.length === 1) {
    return only.sections.map((section) => ({
      href: `#${sectionAnchor(only, section)}`,
      label: section.heading,
    }));
  }
  return documents.map((document) => ({ href: `#${document.id}`, label: document.title }));
}
