import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../src/graphql/schema';
import { createEntity } from '../src/modules/entities/service';
import { openDepositAccount } from './bankingTestKit';
import { cardsSnapshot, issueTestCard, REVEAL_TOKEN, revealByRest } from './cardsTestKit';
import { createTestApp, type TestApp } from './harness';
import { createLedgerFixture } from './ledgerTestKit';
import { createSignedInUser } from './users';

/**
 * Every GraphQL operation that names an entity, called by a member of another company. Each later
 * module adds its operations here; the completeness check below fails when one is missing.
 */
const ENTITY_SCOPED_OPERATIONS: Record<string, (entityId: string) => { query: string; variables: object }> = {
  'Query.entity': (entityId) => ({
    query: 'query($id: ID!) { entity(id: $id) { id name } }',
    variables: { id: entityId },
  }),
  'Mutation.openEntity': (entityId) => ({
    query: 'mutation($entityId: ID!) { openEntity(entityId: $entityId) }',
    variables: { entityId },
  }),
  // Ledger: a random account id stands in for the victim's; the entity guard answers first.
  'Mutation.createAccount': (entityId) => ({
    query:
      'mutation($entityId: ID!, $parentId: ID!) { createAccount(name: "x", entityId: $entityId, parentId: $parentId) { id } }',
    variables: { entityId, parentId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Mutation.createUserTransaction': (entityId) => ({
    query: `mutation($entityId: ID!, $accountId: ID!) {
      createUserTransaction(entityId: $entityId, accountId: $accountId, date: "2026-11-01", amount: 100) { id } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Mutation.updateUserTransaction': (entityId) => ({
    query:
      'mutation($entityId: ID!, $id: ID!) { updateUserTransaction(id: $id, entityId: $entityId, amount: 1) { id } }',
    variables: { entityId, id: '00000000-0000-4000-8000-000000000001' },
  }),
  'Mutation.createForecast': (entityId) => ({
    query: `mutation($entityId: ID!, $accountId: ID!) {
      createForecast(entityId: $entityId, accountId: $accountId, date: "2027-01", amount: 1) { id } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Mutation.adjustForecastCell': (entityId) => ({
    query: `mutation($entityId: ID!, $accountId: ID!) {
      adjustForecastCell(entityId: $entityId, accountId: $accountId, date: "2027-01", amount: 1) { id } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Mutation.updateForecast': (entityId) => ({
    query:
      'mutation($entityId: ID!, $id: ID!) { updateForecast(budgetId: $id, entityId: $entityId, amount: 1) { id } }',
    variables: { entityId, id: '00000000-0000-4000-8000-000000000001' },
  }),
  // Models: the entity guard answers before the model is looked up.
  'Query.model': (entityId) => ({
    query: 'query($entityId: ID!) { model(entityId: $entityId) { id name } }',
    variables: { entityId },
  }),
  'Query.models': (entityId) => ({
    query: 'query($entityId: ID!) { models(entityId: $entityId) { id name } }',
    variables: { entityId },
  }),
  'Query.getVariables': (entityId) => ({
    query: 'query($entityId: ID!) { getVariables(entityId: $entityId) { id name } }',
    variables: { entityId },
  }),
  'Mutation.createModel': (entityId) => ({
    query: 'mutation($entityId: ID!) { createModel(entityId: $entityId) { id } }',
    variables: { entityId },
  }),
  'Mutation.createVariable': (entityId) => ({
    query:
      'mutation($entityId: ID!, $modelId: ID!) { createVariable(entityId: $entityId, modelId: $modelId) { errors } }',
    variables: { entityId, modelId: '00000000-0000-4000-8000-000000000001' },
  }),
  // Hiring: the entity guard answers before any department, role or employee is looked up.
  'Query.hiringPlan': (entityId) => ({
    query: 'query($entityId: ID!) { hiringPlan(entityId: $entityId) { departments { id name } } }',
    variables: { entityId },
  }),
  'Mutation.createDepartment': (entityId) => ({
    query:
      'mutation($entityId: ID!) { createDepartment(entityId: $entityId, name: "x") { errors department { id } } }',
    variables: { entityId },
  }),
  'Mutation.createJobTitle': (entityId) => ({
    query:
      'mutation($entityId: ID!) { createJobTitle(entityId: $entityId, name: "x") { errors jobTitle { id } } }',
    variables: { entityId },
  }),
  'Mutation.createEmployee': (entityId) => ({
    query:
      'mutation($entityId: ID!) { createEmployee(entityId: $entityId, name: "x") { errors employee { id } } }',
    variables: { entityId },
  }),
  'Mutation.createJobPosition': (entityId) => ({
    query: `mutation($entityId: ID!, $departmentId: ID!, $jobTitleId: ID) {
      createJobPosition(entityId: $entityId, departmentId: $departmentId, jobTitleId: $jobTitleId, salary: 1, startDate: "2027-01") {
        errors jobPosition { id } } }`,
    variables: {
      entityId,
      departmentId: '00000000-0000-4000-8000-000000000001',
      jobTitleId: '00000000-0000-4000-8000-000000000001',
    },
  }),
  'Mutation.updateHiringSettings': (entityId) => ({
    query:
      'mutation($entityId: ID!) { updateHiringSettings(entityId: $entityId, benefitsPercent: 1) { errors settings { entityId } } }',
    variables: { entityId },
  }),
  // Dashboards: the entity guard answers before the first dashboard is looked up or made. Charts and
  // dashboard writes name a dashboard or chart; their tenancy is in modules/dashboards/dashboards.test.ts.
  'Query.dashboards': (entityId) => ({
    query: 'query($entityId: ID!) { dashboards(entityId: $entityId) { id charts { id } } }',
    variables: { entityId },
  }),
  'Query.reports': (entityId) => ({
    query: 'query($entityId: ID!) { reports(entityId: $entityId) { id name } }',
    variables: { entityId },
  }),
  'Query.getReports': (entityId) => ({
    query: 'query($entityId: ID!) { getReports(entityId: $entityId) { id name } }',
    variables: { entityId },
  }),
  'Query.forecastAverage': (entityId) => ({
    query: `query($entityId: ID!, $accountId: ID!) {
      forecastAverage(entityId: $entityId, accountId: $accountId, startMonth: "2027-01", averageMonths: 3) { average } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Query.forecastPercentage': (entityId) => ({
    query: `query($entityId: ID!, $accountId: ID!) {
      forecastPercentage(entityId: $entityId, accountId: $accountId, sourceAccountId: $accountId, percent: 2.9, startMonth: "2027-01") { percent } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Query.report': (entityId) => ({
    query: 'query($entityId: ID!) { report(entityId: $entityId) { id name lineItems { name amount } } }',
    variables: { entityId },
  }),
  // Team: the entity guard answers before any invitation or member is looked up. Rows named by id
  // (Member(id), approve, decline, delete, updateMember) answer NOT_FOUND for another company's: see
  // modules/team/invites.test.ts and members.test.ts.
  'Query.invites': (entityId) => ({
    query: 'query($entityId: ID!) { invites(entityId: $entityId) { id email } }',
    variables: { entityId },
  }),
  'Query.members': (entityId) => ({
    query: 'query($entityId: ID!) { members(entityId: $entityId) { id user { email } } }',
    variables: { entityId },
  }),
  'Mutation.createInvite': (entityId) => ({
    query: `mutation($entityId: ID!) {
      createInvite(entityId: $entityId, firstName: "x", lastName: "y", email: "x@example.com", role: "admin") { id } }`,
    variables: { entityId },
  }),
  // Billing: the entity guard answers before any subscription is looked up or started. Subscriptions
  // named by id (confirm, cancel, the REST client secret) answer NOT_FOUND for another company's: see
  // modules/billing/subscriptions.test.ts.
  'Query.stripeSubscription': (entityId) => ({
    query: 'query($entityId: ID!) { stripeSubscription(entityId: $entityId) { id status } }',
    variables: { entityId },
  }),
  'Query.proPlan': (entityId) => ({
    query: 'query($entityId: ID!) { proPlan(entityId: $entityId) { price working } }',
    variables: { entityId },
  }),
  'Mutation.startSubscription': (entityId) => ({
    query: 'mutation($entityId: ID!) { startSubscription(entityId: $entityId) { id clientSecret } }',
    variables: { entityId },
  }),
  // Banking: the entity guard answers before any deposit account, vendor or transfer is looked up, and
  // before anything settles. Accounts named by id (tprimeTransferLimits, a transfer's accountId) answer
  // 'Account not found' for another company's: see modules/banking/banking.test.ts.
  'Query.providerBankAccounts': (entityId) => ({
    query: 'query($entityId: ID!) { providerBankAccounts(entityId: $entityId) { id currentBalance } }',
    variables: { entityId },
  }),
  'Query.documents': (entityId) => ({
    query: 'query($entityId: ID!) { documents(entityId: $entityId) { fileToken { token } accounts { id } } }',
    variables: { entityId },
  }),
  'Query.transfers': (entityId) => ({
    query: 'query($entityId: ID!) { transfers(entityId: $entityId) { id status } }',
    variables: { entityId },
  }),
  'Query.vendors': (entityId) => ({
    query: 'query($entityId: ID!) { vendors(entityId: $entityId) { id name } }',
    variables: { entityId },
  }),
  // Cards: the entity guard answers before any card is looked up. Cards and accounts named by id: below.
  'Query.cards': (entityId) => ({
    query: 'query($entityId: ID!) { cards(entityId: $entityId) { id last4 } }',
    variables: { entityId },
  }),
  'Mutation.createVendor': (entityId) => ({
    query: 'mutation($entityId: ID!) { createVendor(entityId: $entityId, name: "x") { id } }',
    variables: { entityId },
  }),
  'Mutation.createTprimeApplication': (entityId) => ({
    query: `mutation($entityId: ID!) { createTprimeApplication(entityId: $entityId, acknowledgedAgreements: true,
      person: { firstName: "A", lastName: "B", email: "a@b.test", phoneNumber: "4155550134", dateOfBirth: "1980-01-01",
        citizen: true, tin: "123456789", ein: "987654321" },
      address: { streetLine1: "1 Main St", city: "Austin", state: "TX", postalCode: "78701" }) { application { id } } }`,
    variables: { entityId },
  }),
  'Mutation.createAchTransfer': (entityId) => ({
    query: `mutation($entityId: ID!, $accountId: ID!) { createAchTransfer(entityId: $entityId, idempotencyKey: "tenancy-key",
      accountId: $accountId, recipientName: "x", routingNumber: "021000021", accountNumber: "1234567", amount: 100,
      date: "2026-11-23") { id } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Query.reviewAchTransfer': (entityId) => ({
    query: `query($entityId: ID!, $accountId: ID!) { reviewAchTransfer(entityId: $entityId, accountId: $accountId,
      recipientName: "x", routingNumber: "021000021", accountNumber: "1234567", amount: 100, date: "2026-11-23") { total } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Query.reviewWireTransfer': (entityId) => ({
    query: `query($entityId: ID!, $accountId: ID!) { reviewWireTransfer(entityId: $entityId, accountId: $accountId,
      recipientName: "x", routingNumber: "021000021", accountNumber: "1234567", amount: 100, date: "2026-11-23") { total } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Query.transferApprovalPolicy': (entityId) => ({
    query: 'query($entityId: ID!) { transferApprovalPolicy(entityId: $entityId) { threshold } }',
    variables: { entityId },
  }),
  'Mutation.setEntityTimeZone': (entityId) => ({
    query:
      'mutation($entityId: ID!) { setEntityTimeZone(entityId: $entityId, timeZone: "Asia/Tokyo") { id } }',
    variables: { entityId },
  }),
  'Mutation.setTransferApprovalThreshold': (entityId) => ({
    query:
      'mutation($entityId: ID!) { setTransferApprovalThreshold(entityId: $entityId, threshold: 100000) { threshold } }',
    variables: { entityId },
  }),
  'Mutation.createWireTransfer': (entityId) => ({
    query: `mutation($entityId: ID!, $accountId: ID!) { createWireTransfer(entityId: $entityId, idempotencyKey: "tenancy-key",
      accountId: $accountId, recipientName: "x", routingNumber: "021000021", accountNumber: "1234567", amount: 100,
      date: "2026-11-23") { id } }`,
    variables: { entityId, accountId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Query.bookkeepingTransactionsConnection': (entityId) => ({
    query: 'query($entityId: ID!) { bookkeepingTransactionsConnection(entityId: $entityId) { count } }',
    variables: { entityId },
  }),
  // Jobs: the entity guard answers before the job is looked up; the subscription's refusal
  // comes back as one answer, as a query's.
  'Query.entityJobs': (entityId) => ({
    query: 'query($entityId: ID!) { entityJobs(entityId: $entityId) { id status } }',
    variables: { entityId },
  }),
  'Mutation.cancelEntityJob': (entityId) => ({
    query:
      'mutation($entityId: ID!, $jobId: ID!) { cancelEntityJob(entityId: $entityId, jobId: $jobId) { id } }',
    variables: { entityId, jobId: '00000000-0000-4000-8000-000000000001' },
  }),
  'Subscription.entityJobWasUpdated': (entityId) => ({
    query: 'subscription($entityId: ID!) { entityJobWasUpdated(entityId: $entityId) { jobStatus { id } } }',
    variables: { entityId },
  }),
  'Subscription.entityWasUpdated': (entityId) => ({
    query: 'subscription($entityId: ID!) { entityWasUpdated(entityId: $entityId) { reason } }',
    variables: { entityId },
  }),
  // 'Ask Keel AI': the entity guard answers before any thread is looked up.
  'Query.chatThreads': (entityId) => ({
    query: 'query($entityId: ID!) { chatThreads(entityId: $entityId) { id } }',
    variables: { entityId },
  }),
  'Query.chatThread': (entityId) => ({
    query: 'query($entityId: ID!, $th: ID!) { chatThread(entityId: $entityId, threadId: $th) { id } }',
    variables: { entityId, th: '00000000-0000-4000-8000-000000000001' },
  }),
  'Mutation.createOpenaiMessage': (entityId) => ({
    query:
      'mutation($entityId: ID!) { createOpenaiMessage(entityId: $entityId, content: "What is our runway?") { errors } }',
    variables: { entityId },
  }),
  'Subscription.threadWasUpdated': (entityId) => ({
    query:
      'subscription($entityId: ID!, $th: ID!) { threadWasUpdated(entityId: $entityId, threadId: $th) { message { id } } }',
    variables: { entityId, th: '00000000-0000-4000-8000-000000000001' },
  }),
  // Bank links: the entity guard answers before any token is exchanged or link looked up.
  'Query.plaidItems': (entityId) => ({
    query: 'query($entityId: ID!) { plaidItems(entityId: $entityId) { itemId } }',
    variables: { entityId },
  }),
  'Query.moneykitLinks': (entityId) => ({
    query: 'query($entityId: ID!) { moneykitLinks(entityId: $entityId) { id } }',
    variables: { entityId },
  }),
  'Query.accountsOverview': (entityId) => ({
    query: 'query($entityId: ID!) { accountsOverview(entityId: $entityId) { asOf } }',
    variables: { entityId },
  }),
  'Mutation.createPlaidLinkToken': (entityId) => ({
    query: 'mutation($entityId: ID!) { createPlaidLinkToken(entityId: $entityId) { linkToken } }',
    variables: { entityId },
  }),
  'Mutation.createPlaidItem': (entityId) => ({
    query:
      'mutation($entityId: ID!) { createPlaidItem(entityId: $entityId, publicToken: "public-sandbox-x") { errors } }',
    variables: { entityId },
  }),
  'Mutation.createLinkSessionToken': (entityId) => ({
    query: 'mutation($entityId: ID!) { createLinkSessionToken(entityId: $entityId) { linkSessionToken } }',
    variables: { entityId },
  }),
  'Mutation.createMoneykitLink': (entityId) => ({
    query:
      'mutation($entityId: ID!) { createMoneykitLink(entityId: $entityId, exchangeableToken: "mk-exchange-sandbox-x") { errors } }',
    variables: { entityId },
  }),
  'Mutation.refreshMoneykitLink': (entityId) => ({
    query:
      'mutation($entityId: ID!, $id: ID!) { refreshMoneykitLink(entityId: $entityId, id: $id) { errors } }',
    variables: { entityId, id: '00000000-0000-4000-8000-000000000001' },
  }),
  // QuickBooks: the entity guard answers before the connection is looked up.
  'Query.quickbooksConnection': (entityId) => ({
    query: 'query($entityId: ID!) { quickbooksConnection(entityId: $entityId) { id } }',
    variables: { entityId },
  }),
  'Query.quickbooksAccounts': (entityId) => ({
    query: 'query($entityId: ID!) { quickbooksAccounts(entityId: $entityId) { id } }',
    variables: { entityId },
  }),
  'Mutation.createQuickbooksConnection': (entityId) => ({
    query: 'mutation($entityId: ID!) { createQuickbooksConnection(entityId: $entityId) { oauthUrl } }',
    variables: { entityId },
  }),
  'Mutation.syncQuickbooks': (entityId) => ({
    query: 'mutation($entityId: ID!) { syncQuickbooks(entityId: $entityId) { id } }',
    variables: { entityId },
  }),
  'Mutation.deleteQuickbooksConnection': (entityId) => ({
    query: 'mutation($entityId: ID!) { deleteQuickbooksConnection(entityId: $entityId) { entityId } }',
    variables: { entityId },
  }),
};

/** Root fields whose arguments name an entity: `entityId`, or `id` on `entity`. */
function entityScopedRootFields(): string[] {
  const names: string[] = [];
  for (const type of [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()]) {
    for (const field of Object.values(type?.getFields() ?? {})) {
      const argNames = field.args.map((arg) => arg.name);
      if (argNames.includes('entityId') || (field.name === 'entity' && argNames.includes('id'))) {
        names.push(`${type?.name}.${field.name}`);
      }
    }
  }
  return names.sort();
}

let t: TestApp;
let outsider: Awaited<ReturnType<typeof createSignedInUser>>;
let victimEntityId: string;

beforeAll(async () => {
  t = await createTestApp();
  const owner = await createSignedInUser(t, 'owner@victim.test');
  outsider = await createSignedInUser(t, 'outsider@elsewhere.test');
  victimEntityId = (await createEntity(t.db, t.clock, owner.user.id, 'Victim Inc')).id;
  await createEntity(t.db, t.clock, outsider.user.id, 'Elsewhere Ltd');
});
afterAll(async () => {
  await t.close();
});

describe('tenancy', () => {
  it('lists every entity-scoped operation of the schema in this suite', () => {
    expect(entityScopedRootFields()).toEqual(Object.keys(ENTITY_SCOPED_OPERATIONS).sort());
  });

  it.each(Object.entries(ENTITY_SCOPED_OPERATIONS))(
    '%s refuses a member of another company',
    async (_name, build) => {
      const { query, variables } = build(victimEntityId);
      const result = await t.graphql(query, variables as Record<string, unknown>, outsider.token);
      expect(result.errors?.[0]).toMatchObject({
        message: 'Entity not found',
        extensions: { code: 'NOT_FOUND' },
      });
      expect(JSON.stringify(result)).not.toContain('Victim Inc');
    },
  );

  it('never lists another company among the viewer’s entities, over GraphQL or REST', async () => {
    const graphql = await t.graphql<{ entities: { name: string }[] }>(
      '{ entities { name } }',
      {},
      outsider.token,
    );
    expect(graphql.data?.entities.map((e) => e.name)).toEqual(['Elsewhere Ltd']);
    const rest = await t.app.inject({
      method: 'GET',
      url: '/api/v1/entities',
      headers: { authorization: `Bearer ${outsider.token}` },
    });
    expect(rest.body).not.toContain('Victim Inc');
  });
});

/** The victim's virtual and physical cards and the account they are on. */
type CardIds = { cardId: string; physicalId: string; accountId: string };

/**
 * The card operations name a card or a deposit account, not an entity: to a member of another company
 * each answers as for a missing one ('Card not found', 'Account not found'; never FORBIDDEN, which
 * would confirm the card exists), over GraphQL and the REST reveal step, and nothing changes.
 */
const CARD_OPERATIONS_BY_ID: Record<
  string,
  (ids: CardIds) => { query: string; variables: object; message: string }
> = {
  'Mutation.createTprimeCard': ({ accountId }) => ({
    query: 'mutation($a: ID!) { createTprimeCard(accountId: $a, cardType: "physical") { id } }',
    variables: { a: accountId },
    message: 'Account not found',
  }),
  'Mutation.activateTprimePhysicalCard': ({ cardId }) => ({
    query: 'mutation($id: ID!) { activateTprimePhysicalCard(id: $id, pin: "1234") { id } }',
    variables: { id: cardId },
    message: 'Card not found',
  }),
  'Mutation.suspendTprimeCard': ({ cardId }) => ({
    query: 'mutation($id: ID!) { suspendTprimeCard(id: $id) { id } }',
    variables: { id: cardId },
    message: 'Card not found',
  }),
  'Mutation.activateTprimeCard': ({ cardId }) => ({
    query: 'mutation($id: ID!) { activateTprimeCard(id: $id) { id } }',
    variables: { id: cardId },
    message: 'Card not found',
  }),
  'Mutation.revealAccountNumber': ({ accountId }) => ({
    query:
      'mutation($a: ID!) { revealAccountNumber(accountId: $a, password: "any password") { accountNumber } }',
    variables: { a: accountId },
    message: 'Account not found',
  }),
  'Query.cardTransactions': ({ cardId }) => ({
    query: 'query($id: ID!) { cardTransactions(cardId: $id) { edges { node { id } } } }',
    variables: { id: cardId },
    message: 'Card not found',
  }),
  'Mutation.setCardLimits': ({ cardId }) => ({
    query: 'mutation($id: ID!) { setCardLimits(id: $id, dailyLimit: 100, monthlyLimit: 1000) { id } }',
    variables: { id: cardId },
    message: 'Card not found',
  }),
  'Mutation.createCardRevealToken': ({ cardId }) => ({
    query: REVEAL_TOKEN,
    variables: { id: cardId },
    message: 'Card not found',
  }),
};

describe('tenancy of the card operations named by id', () => {
  let victimCards: CardIds & { entityId: string; ownerToken: string };

  beforeAll(async () => {
    const victim = await createLedgerFixture(t, 'Card Victim');
    const account = await openDepositAccount(victim);
    const issue = (kind: 'physical' | 'virtual') =>
      issueTestCard(t, {
        entityId: victim.entityId,
        accountId: account.id,
        userId: victim.owner.user.id,
        kind,
      });
    victimCards = {
      entityId: victim.entityId,
      ownerToken: victim.owner.token,
      accountId: account.id,
      cardId: await issue('virtual'),
      physicalId: await issue('physical'),
    };
  });

  it('lists every card operation of the schema in this suite or the entity-scoped one', () => {
    const cardFields = entityScopedRootFields().concat(Object.keys(CARD_OPERATIONS_BY_ID));
    const named = [schema.getQueryType(), schema.getMutationType()].flatMap((type) =>
      Object.keys(type?.getFields() ?? {})
        .filter((name) => /card/i.test(name))
        .map((name) => `${type?.name}.${name}`),
    );
    expect(named.filter((name) => !cardFields.includes(name))).toEqual([]);
  });

  it.each(Object.entries(CARD_OPERATIONS_BY_ID))(
    '%s refuses a member of another company',
    async (_name, build) => {
      const before = await cardsSnapshot(t.db, victimCards.entityId);
      const { query, variables, message } = build(victimCards);
      const result = await t.graphql(query, variables as Record<string, unknown>, outsider.token);
      expect(result.errors?.[0]).toMatchObject({ message, extensions: { code: 'NOT_FOUND' } });
      expect(await cardsSnapshot(t.db, victimCards.entityId)).toEqual(before);
    },
  );

  it("answers the REST reveal step for another company's card 404, whatever token comes with it", async () => {
    const owners = await t.graphql<{ createCardRevealToken: { token: string } }>(
      REVEAL_TOKEN,
      { id: victimCards.cardId },
      victimCards.ownerToken,
    );
    const token = owners.data?.createCardRevealToken.token;
    for (const path of ['cards', 'tprime'] as const) {
      const reply = await revealByRest(t, victimCards.cardId, { bearer: outsider.token, token, path });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toMatchObject({ detail: 'Card not found' });
    }
    // The token was not spent: its owner still reveals with it.
    const own = await revealByRest(t, victimCards.cardId, { bearer: victimCards.ownerToken, token });
    expect(own.statusCode).toBe(200);
  });
});
