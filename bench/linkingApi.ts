/**
 * The accounts pages and realtime across servers, on the demo company (Acme Robotics: one
 * bank linked through each provider, a Keel checking account), signed in as its owner:
 * 1. /accounts: AccountsOverview, /accounts/linked: LinkedAccounts and EntityJobs, each at `clients`
 *    concurrent HTTP clients for `seconds`, on each database;
 * 2. two servers on one PostgreSQL database (each with its own pool, job runner and LISTEN connection,
 *    as two processes behind a proxy): a subscriber on server B (entityWasUpdated and
 *    entityJobWasUpdated over SSE) while a bank is linked on server A, `runs` times: how long from the
 *    request on A until B's subscriber hears the accounts and the queued sync, that the sync job ran
 *    once on one of the two servers, and that it imported each transaction once; then one update
 *    fanned out to 50 streams of five members on B, `runs` × 10 times (each stream reads its viewer's
 *    access before it sends an event).
 *
 *   npm run bench -- linking-api [runs=10] [clients=50] [seconds=10] [databases=pglite,postgres]
 */
import { sql } from 'drizzle-orm';
import { print } from 'graphql';
import { systemClock } from '../apps/server/src/clock';
import { openDatabase } from '../apps/server/src/db/client';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { publishEntityUpdate } from '../apps/server/src/realtime/entityEvents';
import { QUICKBOOKS_CONNECTION_QUERY } from '../apps/web/src/features/accounting/accountingQueries';
import { ACCOUNTS_OVERVIEW_QUERY } from '../apps/web/src/features/bankAccounts/accountsOverviewQuery';
import { ENTITY_JOBS_QUERY } from '../apps/web/src/features/jobs/jobQueries';
import { LINKED_ACCOUNTS_QUERY } from '../apps/web/src/features/linking/linkingQueries';
import { type DemoServer, rowsOf, startBenchServer, withDemoServer } from './demoServer';
import { answered, type GqlData, heard, openSse } from './graphqlClient';
import { loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';
import { formatStats, summarizeRuns } from './stats';

type LinkingApiBenchOptions = {
  runs: number;
  clients: number;
  seconds: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_LINKING_API_BENCH: LinkingApiBenchOptions = {
  runs: 10,
  clients: 50,
  seconds: 10,
  databases: ['pglite', 'postgres'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

const LABEL_WIDTH = 56;

/** The sandbox institutions of provider A the runs link in turn (each then deleted). */
const INSTITUTIONS = ['ins_109508', 'ins_109509', 'ins_109511'];

export async function runLinkingApiBenchmark(options: LinkingApiBenchOptions): Promise<void> {
  console.log(
    `\nAccounts pages through the API: AccountsOverview, LinkedAccounts and EntityJobs at ${options.clients} clients, ${options.seconds} s each; then a bank linked on server A heard on server B (${options.runs} runs, PostgreSQL)`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-linking', async (target) => {
    console.log(`\n${target.label}:`);
    await withDemoServer(target, async (server) => {
      await loadPages(server, options);
      if (target.url) await acrossTwoServers(target, server, options);
    });
  });
}

async function loadPages(server: DemoServer, options: LinkingApiBenchOptions): Promise<void> {
  const pages = [
    {
      label: 'AccountsOverview (/accounts)',
      operationName: 'AccountsOverview',
      query: ACCOUNTS_OVERVIEW_QUERY,
    },
    {
      label: 'LinkedAccounts (/accounts/linked)',
      operationName: 'LinkedAccounts',
      query: LINKED_ACCOUNTS_QUERY,
    },
    { label: 'EntityJobs (/accounts/linked)', operationName: 'EntityJobs', query: ENTITY_JOBS_QUERY },
    {
      label: 'QuickbooksConnection (/settings/integrations)',
      operationName: 'QuickbooksConnection',
      query: QUICKBOOKS_CONNECTION_QUERY,
    },
  ];
  for (const page of pages) {
    const body = JSON.stringify({
      operationName: page.operationName,
      query: print(page.query),
      variables: { entityId: server.entityId },
    });
    await answered(server.url, server.headers, body, page.operationName);
    printLoadFigures(
      `${page.label}, ${options.clients} clients`,
      await loadGraphql(server.url, server.headers, body, options.clients, options.seconds),
      LABEL_WIDTH,
    );
  }
}

const SUBSCRIBE_ACCOUNTS = `subscription($e: ID!) { entityWasUpdated(entityId: $e) { reason accounts { accountId } } }`;
const SUBSCRIBE_JOBS = `subscription($e: ID!) { entityJobWasUpdated(entityId: $e) { jobStatus { id status } } }`;
const LINK_TOKEN = `mutation($e: ID!) { createPlaidLinkToken(entityId: $e) { linkToken errors } }`;
const CREATE_ITEM = `mutation($e: ID!, $t: String!) { createPlaidItem(entityId: $e, publicToken: $t) {
  item { itemId accounts { accountId } } job { id } errors } }`;
const DELETE_ITEM = `mutation($i: ID!) { deletePlaidItem(itemId: $i) { id errors } }`;

/**
 * Server A is the demo server; server B opens its own pool on the same database. Each run links a bank
 * on A (the sandbox's Link flow, then createPlaidItem) with B's subscribers listening, waits for the
 * sync to finish, checks it ran once and imported nothing twice, and deletes the link.
 */
async function acrossTwoServers(target: ScratchDatabase, a: DemoServer, options: LinkingApiBenchOptions) {
  const second = await openDatabase({ url: target.url as string, poolSize: 10 });
  const b = await startBenchServer(second.db);
  const originA = new URL(a.url).origin;
  const token = a.headers.authorization?.replace('Bearer ', '') ?? '';
  const accountsHeard: number[] = [];
  const queuedHeard: number[] = [];
  const syncDone: number[] = [];
  let runsOnce = 0;
  let duplicates = 0;
  let fanOut = '';
  try {
    for (let run = 0; run < options.runs; run += 1) {
      const accounts = await openSse(b.origin, SUBSCRIBE_ACCOUNTS, { e: a.entityId }, token);
      const jobs = await openSse(b.origin, SUBSCRIBE_JOBS, { e: a.entityId }, token);
      try {
        const linkToken = (await gql(a, LINK_TOKEN, { e: a.entityId })).createPlaidLinkToken.linkToken;
        const publicToken = await sandboxLink(originA, linkToken, INSTITUTIONS[run % INSTITUTIONS.length]);
        const sentAt = performance.now();
        const made = (await gql(a, CREATE_ITEM, { e: a.entityId, t: publicToken })).createPlaidItem;
        const jobId: string = made.job.id;
        accountsHeard.push(
          (await heard(accounts, sentAt, (d) => d.entityWasUpdated?.reason === 'linkedAccounts')) - sentAt,
        );
        queuedHeard.push(
          (await heard(jobs, sentAt, (d) => d.entityJobWasUpdated?.jobStatus.id === jobId)) - sentAt,
        );
        const finished = await heard(
          jobs,
          sentAt,
          (d) =>
            d.entityJobWasUpdated?.jobStatus.id === jobId &&
            d.entityJobWasUpdated.jobStatus.status === 'succeeded',
          60_000,
        );
        syncDone.push(finished - sentAt);
        const [job] = await rowsOf<{ attempts: number }>(
          a.db,
          sql`SELECT attempts FROM jobs WHERE id = ${jobId}::uuid`,
        );
        if (job?.attempts === 1) runsOnce += 1;
        const accountIds: string[] = made.item.accounts.map(
          (account: { accountId: string }) => account.accountId,
        );
        const [twice] = await rowsOf<{ n: string }>(
          a.db,
          sql`SELECT count(*)::text AS n FROM (
                SELECT 1 FROM imported_transactions
                WHERE linked_account_id = ANY(${sql.param(accountIds)}::uuid[])
                GROUP BY linked_account_id, provider_transaction_id HAVING count(*) > 1) d`,
        );
        duplicates += Number(twice?.n ?? 0);
        await gql(a, DELETE_ITEM, { i: made.item.itemId });
      } finally {
        accounts.close();
        jobs.close();
      }
    }
    fanOut = await fanOutAcrossServers(a, b.origin, options);
  } finally {
    await b.close();
    await second.close();
  }
  console.log('  Two servers on one database (a bank linked on A, heard by a subscriber on B):');
  console.log(
    `  ${'createPlaidItem on A → accounts heard on B'.padEnd(LABEL_WIDTH)} ${formatStats(summarizeRuns(accountsHeard))}`,
  );
  console.log(
    `  ${'createPlaidItem on A → sync queued heard on B'.padEnd(LABEL_WIDTH)} ${formatStats(summarizeRuns(queuedHeard))}`,
  );
  console.log(
    `  ${'createPlaidItem on A → sync succeeded heard on B'.padEnd(LABEL_WIDTH)} ${formatStats(summarizeRuns(syncDone))}`,
  );
  console.log(
    `  sync jobs run exactly once: ${runsOnce} of ${options.runs}; transactions imported twice: ${duplicates}`,
  );
  console.log(fanOut);
}

const SUBSCRIBE_REASONS = `subscription($e: ID!) { entityWasUpdated(entityId: $e) { reason } }`;
const FAN_OUT_STREAMS = 50;
const FAN_OUT_MEMBERS = 5;

/**
 * One company's update fanned out to FAN_OUT_STREAMS live streams on server B, ten each of five members
 * (a user may hold 20, an address 60), published on A, `runs` × 10 times: how long until every stream
 * has it. Each stream reads its viewer's access again before it sends the event, so this is the price
 * of that read (one statement per member and event, shared by the member's streams).
 */
async function fanOutAcrossServers(
  a: DemoServer,
  bOrigin: string,
  options: LinkingApiBenchOptions,
): Promise<string> {
  const members = await rowsOf<{ user_id: string }>(
    a.db,
    sql`SELECT user_id FROM memberships WHERE entity_id = ${a.entityId}::uuid
          AND role IN ('owner', 'admin', 'bookkeeper') ORDER BY role, user_id LIMIT ${FAN_OUT_MEMBERS}`,
  );
  const tokens = await Promise.all(
    members.map(async (member) => (await issueAccessToken(a.db, systemClock, member.user_id, 1)).token),
  );
  const streams = [];
  for (let i = 0; i < FAN_OUT_STREAMS; i += 1) {
    streams.push(
      await openSse(bOrigin, SUBSCRIBE_REASONS, { e: a.entityId }, tokens[i % tokens.length] ?? ''),
    );
  }
  const allHeard: number[] = [];
  try {
    for (let run = 0; run < options.runs * 10; run += 1) {
      const sentAt = performance.now();
      await publishEntityUpdate(a.db, a.entityId, 'apiFlags');
      const times = await Promise.all(
        streams.map((stream) => heard(stream, sentAt, (d) => d.entityWasUpdated?.reason === 'apiFlags')),
      );
      allHeard.push(Math.max(...times) - sentAt);
    }
  } finally {
    for (const stream of streams) stream.close();
  }
  const label = `an update on A → all ${FAN_OUT_STREAMS} streams of ${tokens.length} members heard on B`;
  return `  ${label.padEnd(LABEL_WIDTH)} ${formatStats(summarizeRuns(allHeard))}`;
}

/** A GraphQL call on server A that must answer without errors. */
async function gql(server: DemoServer, query: string, variables: Record<string, unknown>): Promise<GqlData> {
  const answer = await answered(server.url, server.headers, JSON.stringify({ query, variables }), 'GraphQL');
  const data = answer.data as GqlData;
  const payload = Object.values(data)[0] as { errors?: unknown[] } | undefined;
  if (payload?.errors && payload.errors.length > 0) throw new Error(JSON.stringify(payload.errors));
  return data;
}

/** What the web app's sandbox Link dialog does: signs in at the institution, answers the public token. */
async function sandboxLink(
  origin: string,
  linkToken: string,
  institutionId: string | undefined,
): Promise<string> {
  const response = await fetch(`${origin}/api/sandbox/aggregators/plaid/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      link_token: linkToken,
      institution_id: institutionId,
      username: 'user_good',
      password: 'pass_good',
    }),
  });
  const body = (await response.json()) as { public_token?: string };
  if (!body.public_token) throw new Error(`The sandbox link failed: ${JSON.stringify(body)}`);
  return body.public_token;
}
