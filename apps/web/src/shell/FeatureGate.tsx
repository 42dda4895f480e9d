import type { ServerFeature } from '@keel/domain';
import { Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { FeatureUnavailableNotice } from './FeatureUnavailableNotice';
import { PageTitle, useDocumentTitle } from './PageTitle';
import { useFeatureOffNotice } from './serverFeatures';

/**
 * A page of a feature the server may not offer (routes.tsx): the page itself, or, when the feature is
 * off, its title and the server's notice in its place, so none of its queries or controls run.
 * `heading: false` for a tab, whose layout shows the heading.
 */
export function FeatureGate({
  feature,
  title,
  heading = true,
  children,
}: {
  feature: ServerFeature;
  title: string;
  heading?: boolean;
  children: ReactNode;
}) {
  const notice = useFeatureOffNotice(feature);
  if (!notice) return children;
  return (
    <Stack gap="md" maw={720} data-testid="feature-off-page">
      {heading ? <PageTitle title={title} /> : <TabTitle title={title} />}
      <FeatureUnavailableNotice notice={notice} />
    </Stack>
  );
}

function TabTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}
