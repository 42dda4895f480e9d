import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { print } from 'graphql';
import { REPORT_QUERY } from '../../../web/src/features/financial/reportQuery';
import { openSse, type SseSubscription } from '../sseTestKit';
import { call, check, graphql, StepFailed, step, waitUntil } from './smokeClient';
import { stopServerUnderLoad } from './stopServerUnderLoad';

/**
 * The production smoke run's journey (scripts/production-smoke.sh starts the compiled servers, the
 * SMTP sink and nginx, then runs this with tsx). Two modes:
 *
 * - `prepare`: on one server whose clock is pinned two months back (development mode, the only one
 *   that allows KEEL_TODAY), a customer signs up and opens a Keel deposit account, so that a statement
 *   month has passed by the time the production servers serve it. (A new account has no statement
 *   until its first whole month ends; the banking tests move their clock the same way.)
 * - `run`: through nginx in front of two production servers: sign up, create a company, book, read the
 *   Report, hear subscriptions over SSE caused by a request another server handled, open a deposit
 *   account, receive mail, download the prepared customer's statement; then stop server A under load
 *   (stopServerUnderLoad.ts).
 *
 * Prints one PASS or FAIL line per step and exits 1 on the first failure.
 */

const setting = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const PASSWORD = 'correct horse battery staple';
const today = () => new Date().toISOString().slice(0, 10);

type PreparedCustomer = { email: string; entityId: string; accountId: string };

const APPLY = `mutation($e: ID!, $p: ApplicationPersonInput!, $a: AddressInput!) {
  createTprimeApplication(entityId: $e, person: $p, address: $a, acknowledgedAgreements: true) {
    application { status declineReason } account { id openedOn } } }`;
/** A form the banking sandbox approves (its approved test SSN). */
const APPLICANT = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@smoke.test',
  phoneNumber: '4155550134',
  dateOfBirth: '1985-12-10',
  citizen: true,
  tin: '123456789',
  ein: '987654321',
};
const ADDRESS = { streetLine1: '1 Market St', city: 'San Francisco', state: 'CA', postalCode: '94105' };

/**
 * Signs up (202: check your email), reads the confirmation link from the SMTP sink's mail and confirms
 * the address with the password, which signs in.
 */
