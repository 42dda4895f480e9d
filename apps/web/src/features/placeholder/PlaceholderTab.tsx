import { Title } from '@mantine/core';
import { useDocumentTitle } from '../../shell/PageTitle';

/** A tab of a page (under the page's own title) whose content arrives with a later issue: its heading. */
export function PlaceholderTab({ title }: { title: string }) {
  useDocumentTitle(title);
  return <Title order={3}>{title}</Title>;
}
