import { Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isJobActive } from '../jobs/jobProgress';
import { useEntityJobs } from '../jobs/useEntityJobs';
import { LinkReturnFrame } from './LinkReturnFrame';
import { pendingLinkStore } from './pendingLink';
import { ResumeLinkFlow } from './ResumeLinkFlow';

/** Spec §2 and §9: what the page says while the new link's first data loads, and how long it waits. */
export const LOADING_DATA_MESSAGE = 'Loading Data. Give us a moment.';
const LINK_DATA_WAIT_MS = 20_000;
/** However quick the sync, the message stays long enough to be read rather than flash. */
const LOADING_DATA_MIN_MS = 1_500;

/** /moneykit-oauth (spec §2): where provider B's OAuth institutions send the browser back. */
export function MoneykitOauthPage() {
  return (
    <LinkReturnFrame>
      <MoneykitOauthReturn />
    </LinkReturnFrame>
  );
}

/**
 * Finishes provider B's flow with the stored session ('Missing link token' without one); once the link
 * is made it shows 'Loading Data. Give us a moment.' while its first sync runs (at most 20 s), then
 * goes to /accounts/linked, where the sync's progress carries on if it is not done. Leaving the flow
 * clears the stored session and goes there at once.
 */
export function MoneykitOauthReturn({ waitMs = LINK_DATA_WAIT_MS }: { waitMs?: number }) {
  const navigate = useNavigate();
  const [loading, setLoading] = useState<{ entityId: string; jobId: string | null } | null>(null);
  const toLinkedAccounts = () => navigate('/accounts/linked', { replace: true });
  if (loading) return <LoadingData {...loading} waitMs={waitMs} onDone={toLinkedAccounts} />;
  return (
    <ResumeLinkFlow
      provider="moneykit"
      onLinked={(linked, session) =>
        setLoading({ entityId: session.entityId, jobId: linked.job?.id ?? null })
      }
      onExit={() => {
        pendingLinkStore.clear();
        toLinkedAccounts();
      }}
    />
  );
}

/**
 * 'Loading Data. Give us a moment.' until the sync `jobId` ends (shown at least LOADING_DATA_MIN_MS) or
 * `waitMs` pass; the sync is followed live (entityJobWasUpdated), polled only while that is down.
 */
function LoadingData({
  entityId,
  jobId,
  waitMs,
  onDone,
}: {
  entityId: string;
  jobId: string | null;
  waitMs: number;
  onDone: () => void;
}) {
  const { allJobs, watch } = useEntityJobs(entityId);
  useEffect(() => {
    if (jobId) watch(jobId);
  }, [jobId, watch]);
  const job = allJobs.find((candidate) => candidate.id === jobId);
  const finished = jobId === null || (job !== undefined && !isJobActive(job));
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const [shownLongEnough, setShownLongEnough] = useState(false);

  useEffect(() => {
    const timer = setTimeout(() => setShownLongEnough(true), LOADING_DATA_MIN_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (finished && shownLongEnough) onDoneRef.current();
  }, [finished, shownLongEnough]);
  useEffect(() => {
    const timer = setTimeout(() => onDoneRef.current(), waitMs);
    return () => clearTimeout(timer);
  }, [waitMs]);

  return (
    <Group justify="center" py="xl" data-testid="loading-data">
      <Stack align="center" gap="sm">
        <Loader aria-label="Loading data" />
        <Text fw={600}>{LOADING_DATA_MESSAGE}</Text>
        {job?.message ? (
          <Text size="sm" c="dimmed">
            {job.message}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}
