import {
  CAPABILITIES,
  type Capability,
  type CardKind,
  type CardStatus,
  PERMISSION_TABLE,
  ROLES,
  type Role,
  roleCan,
} from '@keel/domain';
import { eq } from 'drizzle-orm';
import { type GraphQLError, parse, subscribe } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTokens, bankApplications, chatThreads, invites, memberships, users } from '../src/db/schema';
import { KeelError } from '../src/errors';
import { createContext } from '../src/graphql/context';
import type { FieldAccess } from '../src/graphql/fieldPolicy';
import { schema } from '../src/graphql/schema';
import { enqueueJob } from '../src/jobs/enqueueJob';
import { hashPassword } from '../src/modules/auth/passwords';
import { authenticateToken, hashSecret } from '../src/modules/auth/tokens';
import { createEntity } from '../src/modules/entities/service';
import { connectQuickbooks, quickbooksConnectionRow, waitForQuickbooksSyncs } from './accountingTestKit';
import {
  applicant,
  applicantAddress,
  deposit,
  openDepositAccount,
  RECIPIENT_ROUTING,
} from './bankingTestKit';
import { card } from './billingTestKit';
import { cancelCards, issueTestCard } from './cardsTestKit';
import { createTestApp, type TestApp } from './harness';
import { createLedgerFixture, type LedgerFixture } from './ledgerTestKit';
import { forgetBankLinks, freshBankLink, freshExchangeToken, waitForBankLinkSyncs } from './linkingTestKit';
import { createSignedInUser } from './users';
import { startWriteLog, stopWriteLog, writeMark, writesSince } from './writeLog';

/**
 * The authorization matrix: every root operation of the schema, called by every kind of caller,
 * gets exactly the answer its declared access (fieldPolicy.ts) and the role rules
 * (packages/domain/src/permissions.ts) say: signed-out and revoked callers UNAUTHENTICATED, a member of
 * another company NOT_FOUND, a member whose role lacks the capability FORBIDDEN, everyone else an
 * answer without errors. A refused call writes no row of any table (writeLog.ts). A new operation
 * without an entry in OPERATIONS fails the completeness test.
 */

type Principal =
  | { kind: 'member'; role: Role }
  | { kind: 'outsider' }
  | { kind: 'anonymous' }
  | { kind: 'revoked' };

const PRINCIPALS: Record<string, Principal> = {
  owner: { kind: 'member', role: 'owner' },
  admin: { kind: 'member', role: 'admin' },
  bookkeeper: { kind: 'member', role: 'bookkeeper' },
  card_only: { kind: 'member', role: 'card_only' },
  custom: { kind: 'member', role: 'custom' },
  'member of another company': { kind: 'outsider' },
  'no token': { kind: 'anonymous' },
  'revoked token': { kind: 'revoked' },
};

type Request = { query: string; variables?: Record<string, unknown> };
/** Who a request is built for: operations on one's own account (two-factor, invitations) need it. */
type Caller = { token: string | undefined };

/** Every principal's password (set on their users), for the operations that ask for it again. */
const PASSWORD = 'matrix password 1';

let t: TestApp;
let victim: LedgerFixture;
let tokens: Record<string, string | undefined>;
let ids: { expense: string; banks: string; entry: string; depositAccount: string };
let sequence = 0;
/** An admin of the victim who sends the invitations the builders make (so owner and admin may approve them). */
let inviteSenderId: string;

/** A fresh mutable account under Expense, made by the owner. */
async function freshAccount(): Promise<string> {
  sequence += 1;
  const result = await victim.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
    { e: victim.entityId, p: ids.expense, n: `Matrix account ${sequence}` },
  );
  const id = result.data?.createAccount.id;
  if (!id) throw new Error(`createAccount: ${JSON.stringify(result.errors)}`);
  return id;
}

/** A fresh user transaction on a fresh account, booked by the owner; returns its entry on that account. */
async function freshEntry(accountId?: string): Promise<string> {
  const result = await victim.gql<{ createUserTransaction: { id: string } }>(
    `mutation($e: ID!, $a: ID!) {
      createUserTransaction(entityId: $e, accountId: $a, date: "2026-10-10", amount: 4200, name: "Matrix entry") { id } }`,
    { e: victim.entityId, a: accountId ?? (await freshAccount()) },
  );
  const id = result.data?.createUserTransaction.id;
  if (!id) throw new Error(`createUserTransaction: ${JSON.stringify(result.errors)}`);
  return id;
}

/** A fresh rule between two fresh accounts, with an entry it matches, made by the owner. */
async function freshRule(): Promise<string> {
  const from = await freshAccount();
  const result = await victim.gql<{ createRule: { rule: { id: string } } }>(
    'mutation($f: ID!, $to: ID!) { createRule(fromAccountId: $f, toAccountId: $to, searchFilter: "Matrix") { rule { id } } }',
    { f: from, to: await freshAccount() },
  );
  const id = result.data?.createRule.rule.id;
  if (!id) throw new Error(`createRule: ${JSON.stringify(result.errors)}`);
  await freshEntry(from);
  return id;
}

async function freshForecast(): Promise<string> {
  const result = await victim.gql<{ createForecast: { id: string } }>(
    `mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2027-02", amount: 12) { id } }`,
    { e: victim.entityId, a: await freshAccount() },
  );
  const id = result.data?.createForecast.id;
  if (!id) throw new Error(`createForecast: ${JSON.stringify(result.errors)}`);
  return id;
}

async function freshModel(): Promise<string> {
  const result = await victim.gql<{ createModel: { id: string } }>(
    'mutation($e: ID!) { createModel(entityId: $e, name: "Matrix model") { id } }',
    { e: victim.entityId },
  );
  const id = result.data?.createModel.id;
  if (!id) throw new Error(`createModel: ${JSON.stringify(result.errors)}`);
  return id;
}

async function freshVariable(): Promise<string> {
  sequence += 1;
  const result = await victim.gql<{ createVariable: { variable: { id: string } | null } }>(
    'mutation($e: ID!, $m: ID!, $n: String!) { createVariable(entityId: $e, modelId: $m, name: $n, formulas: "12") { variable { id } } }',
    { e: victim.entityId, m: await freshModel(), n: `Matrix variable ${sequence}` },
  );
  const id = result.data?.createVariable.variable?.id;
  if (!id) throw new Error(`createVariable: ${JSON.stringify(result.errors)}`);
  return id;
}

async function freshOutput(): Promise<string> {
  const result = await victim.gql<{ createBudget: { id: string } }>(
    'mutation($v: ID!, $a: ID!) { createBudget(variableId: $v, accountId: $a) { id } }',
    { v: await freshVariable(), a: await freshAccount() },
  );
  const id = result.data?.createBudget.id;
  if (!id) throw new Error(`createBudget: ${JSON.stringify(result.errors)}`);
  return id;
}

async function freshDepartment(): Promise<string> {
  sequence += 1;
  const result = await victim.gql<{ createDepartment: { department: { id: string } | null } }>(
    'mutation($e: ID!, $n: String!) { createDepartment(entityId: $e, name: $n) { department { id } } }',
    { e: victim.entityId, n: `Matrix department ${sequence}` },
  );
  const id = result.data?.createDepartment.department?.id;
  if (!id) throw new Error(`createDepartment: ${JSON.stringify(result.errors)}`);
  return id;
}

