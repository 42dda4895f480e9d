import { type APIRequestContext, expect } from '@playwright/test';
import { graphql } from './api';

/** API helpers for the bank-linking specs: the links, the jobs and the sandbox's dev route. */

type LinksByApi = {
  plaidItems: { itemId: string; needsReconnect: boolean; institution: { name: string } }[];
  moneykitLinks: { id: string; needsReconnect: boolean; institutionName: string }[];
};

export async function linksByApi(request: APIRequestContext, token: string, entityId: string) {
  return graphql<LinksByApi>(
    request,
    token,
    `query($e: ID!) {
      plaidItems(entityId: $e) { itemId needsReconnect institution { name } }
      moneykitLinks(entityId: $e) { id needsReconnect institutionName }
    }`,
    { e: entityId },
  );
}

/** Waits until none of the company's jobs is queued or running (the syncs a link queued). */
export async function waitForJobsByApi(request: APIRequestContext, token: string, entityId: string) {
  await expect
    .poll(
      async () => {
        const { entityJobs } = await graphql<{ entityJobs: { status: string }[] }>(
          request,
          token,
          'query($e: ID!) { entityJobs(entityId: $e) { status } }',
          { e: entityId },
        );
        return entityJobs.filter((job) => job.status === 'queued' || job.status === 'running').length;
      },
      { timeout: 60_000, intervals: [500, 1000, 2000] },
    )
    .toBe(0);
}

type OverviewByApi = {
  accountsOverview: {
    summary: { assets: number; liabilities: number; netWorth: number };
    groups: { name: string; items: { name: string }[] }[];
    netWorth: { data: { date: string; value: number }[] };
  };
};

export async function overviewByApi(request: APIRequestContext, token: string, entityId: string) {
  return graphql<OverviewByApi>(
    request,
    token,
    `query($e: ID!) { accountsOverview(entityId: $e) {
      summary { assets liabilities netWorth }
      groups { name items { name } }
      netWorth { data { date value } }
    } }`,
    { e: entityId },
  );
}

/** The sandbox expires a link's login (apps/server/src/rest/devLinking.ts); a sync then records it. */
export async function resetLoginByDevRoute(request: APIRequestContext, linkId: string) {
  const response = await request.post('/api/dev/aggregators/reset-login', { data: { link_id: linkId } });
  expect(response.status(), await response.text()).toBe(200);
}
