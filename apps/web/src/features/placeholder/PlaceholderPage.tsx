import { PageTitle } from '../../shell/PageTitle';

/** A page whose content arrives with a later issue: the shell and the page title only. */
export function PlaceholderPage({ title }: { title: string }) {
  return <PageTitle title={title} />;
}