async function freshJobTitle(): Promise<string> {
  sequence += 1;
  const result = await victim.gql<{ createJobTitle: { jobTitle: { id: string } | null } }>(
    'mutation($e: ID!, $n: String!) { createJobTitle(entityId: $e, name: $n, defaultSalary: 90000) { jobTitle { id } } }',
    { e: victim.entityId, n: `Matrix role ${sequence}` },
  );
  const id = result.data?.createJobTitle.jobTitle?.id;
  if (!id) throw new Error(`createJobTitle: ${JSON.stringify(result.errors)}`);
  return id;
}

async function freshEmployee(): Promise<string> {
  sequence += 1;
  const result = await victim.gql<{ createEmployee: { employee: { id: string } | null } }>(
    'mutation($e: ID!, $n: String!) { createEmployee(entityId: $e, name: $n) { employee { id } } }',
    { e: victim.entityId, n: `Matrix employee ${sequence}` },
  );
  const id = result.data?.createEmployee.employee?.id;
  if (!id) throw new Error(`createEmployee: ${JSON.stringify(result.errors)}`);
  return id;
}

async function freshJobPosition(): Promise<string> {
  const result = await victim.gql<{ createJobPosition: { jobPosition: { id: string } | null } }>(
    `mutation($e: ID!, $d: ID!, $j: ID!) {
      createJobPosition(entityId: $e, departmentId: $d, jobTitleId: $j, startDate: "2027-01") { jobPosition { id } } }`,
    { e: victim.entityId, d: await freshDepartment(), j: await freshJobTitle() },
  );
  const id = result.data?.createJobPosition.jobPosition?.id;
  if (!id) throw new Error(`createJobPosition: ${JSON.stringify(result.errors)}`);
  return id;
}

/** The victim's first dashboard (made by its first read). */
async function victimDashboard(): Promise<string> {
  const result = await victim.gql<{ dashboards: { id: string }[] }>(
    'query($e: ID!) { dashboards(entityId: $e) { id } }',
    { e: victim.entityId },
  );
  const id = result.data?.dashboards[0]?.id;
  if (!id) throw new Error(`dashboards: ${JSON.stringify(result.errors)}`);
  return id;
}

/** A fresh chart of the Expense account on the victim's dashboard, made by the owner. */
async function freshChart(): Promise<string> {
  const result = await victim.gql<{ createChart: { id: string | null } }>(
    `mutation($d: ID!, $a: ID!) {
      createChart(dashboardId: $d, name: "Matrix chart", dataGroups: [{ type: Line, data: [{ accountId: $a }] }]) { id } }`,
    { d: await victimDashboard(), a: ids.expense },
  );
  const id = result.data?.createChart.id;
  if (!id) throw new Error(`createChart: ${JSON.stringify(result.errors)}`);
  return id;
}

/** A fresh bookkeeper of the victim company; returns the membership id. */
async function freshMember(): Promise<string> {
  sequence += 1;
  const person = await createSignedInUser(t, `matrix-member-${sequence}@victim.test`);
  const [row] = await t.db
    .insert(memberships)
    .values({ entityId: victim.entityId, userId: person.user.id, role: 'bookkeeper' })
    .returning({ id: memberships.id });
  if (!row) throw new Error('membership insert returned nothing');
  return row.id;
}

/**
 * A fresh open invitation to the victim company, sent by its inviting admin (written directly: the
 * builders would otherwise spend the company's hourly invitation emails). Returns its id.
 */
async function freshInvite(requireApproval: boolean): Promise<string> {
  sequence += 1;
  const [row] = await t.db
    .insert(invites)
    .values({
      entityId: victim.entityId,
      firstName: 'Matrix',
      lastName: 'Invitee',
      email: `matrix-invitee-${sequence}@example.com`,
      role: 'bookkeeper',
      tokenHash: hashSecret(`matrix-invite-${sequence}`),
      senderId: inviteSenderId,
      requireApproval,
      expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
    })
    .returning({ id: invites.id });
  if (!row) throw new Error('invite insert returned nothing');
  return row.id;
}

/**
 * An invitation to the caller's email into a company of its own (so every signed-in caller can accept
 * it); returns its raw token. Signed-out callers get a token that opens nothing.
 */
async function freshInviteFor(caller: Caller): Promise<string> {
  sequence += 1;
  const token = `matrix-accept-${sequence}`;
  const viewer = caller.token ? await authenticateToken(t.db, t.clock, caller.token) : null;
  if (!viewer) return token;
  const host = await createSignedInUser(t, `matrix-host-${sequence}@elsewhere.test`);
  const entity = await createEntity(t.db, t.clock, host.user.id, `Matrix host ${sequence}`);
  await t.db.insert(invites).values({
    entityId: entity.id,
    firstName: 'Matrix',
    lastName: 'Caller',
    email: viewer.email,
    role: 'bookkeeper',
    tokenHash: hashSecret(token),
    senderId: host.user.id,
    expiresAt: new Date(t.clock.now().getTime() + 86_400_000),
  });
  return token;
}

/** The caller's session as if it had just re-entered its password (the two-factor section's gate). */
async function reauthenticated(caller: Caller): Promise<void> {
  if (!caller.token) return;
  await t.db
    .update(accessTokens)
    .set({ reauthenticatedAt: t.clock.now() })
    .where(eq(accessTokens.tokenHash, hashSecret(caller.token)));
}

/**
 * A fresh card of the victim's on its deposit account, in `status` when told; the victim's earlier cards
 * of that kind are canceled first (one card of each kind per company).
 */
async function freshCard(kind: CardKind, status?: CardStatus): Promise<string> {
  await cancelCards(t.db, victim.entityId, kind);
  return issueTestCard(t, {
    entityId: victim.entityId,
    accountId: ids.depositAccount,
    userId: victim.owner.user.id,
    kind,
    status,
  });
}

/** The victim connected to QuickBooks (through the OAuth round trip when it is not), its syncs done. */
async function victimQuickbooks(): Promise<void> {
  await waitForQuickbooksSyncs(t, victim.entityId);
  if ((await quickbooksConnectionRow(t, victim.entityId))?.status !== 'connected') {
    await connectQuickbooks(t, victim);
    await waitForQuickbooksSyncs(t, victim.entityId);
  }
}

type VictimSubscription = { id: string; status: string } | null;

/** The victim's open Pro Plan subscription, by the owner (null when it has none open). */
async function victimSubscription(): Promise<VictimSubscription> {
  const result = await victim.gql<{ stripeSubscription: VictimSubscription }>(
    'query($e: ID!) { stripeSubscription(entityId: $e) { id status } }',
    { e: victim.entityId },
  );
  const subscription = result.data?.stripeSubscription ?? null;
  return subscription && !['canceled', 'incomplete_expired'].includes(subscription.status)
    ? subscription
    : null;
}

/**
 * Brings the victim's subscription to a state, as the owner: 'startable' (none open, or one waiting
 * for payment), 'incomplete' (one waiting for payment) or 'active' (paid). Returns its id.
 */