async function signUp(baseUrl: string, email: string): Promise<{ token: string; detail: string }> {
  const answer = await call<{ auth?: unknown }>('POST', `${baseUrl}/api/v1/users`, {
    json: { user: { email, password: PASSWORD, name: 'Smoke Owner' } },
  });
  check(answer.status === 202, `answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const confirmationToken = await mailedToken(`/email/verify?email=${encodeURIComponent(email)}&token=`);
  const confirmed = await call<{ auth?: { access_token: string } }>(
    'POST',
    `${baseUrl}/api/v1/auth/verification/confirm`,
    { json: { email, token: confirmationToken, password: PASSWORD } },
  );
  check(
    confirmed.status === 200 && confirmed.body.auth,
    `confirmation answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`,
  );
  return {
    token: confirmed.body.auth.access_token,
    detail: `202 from ${answer.upstream ?? baseUrl}, confirmed by ${confirmed.upstream ?? baseUrl}`,
  };
}

/** The token that follows `linkStart` in a mail the SMTP sink received. */
async function mailedToken(linkStart: string): Promise<string> {
  const mailDir = setting('SMOKE_MAIL_DIR');
  let token = '';
  await waitUntil(
    'the confirmation mail',
    () => {
      for (const file of readdirSync(mailDir)) {
        const text = decodeQuotedPrintable(readFileSync(join(mailDir, file), 'utf8'));
        const at = text.indexOf(linkStart);
        if (at >= 0) token = /^[A-Za-z0-9_-]+/.exec(text.slice(at + linkStart.length))?.[0] ?? '';
      }
      return token !== '';
    },
    15_000,
    200,
  );
  return token;
}

async function createCompany(baseUrl: string, token: string, name: string) {
  const answer = await call<{ entity?: { id: string } }>('POST', `${baseUrl}/api/v1/entities`, {
    token,
    json: { name },
  });
  check(
    answer.status === 201 && answer.body.entity,
    `answered ${answer.status}: ${JSON.stringify(answer.body)}`,
  );
  return { entityId: answer.body.entity.id, detail: `201 from ${answer.upstream ?? baseUrl}` };
}

async function openDepositAccount(baseUrl: string, token: string, entityId: string) {
  const { data, upstream } = await graphql<{
    createTprimeApplication: {
      application: { status: string; declineReason: string | null };
      account: { id: string; openedOn: string } | null;
    };
  }>(baseUrl, APPLY, { e: entityId, p: APPLICANT, a: ADDRESS }, token);
  const { application, account } = data.createTprimeApplication;
  check(account !== null, `the application was ${application.status}: ${application.declineReason}`);
  return { account, detail: `account opened on ${account.openedOn} by ${upstream ?? baseUrl}` };
}

async function prepare(): Promise<void> {
  const baseUrl = setting('SMOKE_PREPARE_URL');
  const email = `banking-${randomBytes(4).toString('hex')}@smoke.test`;
  const { token } = await step('prepare: a customer signs up', () => signUp(baseUrl, email));
  const { entityId } = await step('prepare: the customer creates a company', () =>
    createCompany(baseUrl, token, 'Smoke Banking Co'),
  );
  const { account } = await step('prepare: the company opens a Keel deposit account', () =>
    openDepositAccount(baseUrl, token, entityId),
  );
  const prepared: PreparedCustomer = { email, entityId, accountId: account.id };
  writeFileSync(setting('SMOKE_STATE_FILE'), JSON.stringify(prepared));
}

type ReportRow = { accountId: string | null; isLeaf: boolean; name: string; columnValues: number[] };

/** The figure the web app's Report query shows for `accountId` in `month`. */
async function reportFigure(
  proxy: string,
  token: string,
  entityId: string,
  accountId: string,
  month: string,
) {
  const { data, upstream } = await graphql<{
    report: { columns: { key: string }[]; lineItems: ReportRow[]; accounts: { id: string; name: string }[] };
  }>(proxy, print(REPORT_QUERY), { entityId }, token);
  const column = data.report.columns.findIndex((c) => c.key === month);
  const row = data.report.lineItems.find((item) => item.accountId === accountId && !item.isLeaf);
  check(column >= 0 && row !== undefined, `no ${month} column or no row for the account in the report`);
  return { figure: row.columnValues[column], upstream, accounts: data.report.accounts };
}

const CREATE_ACCOUNT = `mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Rent") { id } }`;
const BOOK = `mutation($e: ID!, $a: ID!, $amount: Cents!, $d: Date!) {
  createUserTransaction(entityId: $e, accountId: $a, amount: $amount, date: $d, name: "Smoke rent") { id } }`;
const SUBSCRIBE_ACCOUNTS = `subscription($e: ID!) { entityWasUpdated(entityId: $e) { entityId reason } }`;
const SUBSCRIBE_JOBS = `subscription($e: ID!) { entityJobWasUpdated(entityId: $e) { jobStatus { id type status } } }`;
const LINK_TOKEN = `mutation($e: ID!) { createPlaidLinkToken(entityId: $e) { linkToken } }`;
const CREATE_ITEM = `mutation($e: ID!, $t: String!) { createPlaidItem(entityId: $e, publicToken: $t) {
  item { itemId } job { id } } }`;
const DOCUMENTS = `query($e: ID!) { documents(entityId: $e) { fileToken { token } accounts { id statementMonths } } }`;

/** The sandbox institutions a link may try, one per attempt (a company links each at most once). */
const INSTITUTIONS = ['ins_109508', 'ins_109509', 'ins_109511'];

/**
 * Links a bank through nginx so that createPlaidItem lands on the server that does not hold `stream`:
 * nginx alternates between the two (round robin, one worker), so a probe that lands on the stream's
 * server means the next request goes to the other.
 */
async function linkBankOnOtherServer(proxy: string, token: string, entityId: string, streamServer: string) {
  for (const institution of INSTITUTIONS) {
    const { data } = await graphql<{ createPlaidLinkToken: { linkToken: string } }>(
      proxy,
      LINK_TOKEN,
      { e: entityId },
      token,
    );
    const link = await call<{ public_token?: string }>(
      'POST',
      `${proxy}/api/sandbox/aggregators/plaid/link`,
      {
        json: {
          link_token: data.createPlaidLinkToken.linkToken,
          institution_id: institution,
          username: 'user_good',
          password: 'pass_good',
        },
      },
    );
    check(link.status === 200 && link.body.public_token, `the sandbox link answered ${link.status}`);
    for (let probe = 0; probe < 4; probe += 1) {
      if ((await call('GET', `${proxy}/api/v1/auth/providers`)).upstream === streamServer) break;
    }
    const made = await graphql<{ createPlaidItem: { job: { id: string } } }>(
      proxy,
      CREATE_ITEM,
      { e: entityId, t: link.body.public_token },
      token,
    );
    if (made.upstream !== streamServer)
      return { jobId: made.data.createPlaidItem.job.id, server: made.upstream };
  }
  throw new Error(`createPlaidItem kept landing on ${streamServer}, the subscriber's server`);
}

/** The next SSE answer that `match`es, within `timeoutMs`. */
async function hear(
  subscription: SseSubscription,
  match: (data: Record<string, unknown>) => boolean,
  timeoutMs: number,
) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await subscription.next(Math.max(1, deadline - Date.now()));
    if (result.data && match(result.data)) return result.data;
  }
}

