import { Anchor } from '@mantine/core';
import { Link } from 'react-router';
import type { LegalInline, LegalText as LegalTextValue } from './documents/legalDocument';

/** A paragraph's or list item's text, with its links: app paths go through the router, the rest (#, mailto:) stay plain. */
export function LegalText({ text }: { text: LegalTextValue }) {
  if (typeof text === 'string') return text;
  // Runs are fixed text in a fixed order, so their position is their identity.
  // biome-ignore lint/suspicious/noArrayIndexKey: static runs
  return text.map((run, index) => <LegalRun key={index} run={run} />);
}

function LegalRun({ run }: { run: LegalInline }) {
  if (typeof run === 'string') return run;
  return run.to.startsWith('/') ? (
    <Anchor component={Link} to={run.to} inherit>
      {run.text}
    </Anchor>
  ) : (
    <Anchor href={run.to} inherit>
      {run.text}
    </Anchor>
  );
}
