/**
 * 'Ask Keel AI' through the API, on the demo company with the built-in assistant (its question reader),
 * `clients` members asking at once (each its own user: a user may ask 20 questions a minute):
 * 1. asked and answered: each member asks `questions` questions in turn in one thread
 *    (createOpenaiMessage with stream: false, so the answer comes back whole), the common ones in
 *    rotation; how many answers a second, and how long each took;
 * 2. streamed: each member listens to its thread (threadWasUpdated over SSE) and asks once more with
 *    stream: true; from the question until its subscriber hears the first text and the complete answer;
 * 3. the panel reopened: chatThread (a thread of the member's, with its questions and answers) at
 *    `clients` concurrent HTTP clients for `seconds`.
 *
 *   npm run bench -- assistant-api [clients=50] [questions=10] [seconds=10] [databases=pglite,postgres]
 */
import { sql } from 'drizzle-orm';
import { systemClock } from '../apps/server/src/clock';
import { issueAccessToken } from '../apps/server/src/modules/auth/tokens';
import { type DemoServer, rowsOf, withDemoServer } from './demoServer';
import { answered, type GqlData, heard, openSse } from './graphqlClient';
import { loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';
import { formatMs, formatStats, summarizeRuns } from './stats';

type AssistantApiBenchOptions = {
  clients: number;
  questions: number;
  seconds: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_ASSISTANT_API_BENCH: AssistantApiBenchOptions = {
  clients: 50,
  questions: 10,
  seconds: 10,
  databases: ['pglite', 'postgres'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

const LABEL_WIDTH = 56;

/** The questions the members ask in turn: one of each kind the built-in reader answers. */
const QUESTIONS = [
  'What is our runway?',
  'rev last month',
  'opex Q3 vs Q2',
  'Top 5 expenses last quarter',
  'How much did we pay AWS in October?',
  'Cash at the end of March 2027',
  'net income ytd',
  'How many open roles do we have?',
  'Runway if we hire two engineers at $150k',
  'payroll as a share of expenses last month',
];

const ASK = `mutation($e: ID!, $c: String!, $s: Boolean, $th: ID) {
  createOpenaiMessage(entityId: $e, content: $c, stream: $s, threadId: $th) {
    errors threadId message { id status content citations { label amountCents } } } }`;
const THREAD = `query ChatThread($entityId: ID!, $threadId: ID!) { chatThread(entityId: $entityId, threadId: $threadId) {
  id title messages { id role content status error citations { label amountCents accountName month reportUrl } createdAt } } }`;
const SUBSCRIBE = `subscription($e: ID!, $th: ID!) { threadWasUpdated(entityId: $e, threadId: $th) {
  message { id status content } } }`;

type Member = { token: string; headers: Record<string, string>; threadId: string | null };

export async function runAssistantApiBenchmark(options: AssistantApiBenchOptions): Promise<void> {
  console.log(
    `\n'Ask Keel AI' through the API (offline assistant): ${options.clients} members asking ${options.questions} questions each at once, then one streamed each, then chatThread at ${options.clients} clients for ${options.seconds} s`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-assistant', async (target) => {
    console.log(`\n${target.label}:`);
    await withDemoServer(target, async (server) => {
      const members = await addMembers(server, options.clients);
      await askedAndAnswered(server, members, options);
      await streamed(server, members);
      await reopened(server, members, options);
    });
  });
}

/** `count` admins of the demo company, each signed in (their own user, for the per-user limit). */
async function addMembers(server: DemoServer, count: number): Promise<Member[]> {
  const members: Member[] = [];
  for (let n = 0; n < count; n += 1) {
    const [user] = await rowsOf<{ id: string }>(
      server.db,
      sql`INSERT INTO users (email, name) VALUES (${`bench-chat-${n}@bench.keel.test`}, ${`Bench Member ${n}`})
          RETURNING id`,
    );
    if (!user) throw new Error('The bench member was not created');
    await server.db.execute(
      sql`INSERT INTO memberships (entity_id, user_id, role) VALUES (${server.entityId}::uuid, ${user.id}::uuid, 'admin')`,
    );
    const { token } = await issueAccessToken(server.db, systemClock, user.id, 24);
    members.push({
      token,
      headers: { ...server.headers, authorization: `Bearer ${token}` },
      threadId: null,
    });
  }
  return members;
}

/** Asks `content` as `member` in its thread (a new one the first time); the answer must be complete. */
async function ask(server: DemoServer, member: Member, content: string, stream: boolean): Promise<GqlData> {
  const body = JSON.stringify({
    query: ASK,
    variables: { e: server.entityId, c: content, s: stream, th: member.threadId },
  });
  const answer = await answered(server.url, member.headers, body, 'createOpenaiMessage');
  const payload = (answer.data as GqlData).createOpenaiMessage;
  if (payload.errors.length > 0) throw new Error(`The question was refused: ${payload.errors.join(' ')}`);
  if (!stream && (payload.message.status !== 'complete' || payload.message.citations.length === 0)) {
    throw new Error(`'${content}' was not answered with its figures: ${JSON.stringify(payload.message)}`);
  }
  member.threadId = payload.threadId;
  return payload;
}

async function askedAndAnswered(server: DemoServer, members: Member[], options: AssistantApiBenchOptions) {
  const took: number[] = [];
  const startedAt = performance.now();
  await Promise.all(
    members.map(async (member, index) => {
      for (let n = 0; n < options.questions; n += 1) {
        const question = QUESTIONS[(index + n) % QUESTIONS.length] as string;
        const sentAt = performance.now();
        await ask(server, member, question, false);
        took.push(performance.now() - sentAt);
      }
    }),
  );
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(
    `  ${`asked and answered, ${members.length} members at once`.padEnd(LABEL_WIDTH)} ${(took.length / seconds).toFixed(1).padStart(7)} answers/s  ${formatStats(summarizeRuns(took))}  (${took.length} answers in ${formatMs(seconds * 1000)})`,
  );
}

async function streamed(server: DemoServer, members: Member[]) {
  const firstText: number[] = [];
  const complete: number[] = [];
  const origin = new URL(server.url).origin;
  await Promise.all(
    members.map(async (member, index) => {
      const subscription = await openSse(
        origin,
        SUBSCRIBE,
        { e: server.entityId, th: member.threadId },
        member.token,
      );
      try {
        const sentAt = performance.now();
        const asked = await ask(server, member, QUESTIONS[index % QUESTIONS.length] as string, true);
        const replyId: string = asked.message.id;
        const ofReply = (data: GqlData) => data.threadWasUpdated?.message.id === replyId;
        firstText.push(
          (await heard(
            subscription,
            sentAt,
            (d) => ofReply(d) && d.threadWasUpdated.message.content !== '',
            30_000,
          )) - sentAt,
        );
        const done = await heard(
          subscription,
          sentAt,
          (d) => ofReply(d) && d.threadWasUpdated.message.status !== 'streaming',
          30_000,
        );
        complete.push(done - sentAt);
      } finally {
        subscription.close();
      }
    }),
  );
  console.log(
    `  ${`streamed: question → first text heard, ${members.length} at once`.padEnd(LABEL_WIDTH)} ${formatStats(summarizeRuns(firstText))}`,
  );
  console.log(
    `  ${`streamed: question → complete answer heard`.padEnd(LABEL_WIDTH)} ${formatStats(summarizeRuns(complete))}`,
  );
}

async function reopened(server: DemoServer, members: Member[], options: AssistantApiBenchOptions) {
  const member = members[0] as Member;
  const body = JSON.stringify({
    operationName: 'ChatThread',
    query: THREAD,
    variables: { entityId: server.entityId, threadId: member.threadId },
  });
  const answer = await answered(server.url, member.headers, body, 'ChatThread');
  const messages = (answer.data as GqlData).chatThread.messages.length;
  printLoadFigures(
    `chatThread (${messages} messages), ${options.clients} clients`,
    await loadGraphql(server.url, member.headers, body, options.clients, options.seconds),
    LABEL_WIDTH,
  );
}