async function victimSubscriptionIn(state: 'startable' | 'incomplete' | 'active'): Promise<string> {
  let open = await victimSubscription();
  if (open?.status === 'active' && state !== 'active') {
    await victim.gql('mutation($id: ID!) { cancelSubscription(id: $id) { id } }', { id: open.id });
    open = null;
  }
  if (!open && state !== 'startable') {
    const result = await victim.gql<{ startSubscription: { id: string; status: string } }>(
      'mutation($e: ID!) { startSubscription(entityId: $e) { id status } }',
      { e: victim.entityId },
    );
    open = result.data?.startSubscription ?? null;
    if (!open) throw new Error(`startSubscription: ${JSON.stringify(result.errors)}`);
  }
  if (open?.status === 'incomplete' && state === 'active') {
    const result = await victim.gql<{ confirmSubscription: { errors: string[] } }>(
      `mutation($id: ID!, $n: String, $x: String, $c: String, $m: String) {
        confirmSubscription(id: $id, cardNumber: $n, cardExpiry: $x, cardCvc: $c, cardName: $m) { errors } }`,
      { id: open.id, ...card() },
    );
    if (result.data?.confirmSubscription.errors.length !== 0) {
      throw new Error(`confirmSubscription: ${JSON.stringify(result)}`);
    }
  }
  return open?.id ?? '';
}

/**
 * One valid request per root operation, naming the victim company's rows. Builders run before every
 * call, so operations that delete or rename get rows of their own.
 */
/** A fresh 'Ask Keel AI' thread of the caller's in the victim (the owner's for callers without a live token). */
async function chatThreadOf(caller: Caller): Promise<string> {
  const viewer = caller.token ? await authenticateToken(t.db, t.clock, caller.token) : null;
  const [thread] = await t.db
    .insert(chatThreads)
    .values({
      entityId: victim.entityId,
      userId: viewer?.userId ?? victim.owner.user.id,
      title: 'Matrix thread',
    })
    .returning({ id: chatThreads.id });
  if (!thread) throw new Error('chat thread insert returned nothing');
  return thread.id;
}

