/**
 * The banking pages through the API: the demo company (Acme Robotics: a Keel checking
 * account with a year of activity, two cards, a filed 1099-INT) on the real server listening on a local
 * port, signed in as its owner, with `clients` concurrent HTTP clients (autocannon) for `seconds` each:
 * 1. /keel-checking: KeelAccounts (balances from the bank's ledger, settlement first) and KeelTransfers;
 * 2. /cards: Cards and a card's CardTransactions; /documents: Documents; Send money's review step
 *    (ReviewAchTransfer);
 * 3. a statement PDF downloaded as the page's Download does it, `runs` times: a single-use file token
 *    (GET /api/v1/file_tokens), then GET /api/v1/account/statement with it (the month's postings
 *    rendered); a token opens one download, so this is timed run by run, not under autocannon, and
 * 4. an ACH transfer sent (CreateAchTransfer, request to response), `runs` times.
 *
 *   npm run bench -- banking-api [runs=20] [clients=50] [seconds=10] [databases=pglite,postgres]
 */
import { print } from 'graphql';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import {
  CREATE_ACH_TRANSFER_MUTATION,
  DEPOSIT_ACCOUNTS_QUERY,
  REVIEW_ACH_TRANSFER_QUERY,
  TRANSFERS_QUERY,
} from '../apps/web/src/features/banking/bankingQueries';
import { CARD_TRANSACTIONS_QUERY, CARDS_QUERY } from '../apps/web/src/features/cards/cardQueries';
import { DOCUMENTS_QUERY } from '../apps/web/src/features/documents/documentsQueries';
import { type DemoServer, withDemoServer } from './demoServer';
import { loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';
import { formatStats, timeRuns } from './stats';

type BankingApiBenchOptions = {
  runs: number;
  clients: number;
  seconds: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_BANKING_API_BENCH: BankingApiBenchOptions = {
  runs: 20,
  clients: 50,
  seconds: 10,
  databases: ['pglite', 'postgres'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

const LABEL_WIDTH = 52;

export async function runBankingApiBenchmark(options: BankingApiBenchOptions): Promise<void> {
  console.log(
    `\nBanking pages through the API: KeelAccounts, KeelTransfers, Cards, Documents and a statement PDF at ${options.clients} clients, ${options.seconds} s each; an ACH sent (${options.runs} runs)`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-banking', async (target) => {
    console.log(`\n${target.label}:`);
    await benchOne(target, options);
  });
}

async function benchOne(target: ScratchDatabase, options: BankingApiBenchOptions): Promise<void> {
  await withDemoServer(target, async (server) => {
    const pages = [
      {
        label: 'KeelAccounts (/keel-checking)',
        operationName: 'KeelAccounts',
        query: DEPOSIT_ACCOUNTS_QUERY,
      },
      { label: 'KeelTransfers (/keel-checking)', operationName: 'KeelTransfers', query: TRANSFERS_QUERY },
      { label: 'Cards (/cards)', operationName: 'Cards', query: CARDS_QUERY },
      {
        label: 'Documents (/documents)',
        operationName: 'Documents',
        query: DOCUMENTS_QUERY,
      },
    ];
    for (const page of pages) {
      // gql.tada's documents carry no source text: print them, as the web app's Apollo client does.
      const body = JSON.stringify({
        operationName: page.operationName,
        query: print(page.query),
        variables: { entityId: server.entityId, withAccounts: true },
      });
      await answered(server, body, page.operationName);
      printLoadFigures(
        `${page.label}, ${options.clients} clients`,
        await loadGraphql(server.url, server.headers, body, options.clients, options.seconds),
        LABEL_WIDTH,
      );
    }
    // The review step of Send money and a card's charges: each with the variables its screen sends.
    const reviewAccountId = await firstAccountId(server);
    const cardId = await firstCardId(server);
    const screens = [
      {
        label: 'ReviewAchTransfer (Send money: review step)',
        operationName: 'ReviewAchTransfer',
        query: REVIEW_ACH_TRANSFER_QUERY,
        variables: {
          entityId: server.entityId,
          accountId: reviewAccountId,
          recipientName: 'Bench Payee',
          routingNumber: '021000021',
          accountNumber: '123456789012',
          recipientAccountType: 'checking',
          amount: 100,
          date: tomorrow(),
          memo: 'bench',
        },
      },
      {
        label: "CardTransactions (/cards: a card's charges)",
        operationName: 'CardTransactions',
        query: CARD_TRANSACTIONS_QUERY,
        variables: { cardId, first: 25 },
      },
    ];
    for (const screen of screens) {
      const body = JSON.stringify({
        operationName: screen.operationName,
        query: print(screen.query),
        variables: screen.variables,
      });
      await answered(server, body, screen.operationName);
      printLoadFigures(
        `${screen.label}, ${options.clients} clients`,
        await loadGraphql(server.url, server.headers, body, options.clients, options.seconds),
        LABEL_WIDTH,
      );
    }
    const statement = await lastMonthStatement(server);
    const downloads = await timeRuns(options.runs, 2, () => downloadStatement(server, statement));
    console.log(
      `  ${'Statement PDF (last month: token, then file)'.padEnd(LABEL_WIDTH)} ${formatStats(downloads)}`,
    );
    const accountId = await firstAccountId(server);
    let turn = 0;
    const sends = await timeRuns(options.runs, 2, () => sendAch(server, accountId, turn++));
    console.log(`  ${'CreateAchTransfer (an ACH sent)'.padEnd(LABEL_WIDTH)} ${formatStats(sends)}`);
  });
}

type Answer = { errors?: unknown[]; data?: Record<string, unknown> };

/** A refused or empty answer stops the bench: it would pass for a fast one. */
async function answered(server: DemoServer, body: string, operationName: string): Promise<Answer> {
  const response = await fetch(server.url, { method: 'POST', headers: server.headers, body });
  const answer = (await response.json()) as Answer;
  if (answer.errors || !answer.data) {
    throw new Error(`${operationName} was not answered: ${JSON.stringify(answer.errors)}`);
  }
  return answer;
}

async function firstAccountId(server: DemoServer): Promise<string> {
  const answer = await answered(
    server,
    JSON.stringify({ query: print(DEPOSIT_ACCOUNTS_QUERY), variables: { entityId: server.entityId } }),
    'KeelAccounts',
  );
  const accounts = (answer.data?.providerBankAccounts ?? []) as { id: string }[];
  if (!accounts[0]) throw new Error('The demo company has no Keel account');
  return accounts[0].id;
}

/** Tomorrow's day in UTC: a send date every company's today (UTC or behind it) accepts. */
function tomorrow(): string {
  return new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

async function firstCardId(server: DemoServer): Promise<string> {
  const answer = await answered(
    server,
    JSON.stringify({
      query: print(CARDS_QUERY),
      variables: { entityId: server.entityId, withAccounts: true },
    }),
    'Cards',
  );
  const cards = (answer.data?.cards ?? []) as { id: string }[];
  if (!cards[0]) throw new Error('The demo company has no card');
  return cards[0].id;
}

/** The demo account and its last statement month. */
async function lastMonthStatement(server: DemoServer): Promise<{ accountId: string; month: string }> {
  const answer = await answered(
    server,
    JSON.stringify({ query: print(DOCUMENTS_QUERY), variables: { entityId: server.entityId } }),
    'Documents',
  );
  const documents = answer.data?.documents as { accounts: { id: string; statementMonths: string[] }[] };
  const account = documents.accounts[0];
  const month = account?.statementMonths[0];
  if (!account || !month) throw new Error('The demo account has no statement month');
  return { accountId: account.id, month };
}

/** One Download click: a file token for it, then the PDF. A refused or wrong answer stops the bench. */
async function downloadStatement(
  server: DemoServer,
  statement: { accountId: string; month: string },
): Promise<void> {
  const origin = new URL(server.url).origin;
  const issued = await fetch(`${origin}/api/v1/file_tokens?entity_id=${server.entityId}`, {
    headers: { authorization: server.headers.authorization ?? '' },
  });
  if (issued.status !== 200) throw new Error(`No file token: ${issued.status}`);
  const { token } = (await issued.json()) as { token: string };
  const query = new URLSearchParams({ account_id: statement.accountId, month: statement.month, token });
  const response = await fetch(`${origin}/api/v1/account/statement?${query}`);
  const bytes = await response.arrayBuffer();
  if (response.status !== 200 || response.headers.get('content-type') !== 'application/pdf') {
    throw new Error(`The statement of ${statement.month} was not served: ${response.status}`);
  }
  if (bytes.byteLength === 0) throw new Error('An empty statement');
}

/** $1.00 to a new recipient each time, keyed afresh (each run is a new transfer, not a retry). */
async function sendAch(server: DemoServer, accountId: string, turn: number): Promise<void> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: server.headers,
    body: JSON.stringify({
      query: print(CREATE_ACH_TRANSFER_MUTATION),
      variables: {
        entityId: server.entityId,
        idempotencyKey: `bench-ach-${Date.now()}-${turn}`,
        accountId,
        recipientName: `Bench Payee ${turn}`,
        routingNumber: '021000021',
        accountNumber: `12345678${String(turn).padStart(2, '0')}`,
        recipientAccountType: 'checking',
        amount: 100,
        date: tomorrow(),
        memo: 'bench',
      },
    }),
  });
  const answer = (await response.json()) as Answer;
  if (answer.errors) throw new Error(`CreateAchTransfer was refused: ${JSON.stringify(answer.errors)}`);
}