/** Quoted-printable's soft line breaks and escapes undone: enough to read a link in a mail. */
const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

async function run(): Promise<void> {
  const proxy = setting('SMOKE_PROXY_URL');
  const prepared = JSON.parse(readFileSync(setting('SMOKE_STATE_FILE'), 'utf8')) as PreparedCustomer;
  const email = `owner-${randomBytes(4).toString('hex')}@smoke.test`;
  const month = today().slice(0, 7);

  const { token } = await step('sign up through nginx', () => signUp(proxy, email));
  const { entityId } = await step('create a company', () =>
    createCompany(proxy, token, 'Smoke Robotics Inc.'),
  );

  const rent = await step('book 1,234.56 of rent', async () => {
    const { accounts } = await graphql<{
      report: { accounts: { id: string; name: string; parentId: string | null }[] };
    }>(
      proxy,
      'query($e: ID!) { report(entityId: $e) { accounts { id name parentId } } }',
      { e: entityId },
      token,
    ).then((answer) => answer.data.report);
    const expense = accounts.find((account) => account.name === 'Expense' && account.parentId === null);
    check(expense !== undefined, 'the new company has no Expense account');
    const created = await graphql<{ createAccount: { id: string } }>(
      proxy,
      CREATE_ACCOUNT,
      { e: entityId, p: expense.id },
      token,
    );
    const accountId = created.data.createAccount.id;
    const booked = await graphql(
      proxy,
      BOOK,
      { e: entityId, a: accountId, amount: 123_456, d: today() },
      token,
    );
    return { accountId, detail: `createUserTransaction answered by ${booked.upstream}` };
  });

  await step('read the Report: rent shows the booked figure', async () => {
    const { figure, upstream } = await reportFigure(proxy, token, entityId, rent.accountId, month);
    check(figure === 123_456, `rent for ${month} shows ${figure}, not 123456`);
    return { detail: `${month}: 123456 cents, answered by ${upstream}` };
  });

  await step('hear SSE events through nginx, caused by a request the other server handled', async () => {
    const accountsStream = await openSse(proxy, SUBSCRIBE_ACCOUNTS, { e: entityId }, token);
    const jobsStream = await openSse(proxy, SUBSCRIBE_JOBS, { e: entityId }, token);
    try {
      const streamServer = accountsStream.headers.get('x-keel-upstream');
      check(
        accountsStream.status === 200 && streamServer !== null,
        `the subscription answered ${accountsStream.status}`,
      );
      check(
        accountsStream.headers.get('content-type')?.startsWith('text/event-stream') === true,
        `the subscription answered ${accountsStream.headers.get('content-type')}`,
      );
      const linked = await linkBankOnOtherServer(proxy, token, entityId, streamServer);
      await hear(
        accountsStream,
        (data) => (data.entityWasUpdated as { reason?: string })?.reason === 'linkedAccounts',
        10_000,
      );
      await hear(
        jobsStream,
        (data) => {
          const status = (data.entityJobWasUpdated as { jobStatus?: { id: string; status: string } })
            ?.jobStatus;
          return status?.id === linked.jobId && status.status === 'succeeded';
        },
        30_000,
      );
      return {
        detail: `subscribed on ${streamServer}, bank linked on ${linked.server}: heard linkedAccounts, and its sync job succeeded`,
      };
    } finally {
      accountsStream.close();
      jobsStream.close();
    }
  });

  await step('open a Keel deposit account', () => openDepositAccount(proxy, token, entityId));

  await step('mail: a password reset link arrives over SMTP, addressed to APP_URL', async () => {
    const answer = await call('POST', `${proxy}/api/v1/auth/password/new`, { json: { email } });
    check(answer.status === 200, `answered ${answer.status}`);
    const mailDir = setting('SMOKE_MAIL_DIR');
    const link = `${proxy}/password/update?email=${encodeURIComponent(email)}&token=`;
    let found = '';
    await waitUntil(
      'the reset mail',
      () => {
        for (const file of readdirSync(mailDir)) {
          const text = decodeQuotedPrintable(readFileSync(join(mailDir, file), 'utf8'));
          if (text.includes(link)) found = file;
        }
        return found !== '';
      },
      15_000,
      200,
    );
    return { detail: `${found} holds ${link}…` };
  });

  await step("download the prepared customer's statement", async () => {
    const login = await call<{ auth?: { access_token: string } | null }>(
      'POST',
      `${proxy}/api/v1/auth/login`,
      {
        json: { email: prepared.email, password: PASSWORD },
      },
    );
    check(
      login.status === 200 && login.body.auth,
      `sign-in answered ${login.status}: ${JSON.stringify(login.body)}`,
    );
    const { data } = await graphql<{
      documents: { fileToken: { token: string }; accounts: { id: string; statementMonths: string[] }[] };
    }>(proxy, DOCUMENTS, { e: prepared.entityId }, login.body.auth.access_token);
    const account = data.documents.accounts.find((a) => a.id === prepared.accountId);
    const statementMonth = account?.statementMonths[0];
    check(statementMonth !== undefined, `no statement month: ${JSON.stringify(data.documents.accounts)}`);
    const query = new URLSearchParams({
      account_id: prepared.accountId,
      month: statementMonth,
      token: data.documents.fileToken.token,
    });
    const response = await fetch(`${proxy}/api/v1/account/statement?${query}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    check(
      response.status === 200,
      `the download answered ${response.status}: ${bytes.toString('utf8', 0, 300)}`,
    );
    check(
      response.headers.get('content-type') === 'application/pdf',
      `a ${response.headers.get('content-type')}`,
    );
    check(bytes.subarray(0, 5).toString() === '%PDF-', 'the download is not a PDF');
    return {
      detail: `${statementMonth}, ${bytes.length} bytes, ${response.headers.get('content-disposition')}`,
    };
  });

  await stopServerUnderLoad({
    proxy,
    serverUrl: setting('SMOKE_SERVER_A_URL'),
    pid: Number(setting('SMOKE_SERVER_A_PID')),
    exitFile: setting('SMOKE_SERVER_A_EXIT_FILE'),
    timeoutMs: Number(setting('SMOKE_SERVER_A_SHUTDOWN_TIMEOUT_MS')),
    otherServer: new URL(setting('SMOKE_SERVER_B_URL')).host,
    takeOutOfProxy: () =>
      execFileSync('bash', ['-c', setting('SMOKE_TAKE_A_OUT_OF_PROXY')], { stdio: 'inherit' }),
    book: async (amount) =>
      (await graphql(proxy, BOOK, { e: entityId, a: rent.accountId, amount, d: today() }, token)).upstream,
    readFigure: async () => {
      const { figure, upstream } = await reportFigure(proxy, token, entityId, rent.accountId, month);
      return { figure: figure ?? Number.NaN, upstream };
    },
    bookedBefore: 123_456,
  });
}

const mode = process.argv[2];
(mode === 'prepare'
  ? prepare()
  : mode === 'run'
    ? run()
    : Promise.reject(new Error('Usage: journey.ts prepare|run'))
)
  .then(() => process.exit(0))
  .catch((error: unknown) => {
    if (!(error instanceof StepFailed))
      console.log(`FAIL  ${error instanceof Error ? error.stack : String(error)}`);
    process.exit(1);
  });
