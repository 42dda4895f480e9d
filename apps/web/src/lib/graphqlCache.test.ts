import { describe, expect, it } from 'vitest';
import { ENTITY_JOBS_QUERY, type JobStatus } from '../features/jobs/jobQueries';
import { createGraphqlCache } from './graphqlCache';

const job = (id: string, status: JobStatus['status'], queuedAt: string): JobStatus =>
  ({
    __typename: 'JobStatus',
    id,
    type: 'QuickbooksSync',
    subjectId: 'realm-1',
    status,
    progress: status === 'succeeded' ? 100 : 40,
    message: null,
    error: null,
    queuedAt,
    startedAt: null,
    finishedAt: null,
  }) as JobStatus;

const variables = { entityId: 'e1' };

describe('createGraphqlCache: jobs', () => {
  it('keeps a final status heard live when an older answer says the job still runs', () => {
    const cache = createGraphqlCache();
    cache.writeQuery({
      query: ENTITY_JOBS_QUERY,
      variables,
      data: { entityJobs: [job('j1', 'succeeded', '2026-11-22T10:00:00Z')] },
    });
    cache.writeQuery({
      query: ENTITY_JOBS_QUERY,
      variables,
      data: { entityJobs: [job('j1', 'running', '2026-11-22T10:00:00Z')] },
    });
    expect(cache.readQuery({ query: ENTITY_JOBS_QUERY, variables })?.entityJobs[0]?.status).toBe('succeeded');
    // Forward is always taken.
    cache.writeQuery({
      query: ENTITY_JOBS_QUERY,
      variables,
      data: { entityJobs: [job('j2', 'queued', '2026-11-22T11:00:00Z')] },
    });
    cache.writeQuery({
      query: ENTITY_JOBS_QUERY,
      variables,
      data: { entityJobs: [job('j2', 'failed', '2026-11-22T11:00:00Z')] },
    });
    expect(cache.readQuery({ query: ENTITY_JOBS_QUERY, variables })?.entityJobs[0]?.status).toBe('failed');
  });

  it('keeps a job heard live that was queued after the newest job of an answer read before it', () => {
    const cache = createGraphqlCache();
    const old = job('j1', 'succeeded', '2026-11-22T10:00:00Z');
    const fresh = job('j2', 'queued', '2026-11-22T10:05:00Z');
    cache.writeQuery({ query: ENTITY_JOBS_QUERY, variables, data: { entityJobs: [fresh, old] } });
    cache.writeQuery({ query: ENTITY_JOBS_QUERY, variables, data: { entityJobs: [old] } });
    expect(cache.readQuery({ query: ENTITY_JOBS_QUERY, variables })?.entityJobs.map((j) => j.id)).toEqual([
      'j2',
      'j1',
    ]);
    // One the answer should have held (queued before its newest) is gone: the answer is right.
    const gone = job('j0', 'succeeded', '2026-11-22T09:00:00Z');
    cache.writeQuery({ query: ENTITY_JOBS_QUERY, variables, data: { entityJobs: [fresh, old, gone] } });
    cache.writeQuery({ query: ENTITY_JOBS_QUERY, variables, data: { entityJobs: [fresh, old] } });
    expect(cache.readQuery({ query: ENTITY_JOBS_QUERY, variables })?.entityJobs.map((j) => j.id)).toEqual([
      'j2',
      'j1',
    ]);
  });
});
