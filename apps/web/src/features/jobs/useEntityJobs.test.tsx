import type { MockLink } from '@apollo/client/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENTITY_ID, job, renderLinking } from '../linking/linking.testkit';
import { JOB_POLL_INTERVAL_MS } from './jobProgress';
import { ENTITY_JOBS_QUERY, type JobStatus } from './jobQueries';
import { useEntityJobs } from './useEntityJobs';

const SUBSCRIPTION = 'EntityJobWasUpdated';

/** entityJobs answered from `current()` at each read, counting the reads. */
function countedJobsMock(current: () => JobStatus[]) {
  const counter = { reads: 0 };
  const mock: MockLink.MockedResponse = {
    request: { query: ENTITY_JOBS_QUERY, variables: { entityId: ENTITY_ID } },
    result: () => {
      counter.reads += 1;
      return { data: { entityJobs: current() } };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  };
  return { mock, counter };
}

function JobsProbe({ onSettled }: { onSettled?: (job: JobStatus) => void }) {
  const { jobs, live } = useEntityJobs(ENTITY_ID, { onSettled });
  return (
    <div>
      <span data-testid="live">{String(live)}</span>
      {jobs.map((shown) => (
        <div key={shown.id} data-testid="probe-job">
          {`${shown.id} ${shown.status} ${shown.progress ?? '-'}`}
        </div>
      ))}
    </div>
  );
}

const shownJobs = () => screen.queryAllByTestId('probe-job').map((row) => row.textContent);
const update = (changed: JobStatus) => ({
  entityJobWasUpdated: { __typename: 'EntityJobUpdate', jobStatus: changed },
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useEntityJobs', () => {
  it('starts from entityJobs, then follows entityJobWasUpdated: changes merge by id, a new job joins', async () => {
    // The server's jobs, newest first: what entityJobs answers and what the events tell.
    let serverJobs = [job({ progress: 40 })];
    const { mock } = countedJobsMock(() => serverJobs);
    const { live } = renderLinking(<JobsProbe />, { mocks: [mock] });
    const tell = (changed: JobStatus) => {
      serverJobs = [changed, ...serverJobs.filter((known) => known.id !== changed.id)];
      live.push(SUBSCRIPTION, update(changed));
    };
    await waitFor(() => expect(shownJobs()).toEqual(['job-1 running 40']));
    expect(live.subscribers(SUBSCRIPTION)).toHaveLength(1);
    expect(live.subscribers(SUBSCRIPTION)[0]?.variables).toEqual({ entityId: ENTITY_ID });
    await live.connect(SUBSCRIPTION);
    expect(screen.getByTestId('live')).toHaveTextContent('true');

    tell(job({ progress: 70, message: 'Imported 200 transactions' }));
    await waitFor(() => expect(shownJobs()).toEqual(['job-1 running 70']));
    tell(job({ id: 'job-2', status: 'queued', progress: null, queuedAt: '2026-11-22T09:45:00.000Z' }));
    await waitFor(() => expect(shownJobs()).toEqual(['job-2 queued -', 'job-1 running 70']));
  });

  it('reads the jobs again each time the subscription connects or comes back', async () => {
    const { mock, counter } = countedJobsMock(() => [job({ status: 'succeeded', progress: 100 })]);
    const { live } = renderLinking(<JobsProbe />, { mocks: [mock] });
    await waitFor(() => expect(counter.reads).toBe(1));
    await live.connect(SUBSCRIPTION);
    await waitFor(() => expect(counter.reads).toBe(2));
    live.drop(SUBSCRIPTION);
    expect(screen.getByTestId('live')).toHaveTextContent('false');
    await live.reconnect(SUBSCRIPTION);
    await waitFor(() => expect(counter.reads).toBe(3));
    expect(screen.getByTestId('live')).toHaveTextContent('true');
  });

  it('tells once when a job it saw under way ends', async () => {
    const onSettled = vi.fn();
    let serverJob = job();
    const { mock } = countedJobsMock(() => [serverJob]);
    const { live } = renderLinking(<JobsProbe onSettled={onSettled} />, { mocks: [mock] });
    await waitFor(() => expect(shownJobs()).toEqual(['job-1 running 40']));
    await live.connect(SUBSCRIPTION);
    serverJob = job({ status: 'succeeded', progress: 100 });
    live.push(SUBSCRIPTION, update(serverJob));
    await waitFor(() => expect(onSettled).toHaveBeenCalledTimes(1));
    expect(onSettled.mock.calls[0]?.[0]).toMatchObject({ id: 'job-1', status: 'succeeded' });
    // Still shown: the component showing it decides how long (the control, 1 s).
    expect(shownJobs()).toEqual(['job-1 succeeded 100']);
    serverJob = job({ status: 'succeeded', progress: 100, message: 'again' });
    live.push(SUBSCRIPTION, update(serverJob));
    await act(async () => undefined);
    expect(onSettled).toHaveBeenCalledTimes(1);
  });

  it('does not show jobs that ended before the page saw them', async () => {
    const { mock, counter } = countedJobsMock(() => [job({ id: 'old', status: 'failed', progress: 10 })]);
    renderLinking(<JobsProbe />, { mocks: [mock] });
    await waitFor(() => expect(counter.reads).toBe(1));
    await act(async () => undefined);
    expect(shownJobs()).toEqual([]);
  });

  it('polls every 2 s only while the subscription is down and a job is under way', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { mock, counter } = countedJobsMock(() => [job()]);
    const { live } = renderLinking(<JobsProbe />, { mocks: [mock] });
    await waitFor(() => expect(shownJobs()).toEqual(['job-1 running 40']));
    await live.connect(SUBSCRIPTION);
    await waitFor(() => expect(counter.reads).toBe(2));
    await act(async () => vi.advanceTimersByTime(3 * JOB_POLL_INTERVAL_MS));
    expect(counter.reads).toBe(2);

    live.drop(SUBSCRIPTION);
    await act(async () => vi.advanceTimersByTime(JOB_POLL_INTERVAL_MS + 10));
    await waitFor(() => expect(counter.reads).toBe(3));
    await act(async () => vi.advanceTimersByTime(JOB_POLL_INTERVAL_MS));
    await waitFor(() => expect(counter.reads).toBe(4));

    await live.reconnect(SUBSCRIPTION);
    await waitFor(() => expect(counter.reads).toBe(5));
    await act(async () => vi.advanceTimersByTime(3 * JOB_POLL_INTERVAL_MS));
    expect(counter.reads).toBe(5);
  });
});
