/**
 * The settings pages through the API: the demo company (Acme Robotics: owner, admin,
 * bookkeeper and card-only members, a pending invitation) on the real server listening on a local port,
 * signed in as its owner, with `clients` concurrent HTTP clients (autocannon) for `seconds` each on what
 * the pages ask when they open:
 * 1. /settings/team: the Team query (invitations and members, each with its permission summary);
 * 2. /settings: the MyProfile query; /settings/security: the Security query;
 * 3. a profile saved (UpdateTprimePerson), request to response, `runs` times.
 *
 *   npm run bench -- settings-api [runs=20] [clients=50] [seconds=10] [databases=pglite,postgres]
 */
import { print } from 'graphql';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import {
  MY_PROFILE_QUERY,
  UPDATE_PROFILE_MUTATION,
} from '../apps/web/src/features/settings/profile/profileQueries';
import { SECURITY_QUERY } from '../apps/web/src/features/settings/security/securityQueries';
import { TEAM_QUERY } from '../apps/web/src/features/settings/team/teamQueries';
import { type DemoServer, withDemoServer } from './demoServer';
import { loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';
import { formatStats, timeRuns } from './stats';

type SettingsApiBenchOptions = {
  runs: number;
  clients: number;
  seconds: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_SETTINGS_API_BENCH: SettingsApiBenchOptions = {
  runs: 20,
  clients: 50,
  seconds: 10,
  databases: ['pglite', 'postgres'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

export async function runSettingsApiBenchmark(options: SettingsApiBenchOptions): Promise<void> {
  console.log(
    `\nSettings pages through the API: Team, MyProfile and Security at ${options.clients} clients, ${options.seconds} s each; a profile saved (${options.runs} runs)`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-settings', async (target) => {
    console.log(`\n${target.label}:`);
    await benchOne(target, options);
  });
}

async function benchOne(target: ScratchDatabase, options: SettingsApiBenchOptions): Promise<void> {
  await withDemoServer(target, async (server) => {
    const pages = [
      { label: 'Team (invitations, members, permissions)', operationName: 'Team', query: TEAM_QUERY },
      { label: 'MyProfile', operationName: 'MyProfile', query: MY_PROFILE_QUERY },
      { label: 'Security', operationName: 'Security', query: SECURITY_QUERY },
    ];
    for (const page of pages) {
      // gql.tada's documents carry no source text: print them, as the web app's Apollo client does.
      const body = JSON.stringify({
        operationName: page.operationName,
        query: print(page.query),
        variables: { entityId: server.entityId },
      });
      await checkAnswered(server, body, page.operationName);
      printLoadFigures(
        `${page.label}, ${options.clients} clients`,
        await loadGraphql(server.url, server.headers, body, options.clients, options.seconds),
        52,
      );
    }
    let turn = 0;
    const saves = await timeRuns(options.runs, 2, () => saveProfile(server, turn++));
    console.log(`  UpdateTprimePerson (a profile saved)                 ${formatStats(saves)}`);
  });
}

/** A refused or empty answer stops the bench: it would pass for a fast one. */
async function checkAnswered(server: DemoServer, body: string, operationName: string): Promise<void> {
  const response = await fetch(server.url, { method: 'POST', headers: server.headers, body });
  const answer = (await response.json()) as { errors?: unknown[]; data?: Record<string, unknown> };
  if (answer.errors || !answer.data) {
    throw new Error(`${operationName} was not answered: ${JSON.stringify(answer.errors)}`);
  }
}

async function saveProfile(server: DemoServer, turn: number): Promise<void> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: server.headers,
    body: JSON.stringify({
      query: print(UPDATE_PROFILE_MUTATION),
      variables: {
        name: 'Olivia Owner',
        phoneNumber: '+14155550134',
        mailingAddress: null,
        physicalAddress: {
          streetLine1: `${100 + (turn % 2)} Market Street`,
          streetLine2: null,
          city: 'San Francisco',
          state: 'CA',
          postalCode: '94105',
        },
      },
    }),
  });
  const answer = (await response.json()) as { errors?: unknown[] };
  if (answer.errors) throw new Error(`UpdateTprimePerson was refused: ${JSON.stringify(answer.errors)}`);
}