const OPERATIONS: Record<string, (caller: Caller) => Promise<Request>> = {
  'Query.me': async () => ({ query: '{ me { id email } }' }),
  'Query.entities': async () => ({ query: '{ entities { id } }' }),
  'Query.today': async () => ({ query: '{ today }' }),
  'Query.aggregatorModes': async () => ({ query: '{ aggregatorModes { provider sandbox } }' }),
  'Query.serverFeatures': async () => ({ query: '{ serverFeatures { feature state notice } }' }),
  'Query.assistantMode': async () => ({ query: '{ assistantMode { provider model understands } }' }),
  'Query.entity': async () => ({
    query: 'query($id: ID!) { entity(id: $id) { id name } }',
    variables: { id: victim.entityId },
  }),
  'Query.reports': async () => ({
    query: 'query($e: ID!) { reports(entityId: $e) { id name } }',
    variables: { e: victim.entityId },
  }),
  'Query.getReports': async () => ({
    query: 'query($e: ID!) { getReports(entityId: $e) { id } }',
    variables: { e: victim.entityId },
  }),
  'Query.report': async () => ({
    query: 'query($e: ID!) { report(entityId: $e) { id name lineItems { name amount } } }',
    variables: { e: victim.entityId },
  }),
  'Query.bookkeepingTransactionsConnection': async () => ({
    query: 'query($e: ID!) { bookkeepingTransactionsConnection(entityId: $e) { count } }',
    variables: { e: victim.entityId },
  }),
  'Query.reportEntries': async () => ({
    query: 'query($a: ID!) { reportEntries(accountId: $a) { reportItem { name } entries { totalCount } } }',
    variables: { a: ids.banks },
  }),
  'Query.entryWithTransaction': async () => ({
    query: 'query($id: ID!) { entryWithTransaction(id: $id) { entry { id } } }',
    variables: { id: ids.entry },
  }),
  'Query.accountRules': async () => ({
    query: 'query($a: ID!) { accountRules(accountId: $a) { id searchFilter } }',
    variables: { a: ids.expense },
  }),
  'Query.entryWithHistory': async () => ({
    query: 'query($id: ID!) { entryWithHistory(id: $id) { entry { id } history { event } } }',
    variables: { id: ids.entry },
  }),
  'Query.forecastAverage': async () => ({
    query: `query($e: ID!, $a: ID!) {
      forecastAverage(entityId: $e, accountId: $a, startMonth: "2027-01", averageMonths: 3) { average } }`,
    variables: { e: victim.entityId, a: ids.expense },
  }),
  'Query.forecastPercentage': async () => ({
    query: `query($e: ID!, $a: ID!, $s: ID!) {
      forecastPercentage(entityId: $e, accountId: $a, sourceAccountId: $s, percent: 2.9, startMonth: "2027-01") { percent } }`,
    variables: { e: victim.entityId, a: await freshAccount(), s: ids.banks },
  }),
  'Mutation.createEntity': async () => ({ query: 'mutation { createEntity(name: "Matrix Co") { id } }' }),
  'Mutation.createAccount': async () => ({
    query:
      'mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Matrix sub") { id } }',
    variables: { e: victim.entityId, p: ids.expense },
  }),
  'Mutation.updateAccount': async () => ({
    query: 'mutation($id: ID!) { updateAccount(id: $id, name: "Renamed by matrix") { id } }',
    variables: { id: await freshAccount() },
  }),
  'Mutation.setAccountShownWhenEmpty': async () => ({
    query: 'mutation($id: ID!) { setAccountShownWhenEmpty(id: $id, shown: false) { id } }',
    variables: { id: await freshAccount() },
  }),
  'Mutation.deleteAccount': async () => ({
    query: 'mutation($id: ID!) { deleteAccount(id: $id) { id } }',
    variables: { id: await freshAccount() },
  }),
  'Mutation.createUserTransaction': async () => ({
    query: `mutation($e: ID!, $a: ID!) {
      createUserTransaction(entityId: $e, accountId: $a, date: "2026-10-11", amount: 100) { id } }`,
    variables: { e: victim.entityId, a: ids.expense },
  }),
  'Mutation.updateUserTransaction': async () => ({
    query: 'mutation($id: ID!) { updateUserTransaction(id: $id, amount: 999) { id } }',
    variables: { id: await freshEntry() },
  }),
  'Mutation.updateEntry': async () => ({
    query: 'mutation($id: ID!) { updateEntry(id: $id, name: "Edited by matrix") { errors entry { id } } }',
    variables: { id: await freshEntry() },
  }),
  'Mutation.deleteEntry': async () => ({
    query: 'mutation($id: ID!) { deleteEntry(id: $id) { id } }',
    variables: { id: await freshEntry() },
  }),
  'Mutation.updateEntryAttributes': async () => ({
    query: 'mutation($id: ID!) { updateEntryAttributes(id: $id, memo: "Matrix memo") { id } }',
    variables: { id: await freshEntry() },
  }),
  'Mutation.createForecast': async () => ({
    query: `mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2027-03", amount: 7) { id } }`,
    variables: { e: victim.entityId, a: ids.expense },
  }),
  'Mutation.adjustForecastCell': async () => ({
    query: `mutation($e: ID!, $a: ID!) { adjustForecastCell(entityId: $e, accountId: $a, date: "2027-04", amount: 3.5) { id } }`,
    variables: { e: victim.entityId, a: ids.expense },
  }),
  'Mutation.updateForecast': async () => ({
    query: 'mutation($id: ID!) { updateForecast(budgetId: $id, amount: 8) { id } }',
    variables: { id: await freshForecast() },
  }),
  'Mutation.updateEntries': async () => {
    const from = await freshAccount();
    await freshEntry(from);
    return {
      query:
        'mutation($f: ID!, $to: ID!) { updateEntries(fromAccountId: $f, toAccountId: $to) { fromAccount { id } } }',
      variables: { f: from, to: await freshAccount() },
    };
  },
  'Mutation.setEntityTimeZone': async () => ({
    query:
      'mutation($e: ID!) { setEntityTimeZone(entityId: $e, timeZone: "America/Chicago") { id timeZone } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.openEntity': async () => ({
    query: 'mutation($e: ID!) { openEntity(entityId: $e) }',
    variables: { e: victim.entityId },
  }),
  'Mutation.deleteRule': async () => ({
    query: 'mutation($id: ID!) { deleteRule(id: $id) { id } }',
    variables: { id: await freshRule() },
  }),
  'Query.model': async () => ({
    query:
      'query($e: ID!, $m: ID) { model(entityId: $e, modelId: $m) { id dataSheet { id values { value } } } }',
    variables: { e: victim.entityId, m: await freshModel() },
  }),
  'Query.models': async () => ({
    query: 'query($e: ID!) { models(entityId: $e) { id } }',
    variables: { e: victim.entityId },
  }),
  'Query.getVariables': async () => ({
    query: 'query($e: ID!) { getVariables(entityId: $e) { id } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.createModel': async () => ({
    query: 'mutation($e: ID!) { createModel(entityId: $e) { id } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.updateModel': async () => ({
    query: 'mutation($id: ID!) { updateModel(id: $id, name: "Renamed by matrix") { id } }',
    variables: { id: await freshModel() },
  }),
  'Mutation.deleteModel': async () => ({
    query: 'mutation($id: ID!) { deleteModel(id: $id) { id errors } }',
    variables: { id: await freshModel() },
  }),
  'Mutation.createVariable': async () => ({
    query: 'mutation($e: ID!, $m: ID!) { createVariable(entityId: $e, modelId: $m) { variable { id } } }',
    variables: { e: victim.entityId, m: await freshModel() },
  }),
  'Mutation.updateVariable': async () => ({
    query: 'mutation($id: ID!) { updateVariable(variableId: $id, formulas: "13") { variable { id } } }',
    variables: { id: await freshVariable() },
  }),
  'Mutation.deleteVariable': async () => ({
    query: 'mutation($id: ID!) { deleteVariable(variableId: $id) { id } }',
    variables: { id: await freshVariable() },
  }),
  'Mutation.createBudget': async () => ({
    query: 'mutation($v: ID!, $a: ID!) { createBudget(variableId: $v, accountId: $a) { id } }',
    variables: { v: await freshVariable(), a: await freshAccount() },
  }),
  'Mutation.updateBudget': async () => ({
    query: 'mutation($id: ID!) { updateBudget(budgetId: $id) { id } }',
    variables: { id: await freshOutput() },
  }),
  'Mutation.deleteBudget': async () => ({
    query: 'mutation($id: ID!) { deleteBudget(budgetId: $id) }',
    variables: { id: await freshOutput() },
  }),
  'Query.hiringPlan': async () => ({
    query: 'query($e: ID!) { hiringPlan(entityId: $e) { departments { id name } jobPositions { id kind } } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.createDepartment': async () => ({
    query:
      'mutation($e: ID!, $n: String!) { createDepartment(entityId: $e, name: $n) { department { id } } }',
    variables: { e: victim.entityId, n: `Matrix new department ${++sequence}` },
  }),
  'Mutation.updateDepartment': async () => ({
    query:
      'mutation($id: ID!) { updateDepartment(id: $id, name: "Renamed by matrix", position: { first: true }) { department { id } } }',
    variables: { id: await freshDepartment() },
  }),
  'Mutation.deleteDepartment': async () => ({
    query: 'mutation($id: ID!) { deleteDepartment(id: $id) { id errors } }',
    variables: { id: await freshDepartment() },
  }),
  'Mutation.createJobTitle': async () => ({
    query: 'mutation($e: ID!, $n: String!) { createJobTitle(entityId: $e, name: $n) { jobTitle { id } } }',
    variables: { e: victim.entityId, n: `Matrix new role ${++sequence}` },
  }),
  'Mutation.updateJobTitle': async () => ({
    query: 'mutation($id: ID!) { updateJobTitle(id: $id, defaultBonus: 5000) { jobTitle { id } } }',
    variables: { id: await freshJobTitle() },
  }),
  'Mutation.deleteJobTitle': async () => ({
    query: 'mutation($id: ID!) { deleteJobTitle(id: $id) { id errors } }',
    variables: { id: await freshJobTitle() },
  }),
  'Mutation.createEmployee': async () => ({
    query: 'mutation($e: ID!, $n: String!) { createEmployee(entityId: $e, name: $n) { employee { id } } }',
    variables: { e: victim.entityId, n: `Matrix new employee ${++sequence}` },
  }),
  'Mutation.updateEmployee': async () => ({
    query: 'mutation($id: ID!, $n: String!) { updateEmployee(id: $id, name: $n) { employee { id } } }',
    variables: { id: await freshEmployee(), n: `Matrix renamed employee ${++sequence}` },
  }),
  'Mutation.deleteEmployee': async () => ({
    query: 'mutation($id: ID!) { deleteEmployee(id: $id) { id errors } }',
    variables: { id: await freshEmployee() },
  }),
  'Mutation.createJobPosition': async () => ({
    query: `mutation($e: ID!, $d: ID!, $j: ID!) {
      createJobPosition(entityId: $e, departmentId: $d, jobTitleId: $j, rate: 50, hours: 80, startDate: "2027-02") { jobPosition { id } } }`,
    variables: { e: victim.entityId, d: await freshDepartment(), j: await freshJobTitle() },
  }),
  'Mutation.updateJobPosition': async () => ({
    query:
      'mutation($id: ID!) { updateJobPosition(id: $id, quantity: 2, endDate: "2027-12") { jobPosition { id } } }',
    variables: { id: await freshJobPosition() },
  }),
  'Mutation.deleteJobPosition': async () => ({
    query: 'mutation($id: ID!) { deleteJobPosition(id: $id) { id errors } }',
    variables: { id: await freshJobPosition() },
  }),
  'Mutation.updateHiringSettings': async () => ({
    query: `mutation($e: ID!) {
      updateHiringSettings(entityId: $e, employerTaxPercent: ${(++sequence % 100) / 10}) { settings { entityId } } }`,
    variables: { e: victim.entityId },
  }),
  'Query.dashboards': async () => ({
    query: `query($e: ID!) { dashboards(entityId: $e) {
      id charts { id figures { series { points { month amount } } } } } }`,
    variables: { e: victim.entityId },
  }),
  'Mutation.updateDashboard': async () => ({
    query:
      'mutation($id: ID!) { updateDashboard(id: $id, name: "Matrix board") { dashboard { id } errors } }',
    variables: { id: await victimDashboard() },
  }),
  'Mutation.createChart': async () => ({
    query: `mutation($d: ID!, $a: ID!) {
      createChart(dashboardId: $d, dataGroups: [{ type: Bar, data: [{ accountId: $a }] }]) { id errors } }`,
    variables: { d: await victimDashboard(), a: ids.expense },
  }),
  'Mutation.updateChart': async () => ({
    query: 'mutation($id: ID!) { updateChart(id: $id, name: "Renamed by matrix") { id errors } }',
    variables: { id: await freshChart() },
  }),
  'Mutation.deleteChart': async () => ({
    query: 'mutation($id: ID!) { deleteChart(id: $id) { id errors } }',
    variables: { id: await freshChart() },
  }),
  'Mutation.applyRule': async () => ({
    query: 'mutation($id: ID!) { applyRule(id: $id) { movedCount } }',
    variables: { id: await freshRule() },
  }),
  'Mutation.createRule': async () => {
    const from = await freshAccount();
    await freshEntry(from);
    return {
      query: `mutation($f: ID!, $to: ID!) {
        createRule(fromAccountId: $f, toAccountId: $to, searchFilter: "Matrix") { rule { id } } }`,
      variables: { f: from, to: await freshAccount() },
    };
  },
  'Query.invites': async () => ({
    query: 'query($e: ID!) { invites(entityId: $e) { id email status } }',
    variables: { e: victim.entityId },
  }),
  'Query.members': async () => ({
    query: 'query($e: ID!) { members(entityId: $e) { id role permissions { capability allowed } } }',
    variables: { e: victim.entityId },
  }),
  'Query.member': async () => ({
    query: 'query($id: ID!) { member(id: $id) { id role user { email } } }',
    variables: { id: await freshMember() },
  }),
  'Mutation.createInvite': async () => ({
    query: `mutation($e: ID!, $m: String!) {
      createInvite(entityId: $e, firstName: "Matrix", lastName: "New", email: $m, role: "bookkeeper") { id } }`,
    variables: { e: victim.entityId, m: `matrix-new-${++sequence}@example.com` },
  }),
  'Mutation.deleteInvite': async () => ({
    query: 'mutation($id: ID!) { deleteInvite(id: $id) }',
    variables: { id: await freshInvite(false) },
  }),
  'Mutation.approveInvite': async () => ({
    query: 'mutation($id: ID!) { approveInvite(id: $id) { invite { id status } } }',
    variables: { id: await freshInvite(true) },
  }),
  'Mutation.declineInvite': async () => ({
    query: 'mutation($id: ID!) { declineInvite(id: $id) }',
    variables: { id: await freshInvite(true) },
  }),
  'Mutation.acceptInvite': async (caller) => ({
    query: 'mutation($k: String!) { acceptInvite(token: $k) { entityId status } }',
    variables: { k: await freshInviteFor(caller) },
  }),
  'Mutation.updateMember': async () => ({
    query: 'mutation($id: ID!) { updateMember(id: $id, role: "admin") { id role } }',
    variables: { id: await freshMember() },
  }),
  'Mutation.deleteMember': async () => ({
    query: 'mutation($id: ID!) { deleteMember(id: $id) }',
    variables: { id: await freshMember() },
  }),
  'Mutation.updateTprimePerson': async () => ({
    query: `mutation { updateTprimePerson(name: "Matrix Person", phoneNumber: "4155550100",
      physicalAddress: { streetLine1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701" }) { userId } }`,
  }),
  'Query.stripeSubscription': async () => {
    await victimSubscriptionIn('incomplete');
    return {
      query: 'query($e: ID!) { stripeSubscription(entityId: $e) { id status clientSecret } }',
      variables: { e: victim.entityId },
    };
  },
  'Query.proPlan': async () => ({
    query: 'query($e: ID!) { proPlan(entityId: $e) { price working } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.startSubscription': async () => {
    await victimSubscriptionIn('startable');
    return {
      query: 'mutation($e: ID!) { startSubscription(entityId: $e) { id status } }',
      variables: { e: victim.entityId },
    };
  },
  'Mutation.confirmSubscription': async () => ({
    query: `mutation($id: ID!, $n: String, $x: String, $c: String, $m: String) {
      confirmSubscription(id: $id, cardNumber: $n, cardExpiry: $x, cardCvc: $c, cardName: $m) { errors subscription { status } } }`,
    variables: { id: await victimSubscriptionIn('incomplete'), ...card() },
  }),
  'Mutation.cancelSubscription': async () => ({
    query: 'mutation($id: ID!) { cancelSubscription(id: $id) { id status } }',
    variables: { id: await victimSubscriptionIn('active') },
  }),
  'Query.providerBankAccounts': async () => ({
    query: 'query($e: ID!) { providerBankAccounts(entityId: $e) { id currentBalance availableBalance } }',
    variables: { e: victim.entityId },
  }),
  'Query.transfers': async () => ({
    query: 'query($e: ID!) { transfers(entityId: $e) { id status } }',
    variables: { e: victim.entityId },
  }),
  'Query.vendors': async () => ({
    query: 'query($e: ID!) { vendors(entityId: $e) { id name } }',
    variables: { e: victim.entityId },
  }),
  'Query.documents': async () => ({
    query:
      'query($e: ID!) { documents(entityId: $e) { fileToken { token } accounts { id statementMonths } } }',
    variables: { e: victim.entityId },
  }),
  'Query.tprimeTransferLimits': async () => ({
    query: 'query($id: ID!) { tprimeTransferLimits(tprimeAccountId: $id) { ach { remainingToday } } }',
    variables: { id: ids.depositAccount },
  }),
  'Mutation.createVendor': async () => ({
    query: 'mutation($e: ID!) { createVendor(entityId: $e, name: "Matrix vendor") { id } }',
    variables: { e: victim.entityId },
  }),
  // The victim's approval is set aside first, so each allowed caller's application is reviewed (and
  // declined: the sandbox's SSN 000000000, so no account opens).
  'Mutation.createTprimeApplication': async () => {
    await t.db
      .update(bankApplications)
      .set({ status: 'declined' })
      .where(eq(bankApplications.entityId, victim.entityId));
    return {
      query: `mutation($e: ID!, $p: ApplicationPersonInput!, $a: AddressInput!) {
        createTprimeApplication(entityId: $e, person: $p, address: $a, acknowledgedAgreements: true) {
          application { id status } } }`,
      variables: { e: victim.entityId, p: applicant({ tin: '000000000' }), a: applicantAddress },
    };
  },
  'Mutation.createAchTransfer': async () => {
    sequence += 1;
    return {
      query: `mutation($e: ID!, $k: String!, $a: ID!, $r: String!, $d: String!) {
        createAchTransfer(entityId: $e, idempotencyKey: $k, accountId: $a, recipientName: "Matrix payee",
          routingNumber: $r, accountNumber: "12345678", amount: 100, date: $d) { id status } }`,
      variables: {
        e: victim.entityId,
        k: `matrix-ach-${sequence}`,
        a: ids.depositAccount,
        r: RECIPIENT_ROUTING,
        d: t.clock.now().toISOString().slice(0, 10),
      },
    };
  },
  'Mutation.createWireTransfer': async () => {
    sequence += 1;
    return {
      query: `mutation($e: ID!, $k: String!, $a: ID!, $r: String!, $d: String!) {
        createWireTransfer(entityId: $e, idempotencyKey: $k, accountId: $a, recipientName: "Matrix payee",
          routingNumber: $r, accountNumber: "12345678", amount: 100, date: $d,
          recipientAddress: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701" },
          bank: { name: "Example Bank", address: "2 Main St", city: "Austin", state: "TX", postalCode: "78701" }) { id status } }`,
      variables: {
        e: victim.entityId,
        k: `matrix-wire-${sequence}`,
        a: ids.depositAccount,
        r: RECIPIENT_ROUTING,
        d: t.clock.now().toISOString().slice(0, 10),
      },
    };
  },
  'Query.reviewAchTransfer': async () => ({
    query: `query($e: ID!, $a: ID!, $r: String!, $d: String!) {
      reviewAchTransfer(entityId: $e, accountId: $a, recipientName: "Matrix payee", routingNumber: $r,
        accountNumber: "12345678", amount: 100, date: $d) { total } }`,
    variables: {
      e: victim.entityId,
      a: ids.depositAccount,
      r: RECIPIENT_ROUTING,
      d: t.clock.now().toISOString().slice(0, 10),
    },
  }),
  'Query.reviewWireTransfer': async () => ({
    query: `query($e: ID!, $a: ID!, $r: String!, $d: String!) {
      reviewWireTransfer(entityId: $e, accountId: $a, recipientName: "Matrix payee", routingNumber: $r,
        accountNumber: "12345678", amount: 100, date: $d,
        recipientAddress: { line1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701" },
        bank: { name: "Matrix Bank", address: "2 Main St", city: "Austin", state: "TX", postalCode: "78701" }) { total } }`,
    variables: {
      e: victim.entityId,
      a: ids.depositAccount,
      r: RECIPIENT_ROUTING,
      d: t.clock.now().toISOString().slice(0, 10),
    },
  }),
  'Query.transferApprovalPolicy': async () => ({
    query: 'query($e: ID!) { transferApprovalPolicy(entityId: $e) { threshold canChange } }',
    variables: { e: victim.entityId },
  }),
  // Owner only (an admin is refused: OWNER_ONLY); each allowed call sets the amount back to none.
  'Mutation.setTransferApprovalThreshold': async () => ({
    query: 'mutation($e: ID!) { setTransferApprovalThreshold(entityId: $e, threshold: null) { threshold } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.cancelTransfer': async () => ({
    query: 'mutation($id: ID!) { cancelTransfer(transferId: $id) { id status } }',
    variables: { id: await freshTransfer('pending') },
  }),
  'Mutation.approveTransfer': async () => ({
    query: 'mutation($id: ID!) { approveTransfer(transferId: $id) { id status } }',
    variables: { id: await freshTransfer('awaiting_approval') },
  }),
  'Mutation.rejectTransfer': async () => ({
    query: 'mutation($id: ID!) { rejectTransfer(transferId: $id, reason: "Matrix") { id status } }',
    variables: { id: await freshTransfer('awaiting_approval') },
  }),
  'Query.cards': async () => ({
    query: 'query($e: ID!) { cards(entityId: $e) { id status last4 expiration } }',
    variables: { e: victim.entityId },
  }),
  // The victim's virtual cards are canceled first, so each allowed caller's card is issued.
  'Mutation.createTprimeCard': async () => {
    await cancelCards(t.db, victim.entityId, 'virtual');
    return {
      query: 'mutation($a: ID!) { createTprimeCard(accountId: $a, cardType: "virtual") { id status } }',
      variables: { a: ids.depositAccount },
    };
  },
  'Mutation.activateTprimePhysicalCard': async () => ({
    query: 'mutation($id: ID!) { activateTprimePhysicalCard(id: $id, pin: "1234") { id status } }',
    variables: { id: await freshCard('physical') },
  }),
  'Mutation.suspendTprimeCard': async () => ({
    query: 'mutation($id: ID!) { suspendTprimeCard(id: $id) { id status } }',
    variables: { id: await freshCard('virtual') },
  }),
  'Mutation.activateTprimeCard': async () => ({
    query: 'mutation($id: ID!) { activateTprimeCard(id: $id) { id status } }',
    variables: { id: await freshCard('virtual', 'suspended') },
  }),
  'Mutation.revealAccountNumber': async () => ({
    query:
      'mutation($a: ID!, $p: String!) { revealAccountNumber(accountId: $a, password: $p) { accountNumber } }',
    variables: { a: ids.depositAccount, p: PASSWORD },
  }),
  'Query.cardTransactions': async () => ({
    query: 'query($c: ID!) { cardTransactions(cardId: $c, first: 5) { edges { node { id status } } } }',
    variables: { c: await freshCard('virtual') },
  }),
  'Mutation.setCardLimits': async () => ({
    query:
      'mutation($id: ID!) { setCardLimits(id: $id, dailyLimit: 50000, monthlyLimit: null) { id dailyLimit } }',
    variables: { id: await freshCard('virtual') },
  }),
  'Mutation.createCardRevealToken': async () => ({
    query: 'mutation($id: ID!) { createCardRevealToken(id: $id) { expiresAt revealPath } }',
    variables: { id: await freshCard('virtual') },
  }),
  'Query.twoFactor': async () => ({
    query: 'query($p: String!) { twoFactor(password: $p) { otpModuleEnabled otpSecret } }',
    variables: { p: PASSWORD },
  }),
  // The current password as the new one: refused in `errors` (an answer), so no one's password changes.
  'Mutation.updateUserPassword': async () => ({
    query: `mutation($p: String!) { updateUserPassword(currentPassword: $p, newPassword: $p) { errors success } }`,
    variables: { p: PASSWORD },
  }),
  'Mutation.updateUserFactor': async (caller) => {
    await reauthenticated(caller);
    return { query: 'mutation { updateUserFactor(otpAttempt: "000000") { errors codeSent } }' };
  },
  'Mutation.deleteUserFactor': async (caller) => {
    await reauthenticated(caller);
    return { query: 'mutation { deleteUserFactor { me { otpModuleEnabled } } }' };
  },
  'Query.entityJobs': async () => ({
    query: 'query($e: ID!) { entityJobs(entityId: $e) { id status } }',
    variables: { e: victim.entityId },
  }),
  // A fresh queued job each time (no runner handles its type), so each allowed caller cancels one.
  'Mutation.cancelEntityJob': async () => ({
    query: 'mutation($e: ID!, $j: ID!) { cancelEntityJob(entityId: $e, jobId: $j) { id status } }',
    variables: {
      e: victim.entityId,
      j: (await enqueueJob(t.db, { entityId: victim.entityId, type: 'MatrixJob' })).id,
    },
  }),
  // Bank links. The syncs they queue run on this app's runner: each builder waits for them,
  // so no sync changes the victim's books while a refused call is compared.
  'Query.plaidItems': async () => ({
    query: 'query($e: ID!) { plaidItems(entityId: $e) { itemId } }',
    variables: { e: victim.entityId },
  }),
  'Query.moneykitLinks': async () => ({
    query: 'query($e: ID!) { moneykitLinks(entityId: $e) { id } }',
    variables: { e: victim.entityId },
  }),
  'Query.accountsOverview': async () => ({
    query: 'query($e: ID!) { accountsOverview(entityId: $e) { summary { netWorth } } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.createPlaidLinkToken': async () => ({
    query: 'mutation($e: ID!) { createPlaidLinkToken(entityId: $e) { linkToken } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.createLinkSessionToken': async () => ({
    query: 'mutation($e: ID!) { createLinkSessionToken(entityId: $e) { linkSessionToken } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.createPlaidItem': async () => {
    await forgetBankLinks(t, victim.entityId, 'plaid');
    return {
      query:
        'mutation($e: ID!, $p: String!) { createPlaidItem(entityId: $e, publicToken: $p) { item { itemId } } }',
      variables: { e: victim.entityId, p: await freshExchangeToken(t, victim.entityId, 'plaid') },
    };
  },
  'Mutation.createMoneykitLink': async () => {
    await forgetBankLinks(t, victim.entityId, 'moneykit');
    return {
      query:
        'mutation($e: ID!, $x: String!) { createMoneykitLink(entityId: $e, exchangeableToken: $x) { link { id } } }',
      variables: { e: victim.entityId, x: await freshExchangeToken(t, victim.entityId, 'moneykit') },
    };
  },
  'Mutation.refreshMoneykitLink': async () => {
    await waitForBankLinkSyncs(t, victim.entityId);
    return {
      query: 'mutation($e: ID!, $i: ID!) { refreshMoneykitLink(entityId: $e, id: $i) { link { id } } }',
      variables: { e: victim.entityId, i: await freshBankLink(t, victim, 'moneykit') },
    };
  },
  'Mutation.deletePlaidItem': async () => ({
    query: 'mutation($i: ID!) { deletePlaidItem(itemId: $i) { id } }',
    variables: { i: await freshBankLink(t, victim, 'plaid') },
  }),
  'Mutation.deleteMoneykitLink': async () => ({
    query: 'mutation($i: ID!) { deleteMoneykitLink(id: $i) { id } }',
    variables: { i: await freshBankLink(t, victim, 'moneykit') },
  }),
  // QuickBooks: the victim is connected through the OAuth round trip when it is not (its first sync
  // runs on this app's runner); each builder waits for the syncs, so none changes the books meanwhile.
  'Query.quickbooksConnection': async () => {
    await victimQuickbooks();
    return {
      query: 'query($e: ID!) { quickbooksConnection(entityId: $e) { id status } }',
      variables: { e: victim.entityId },
    };
  },
  'Query.quickbooksAccounts': async () => {
    await victimQuickbooks();
    return {
      query: 'query($e: ID!) { quickbooksAccounts(entityId: $e) { id currentBalance } }',
      variables: { e: victim.entityId },
    };
  },
  'Mutation.createQuickbooksConnection': async () => ({
    query: 'mutation($e: ID!) { createQuickbooksConnection(entityId: $e) { oauthUrl } }',
    variables: { e: victim.entityId },
  }),
  'Mutation.syncQuickbooks': async () => {
    await victimQuickbooks();
    return {
      query: 'mutation($e: ID!) { syncQuickbooks(entityId: $e) { id status } }',
      variables: { e: victim.entityId },
    };
  },
  'Mutation.deleteQuickbooksConnection': async () => {
    await victimQuickbooks();
    return {
      query: 'mutation($e: ID!) { deleteQuickbooksConnection(entityId: $e) { entityId } }',
      variables: { e: victim.entityId },
    };
  },
  // Subscribed through graphql-js (see subscriptionAnswer): an open stream counts as an answer.
  'Subscription.entityJobWasUpdated': async () => ({
    query: 'subscription($e: ID!) { entityJobWasUpdated(entityId: $e) { jobStatus { id status } } }',
    variables: { e: victim.entityId },
  }),
  'Subscription.entityWasUpdated': async () => ({
    query: 'subscription($e: ID!) { entityWasUpdated(entityId: $e) { reason } }',
    variables: { e: victim.entityId },
  }),
  // 'Ask Keel AI': a thread is its user's alone, so each caller names one of their own.
  'Query.chatThreads': async () => ({
    query: 'query($e: ID!) { chatThreads(entityId: $e) { id title } }',
    variables: { e: victim.entityId },
  }),
  'Query.chatThread': async (caller) => ({
    query: 'query($e: ID!, $th: ID!) { chatThread(entityId: $e, threadId: $th) { id messages { id } } }',
    variables: { e: victim.entityId, th: await chatThreadOf(caller) },
  }),
  'Mutation.createOpenaiMessage': async () => ({
    query:
      'mutation($e: ID!) { createOpenaiMessage(entityId: $e, content: "What is our runway?") { errors message { id status } } }',
    variables: { e: victim.entityId },
  }),
  'Subscription.threadWasUpdated': async (caller) => ({
    query:
      'subscription($e: ID!, $th: ID!) { threadWasUpdated(entityId: $e, threadId: $th) { message { id status } } }',
    variables: { e: victim.entityId, th: await chatThreadOf(caller) },
  }),
};

/**
 * A subscription's answer to a caller: its refusal, or (access granted) the open stream, which is closed
 * at once. Over HTTP an open stream never ends; the SSE tests (modules/jobs) cover the transport.
 */
async function subscriptionAnswer(
  request: Request,
  token: string | undefined,
): Promise<{ data?: Record<string, unknown> | null; errors?: readonly GraphQLError[] }> {
  const viewer = token ? await authenticateToken(t.db, t.clock, token) : null;
  const contextValue = createContext({
    db: t.db,
    clock: t.clock,
    config: t.config,
    providers: t.providers,
    realtime: t.app.realtime,
    viewer,
    client: { ip: null, userAgent: null },
  });
  const result = await subscribe({
    schema,
    document: parse(request.query),
    variableValues: request.variables ?? {},
    contextValue,
  });
  if (!(Symbol.asyncIterator in result)) return result;
  await result.return?.();
  const fieldName = Object.keys(schema.getSubscriptionType()?.getFields() ?? {}).find((name) =>
    request.query.includes(name),
  );
  return { data: { [fieldName ?? 'subscription']: 'stream' } };
}

function rootFields(): { name: string; access: unknown }[] {
  const fields: { name: string; access: unknown }[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      fields.push({ name: `${type?.name}.${field.name}`, access: field.extensions.access });
    }
  }
  return fields.sort((a, b) => a.name.localeCompare(b.name));
}

/** Root fields whose capability an admin holds but which only an owner may use (the resolver refuses the others). */
const OWNER_ONLY = new Set(['Mutation.setTransferApprovalThreshold']);

/** A new $1 ACH of the victim's, sent by another admin (so the owner and admin may approve it), in `status`. */
async function freshTransfer(status: 'pending' | 'awaiting_approval'): Promise<string> {
  const { sendTransfer } = await import('../src/modules/banking');
  const { bankTransfers } = await import('../src/db/schema');
  const { secretBoxOf } = await import('../src/secrets/secretBox');
  sequence += 1;
  const transfer = await sendTransfer(
    { db: t.db, clock: t.clock, banking: t.providers.banking, secrets: secretBoxOf(t.config) },
    {
      entityId: victim.entityId,
      userId: inviteSenderId,
      rail: 'ach',
      idempotencyKey: `matrix-fresh-${sequence}`,
      accountId: ids.depositAccount,
      form: {
        recipientName: 'Matrix payee',
        routingNumber: RECIPIENT_ROUTING,
        accountNumber: '12345678',
        amount: 100,
        date: t.clock.now().toISOString().slice(0, 10),
      },
    },
  );
  if (status !== transfer.status) {
    await t.db.update(bankTransfers).set({ status }).where(eq(bankTransfers.id, transfer.id));
  }
  return transfer.id;
}

/** The answer the rules give: 'ok' (data, no errors) or the error code. */
function expectedAnswer(access: FieldAccess, principal: Principal): string {
  if (principal.kind === 'anonymous' || principal.kind === 'revoked') return 'UNAUTHENTICATED';
  if (access === 'viewer') return 'ok';
  if (principal.kind === 'outsider') return 'NOT_FOUND';
  return roleCan(principal.role, access as Capability) ? 'ok' : 'FORBIDDEN';
}

beforeAll(async () => {
  t = await createTestApp();
  victim = await createLedgerFixture(t, 'Victim');
  const outsider = await createLedgerFixture(t, 'Outsider');
  ids = {
    expense: await victim.account('Expense'),
    banks: await victim.account('Banks'),
    entry: '',
    depositAccount: '',
  };
  ids.entry = await freshEntry();
  ids.depositAccount = (await openDepositAccount(victim)).id;
  await deposit(t, ids.depositAccount, 500_000, '2026-11-02');
  const sender = await createSignedInUser(t, 'matrix-sender@victim.test');
  await t.db.insert(memberships).values({ entityId: victim.entityId, userId: sender.user.id, role: 'admin' });
  inviteSenderId = sender.user.id;
  const revoked = await victim.member('admin');
  const revoke = await t.app.inject({
    method: 'POST',
    url: '/oauth/revoke',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ token: revoked }),
  });
  expect(revoke.statusCode).toBe(200);
  tokens = {
    owner: victim.owner.token,
    admin: await victim.member('admin'),
    bookkeeper: await victim.member('bookkeeper'),
    card_only: await victim.member('card_only'),
    custom: await victim.member('custom'),
    'member of another company': outsider.owner.token,
    'no token': undefined,
    'revoked token': revoked,
  };
  // Every principal signs in with one password, for the operations that ask for it again.
  await t.db.update(users).set({ passwordHash: await hashPassword(PASSWORD) });
  await startWriteLog(t.db);
});
afterAll(async () => {
  await stopWriteLog(t.db);
  await t.close();
});

describe('authorization matrix', () => {
  it('has a declared access and a request for every root operation of the schema', () => {
    const fields = rootFields();
    expect(fields.filter((field) => !field.access).map((field) => field.name)).toEqual([]);
    expect(fields.map((field) => field.name).filter((name) => !(name in OPERATIONS))).toEqual([]);
    expect(Object.keys(OPERATIONS).filter((name) => !fields.some((field) => field.name === name))).toEqual(
      [],
    );
  });

  for (const [operation, build] of Object.entries(OPERATIONS)) {
    it(`${operation} answers each caller as its access says`, async () => {
      const [typeName, fieldName] = operation.split('.') as [string, string];
      const rootType =
        typeName === 'Query'
          ? schema.getQueryType()
          : typeName === 'Mutation'
            ? schema.getMutationType()
            : schema.getSubscriptionType();
      const field = rootType?.getFields()[fieldName];
      const access = field?.extensions.access as FieldAccess;
      const answers: Record<string, string> = {};
      const expected: Record<string, string> = {};
      for (const [who, principal] of Object.entries(PRINCIPALS)) {
        const request = await build({ token: tokens[who] });
        expected[who] =
          OWNER_ONLY.has(operation) && principal.kind === 'member' && principal.role !== 'owner'
            ? expectedAnswer(access, principal) === 'ok'
              ? 'FORBIDDEN'
              : expectedAnswer(access, principal)
            : expectedAnswer(access, principal);
        // Writes are looked for around the calls that should be refused only (about half): an answer
        // other than the expected one fails the test below whatever was written.
        const mark = expected[who] === 'ok' ? undefined : await writeMark(t.db);
        const result =
          typeName === 'Subscription'
            ? await subscriptionAnswer(request, tokens[who])
            : await t.graphql<Record<string, unknown>>(request.query, request.variables, tokens[who]);
        answers[who] = result.errors
          ? String(result.errors[0]?.extensions?.code)
          : result.data?.[fieldName] != null
            ? 'ok'
            : 'no data';
        if (mark !== undefined && answers[who] !== 'ok') {
          expect(await writesSince(t.db, mark), `${operation} as ${who} wrote nothing`).toEqual([]);
        }
      }
      expect(answers).toEqual(expected);
    });
  }
});

/**
 * The guard itself, capability by capability: every row of the permission table (one source, in
 * packages/domain), sendMoney, manageTeam and manageEntity included, is what `ctx.requireEntity`
 * answers a member of each role, a member of another company and a signed-out caller. Billing's writes
 * need manageEntity, and transfers, vendors and the card actions sendMoney (covered above); listing
 * and revealing cards need only membership, so card-only members use the company's cards.
 */
describe('the entity guard and the permission table', () => {
  it('declares only capabilities of the permission table (or viewer) on root fields', () => {
    const allowed = new Set<string>(['viewer', ...CAPABILITIES]);
    expect(rootFields().filter((field) => !allowed.has(String(field.access)))).toEqual([]);
    expect(PERMISSION_TABLE.map((row) => row.capability)).toEqual([...CAPABILITIES]);
  });

  it('grants each role exactly the capabilities the table gives it, and refuses the others', async () => {
    const answers: Record<string, Record<string, string>> = {};
    const expected: Record<string, Record<string, string>> = {};
    const outsider = await createSignedInUser(t, 'guard-outsider@elsewhere.test');
    const callers: [string, { userId: string; email: string; tokenId: string } | null, Role | null][] = [
      [
        'member of another company',
        { userId: outsider.user.id, email: outsider.user.email, tokenId: '' },
        null,
      ],
      ['no token', null, null],
    ];
    for (const role of ROLES) {
      const member = await createSignedInUser(t, `guard-${role}@victim.test`);
      await t.db.insert(memberships).values({ entityId: victim.entityId, userId: member.user.id, role });
      callers.push([role, { userId: member.user.id, email: member.user.email, tokenId: '' }, role]);
    }
    for (const [who, viewer, role] of callers) {
      answers[who] = {};
      expected[who] = {};
      for (const capability of CAPABILITIES) {
        const ctx = createContext({
          db: t.db,
          clock: t.clock,
          config: t.config,
          providers: t.providers,
          viewer,
          client: { ip: null, userAgent: null },
        });
        try {
          await ctx.requireEntity(victim.entityId, capability);
          answers[who][capability] = 'ok';
        } catch (error) {
          answers[who][capability] = error instanceof KeelError ? error.code : `unexpected ${String(error)}`;
        }
        expected[who][capability] = !viewer
          ? 'UNAUTHENTICATED'
          : role === null
            ? 'NOT_FOUND'
            : roleCan(role, capability as Capability)
              ? 'ok'
              : 'FORBIDDEN';
      }
    }
    expect(answers).toEqual(expected);
    // Spec §6, said plainly: bookkeepers (and card-only and custom members) neither send money nor
    // manage the team or the company.
    for (const role of ['bookkeeper', 'card_only', 'custom'] as const) {
      for (const capability of ['sendMoney', 'manageTeam', 'manageEntity'] as const) {
        expect(answers[role]?.[capability], `${role} ${capability}`).toBe('FORBIDDEN');
      }
    }
    for (const role of ['owner', 'admin'] as const) {
      for (const capability of ['sendMoney', 'manageTeam', 'manageEntity'] as const) {
        expect(answers[role]?.[capability], `${role} ${capability}`).toBe('ok');
      }
    }
  });
});
