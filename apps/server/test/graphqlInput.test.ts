import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { createLedgerFixture, type LedgerFixture, ledgerSnapshot } from './ledgerTestKit';

/**
 * Inputs that hurt: every argument is bounded, every refusal is a coded error naming its
 * field, and a refused request writes nothing.
 */

type GraphqlError = { message: string; extensions?: { code?: string; field?: string } };

let t: TestApp;
let acme: LedgerFixture;
let ids: { rent: string; banks: string; entry: string; forecastEntry: string; budgetId: string };

const CREATE_TX = `mutation($entityId: ID!, $accountId: ID!, $date: Date!, $amount: Cents!, $name: String, $memo: String) {
  createUserTransaction(entityId: $entityId, accountId: $accountId, date: $date, amount: $amount, name: $name, memo: $memo) { id } }`;

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Bounds');
  const banks = await acme.account('Banks');
  const createdAccount = await acme.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Rent") { id } }',
    { e: acme.entityId, p: await acme.account('Expense') },
  );
  const rent = createdAccount.data?.createAccount.id ?? '';
  const created = await acme.gql<{ createUserTransaction: { id: string } }>(CREATE_TX, {
    entityId: acme.entityId,
    accountId: rent,
    date: '2026-10-05',
    amount: 12_345,
    name: 'October rent',
  });
  const forecast = await acme.gql<{ createForecast: { id: string } }>(
    `mutation($entityId: ID!, $accountId: ID!) {
      createForecast(entityId: $entityId, accountId: $accountId, date: "2027-01", amount: 10, recurring: none) { id } }`,
    { entityId: acme.entityId, accountId: rent },
  );
  const budgetId = forecast.data?.createForecast.id ?? '';
  const page = await acme.gql<{ reportEntries: { entries: { edges: { node: { id: string } }[] } } }>(
    `query($accountId: ID!) { reportEntries(accountId: $accountId, startDate: "2027-01-01", endDate: "2027-01-31", actualsEndDate: "2026-11-22") {
      entries { edges { node { id } } } } }`,
    { accountId: rent },
  );
  ids = {
    rent,
    banks,
    entry: created.data?.createUserTransaction.id ?? '',
    forecastEntry: page.data?.reportEntries.entries.edges[0]?.node.id ?? '',
    budgetId,
  };
  expect(ids.entry && ids.forecastEntry && ids.budgetId).toBeTruthy();
});

afterAll(() => t.close());

/**
 * Operations with a text argument, each with the variables that make it otherwise valid. `text` names
 * the argument the bad text goes into.
 */
function textOperations(): {
  name: string;
  text: string;
  query: string;
  variables: Record<string, unknown>;
}[] {
  const { entityId } = acme;
  return [
    {
      name: 'createUserTransaction',
      text: 'name',
      query: CREATE_TX,
      variables: { entityId, accountId: ids.rent, date: '2026-10-06', amount: 100 },
    },
    {
      name: 'createUserTransaction',
      text: 'memo',
      query: CREATE_TX,
      variables: { entityId, accountId: ids.rent, date: '2026-10-06', amount: 100 },
    },
    {
      name: 'updateUserTransaction',
      text: 'memo',
      query: 'mutation($id: ID!, $memo: String) { updateUserTransaction(id: $id, memo: $memo) { id } }',
      variables: { id: ids.entry },
    },
    {
      name: 'updateEntry',
      text: 'name',
      query: 'mutation($id: ID!, $name: String) { updateEntry(id: $id, name: $name) { errors } }',
      variables: { id: ids.entry },
    },
    {
      name: 'updateEntryAttributes',
      text: 'memo',
      query: 'mutation($id: ID!, $memo: String) { updateEntryAttributes(id: $id, memo: $memo) { id } }',
      variables: { id: ids.entry },
    },
    {
      name: 'createForecast',
      text: 'name',
      query: `mutation($entityId: ID!, $accountId: ID!, $name: String) {
        createForecast(entityId: $entityId, accountId: $accountId, date: "2027-03", amount: 5, name: $name) { id } }`,
      variables: { entityId, accountId: ids.rent },
    },
    {
      name: 'updateForecast',
      text: 'memo',
      query:
        'mutation($budgetId: ID!, $memo: String) { updateForecast(budgetId: $budgetId, memo: $memo) { id } }',
      variables: { budgetId: ids.budgetId },
    },
    {
      name: 'createAccount',
      text: 'name',
      query:
        'mutation($entityId: ID!, $parentId: ID!, $name: String!) { createAccount(entityId: $entityId, parentId: $parentId, name: $name) { id } }',
      variables: { entityId, parentId: ids.rent },
    },
    {
      name: 'updateAccount',
      text: 'name',
      query: 'mutation($id: ID!, $name: String!) { updateAccount(id: $id, name: $name) { id } }',
      variables: { id: ids.rent },
    },
    {
      name: 'createEntity',
      text: 'name',
      query: 'mutation($name: String!) { createEntity(name: $name) { id } }',
      variables: {},
    },
    {
      name: 'createRule',
      text: 'searchFilter',
      query: `mutation($from: ID!, $to: ID!, $searchFilter: String!) {
        createRule(fromAccountId: $from, toAccountId: $to, searchFilter: $searchFilter) { rule { id } } }`,
      variables: { from: ids.rent, to: ids.banks },
    },
    {
      name: 'updateEntries',
      text: 'searchFilter',
      query: `mutation($from: ID!, $to: ID!, $searchFilter: String) {
        updateEntries(fromAccountId: $from, toAccountId: $to, searchFilter: $searchFilter) { fromAccount { id } } }`,
      variables: { from: ids.rent, to: ids.banks },
    },
    {
      name: 'bookkeepingTransactionsConnection',
      text: 'nameFilter',
      query:
        'query($entityId: ID!, $nameFilter: String) { bookkeepingTransactionsConnection(entityId: $entityId, nameFilter: $nameFilter) { count } }',
      variables: { entityId },
    },
    {
      name: 'bookkeepingTransactionsConnection',
      text: 'accountTypeFilter',
      query:
        'query($entityId: ID!, $accountTypeFilter: String) { bookkeepingTransactionsConnection(entityId: $entityId, accountTypeFilter: $accountTypeFilter) { count } }',
      variables: { entityId },
    },
    {
      name: 'reportEntries.entries',
      text: 'search',
      query:
        'query($accountId: ID!, $search: String) { reportEntries(accountId: $accountId) { entries(search: $search) { totalCount } } }',
      variables: { accountId: ids.rent },
    },
    {
      name: 'createOpenaiMessage',
      text: 'content',
      query:
        'mutation($entityId: ID!, $content: String!) { createOpenaiMessage(entityId: $entityId, content: $content) { errors } }',
      variables: { entityId },
    },
    {
      name: 'reportEntries',
      text: 'timeZone',
      query:
        'query($accountId: ID!, $timeZone: String) { reportEntries(accountId: $accountId, timeZone: $timeZone) { reportItem { name } } }',
      variables: { accountId: ids.rent },
    },
  ];
}

async function expectRefusedWithoutWrites(
  operation: { name: string; query: string; variables: Record<string, unknown> },
  field: string,
  message: RegExp,
) {
  const before = await ledgerSnapshot(t.db, acme.entityId);
  const result = await acme.gql(operation.query, operation.variables);
  const error = result.errors?.[0] as GraphqlError | undefined;
  expect(error, `${operation.name}(${field})`).toMatchObject({
    message: expect.stringMatching(message),
    extensions: { code: 'BAD_USER_INPUT', field },
  });
  expect(result.data ?? null, operation.name).toBeNull();
  expect(await ledgerSnapshot(t.db, acme.entityId), operation.name).toEqual(before);
}

describe('text arguments', () => {
  it('refuses a NUL character in every text argument, naming the field, and writes nothing', async () => {
    for (const operation of textOperations()) {
      await expectRefusedWithoutWrites(
        { ...operation, variables: { ...operation.variables, [operation.text]: 'Rent\u0000 due' } },
        operation.text,
        /must not contain NUL characters$/,
      );
    }
  });

  it('refuses a lone surrogate instead of storing U+FFFD', async () => {
    for (const operation of textOperations()) {
      for (const lone of ['a\uD800b', 'a\uDC00', '\uDBFF']) {
        await expectRefusedWithoutWrites(
          { ...operation, variables: { ...operation.variables, [operation.text]: lone } },
          operation.text,
          /lone surrogate/,
        );
      }
    }
    // A well-formed pair (an emoji) is text like any other.
    const emoji = await acme.gql(CREATE_TX, {
      entityId: acme.entityId,
      accountId: ids.rent,
      date: '2026-10-07',
      amount: 1,
      name: 'Team lunch \u{1F355}',
    });
    expect(emoji.errors).toBeUndefined();
  });

  it('refuses a NUL inside a literal of the document too', async () => {
    const result = await acme.gql(
      `mutation($entityId: ID!, $accountId: ID!) {
        createUserTransaction(entityId: $entityId, accountId: $accountId, date: "2026-10-08", amount: 1, name: "a\\u0000b") { id } }`,
      { entityId: acme.entityId, accountId: ids.rent },
    );
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'name' } });
  });

  it('refuses text past its documented length before any database work', async () => {
    const huge = 'x'.repeat(300_000);
    for (const operation of textOperations()) {
      await expectRefusedWithoutWrites(
        { ...operation, variables: { ...operation.variables, [operation.text]: huge } },
        operation.text,
        /must be at most \d+ characters$/,
      );
    }
    // At the limit a search is an ordinary search.
    const atLimit = await acme.gql<{ bookkeepingTransactionsConnection: { count: number } }>(
      'query($entityId: ID!, $nameFilter: String) { bookkeepingTransactionsConnection(entityId: $entityId, nameFilter: $nameFilter) { count } }',
      { entityId: acme.entityId, nameFilter: 'r'.repeat(255) },
    );
    expect(atLimit.data?.bookkeepingTransactionsConnection.count).toBe(0);
    const past = await acme.gql(
      'query($entityId: ID!, $nameFilter: String) { bookkeepingTransactionsConnection(entityId: $entityId, nameFilter: $nameFilter) { count } }',
      { entityId: acme.entityId, nameFilter: 'r'.repeat(256) },
    );
    expect(past.errors?.[0]).toMatchObject({
      message: 'Name filter must be at most 255 characters',
      extensions: { code: 'BAD_USER_INPUT', field: 'nameFilter' },
    });
  });

  it('answers ten aliased 300 KB searches at once with one refusal, at once', async () => {
    const filter = 'q'.repeat(300_000);
    const aliases = Array.from(
      { length: 10 },
      (_, i) => `s${i}: bookkeepingTransactionsConnection(entityId: $entityId, nameFilter: $f) { count }`,
    ).join(' ');
    const result = await acme.gql(`query($entityId: ID!, $f: String) { ${aliases} }`, {
      entityId: acme.entityId,
      f: filter,
    });
    expect(result.errors).toHaveLength(1);
    expect(result.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('caps how many ids a list argument may hold', async () => {
    const result = await acme.gql(
      'query($accountId: ID!, $accountIds: [ID!]) { reportEntries(accountId: $accountId, accountIds: $accountIds) { reportItem { name } } }',
      { accountId: ids.rent, accountIds: Array.from({ length: 1_001 }, () => ids.rent) },
    );
    expect(result.errors?.[0]).toMatchObject({
      message: 'Account ids must have at most 1000 items',
      extensions: { code: 'BAD_USER_INPUT', field: 'accountIds' },
    });
  });
});

describe('dates and months', () => {
  it('refuses year 0000 wherever a date or month is taken, naming the field and writing nothing', async () => {
    const cases = [
      {
        name: 'createUserTransaction',
        field: 'date',
        query: CREATE_TX,
        variables: { entityId: acme.entityId, accountId: ids.rent, date: '0000-01-01', amount: 100 },
      },
      {
        name: 'updateEntries',
        field: 'startDate',
        query: `mutation($from: ID!, $to: ID!, $startDate: Date) {
          updateEntries(fromAccountId: $from, toAccountId: $to, startDate: $startDate) { fromAccount { id } } }`,
        variables: { from: ids.rent, to: ids.banks, startDate: '0000-01-01' },
      },
      {
        name: 'reportEntries',
        field: 'startDate',
        query:
          'query($accountId: ID!, $startDate: Date) { reportEntries(accountId: $accountId, startDate: $startDate) { entries { totalCount } } }',
        variables: { accountId: ids.rent, startDate: '0000-01-01' },
      },
      {
        name: 'createForecast',
        field: 'date',
        query: `mutation($entityId: ID!, $accountId: ID!, $date: MonthKey!) {
          createForecast(entityId: $entityId, accountId: $accountId, date: $date, amount: 5) { id } }`,
        variables: { entityId: acme.entityId, accountId: ids.rent, date: '0000-01' },
      },
      {
        name: 'createForecast past year 9999',
        field: 'date',
        query: `mutation($entityId: ID!, $accountId: ID!, $date: MonthKey!) {
          createForecast(entityId: $entityId, accountId: $accountId, date: $date, amount: 5) { id } }`,
        variables: { entityId: acme.entityId, accountId: ids.rent, date: '9999-12' },
      },
      {
        name: 'report',
        field: 'startMonth',
        query:
          'query($entityId: ID!, $startMonth: MonthKey) { report(entityId: $entityId, startMonth: $startMonth) { id } }',
        variables: { entityId: acme.entityId, startMonth: '0000-01' },
      },
    ];
    for (const { field, ...operation } of cases) {
      await expectRefusedWithoutWrites(operation, field, /between 1900-01(-01)? and 2199-12(-31)?$/);
    }
  });

  it('names the field of a literal date that is not a real day', async () => {
    const result = await acme.gql(
      `mutation($entityId: ID!, $accountId: ID!) {
        createUserTransaction(entityId: $entityId, accountId: $accountId, date: "2026-02-30", amount: 1) { id } }`,
      { entityId: acme.entityId, accountId: ids.rent },
    );
    expect(result.errors?.[0]).toMatchObject({
      message: 'Date must be a real day between 1900-01-01 and 2199-12-31',
      extensions: { code: 'BAD_USER_INPUT', field: 'date' },
    });
  });

  it('refuses cursors whose date is not a real day', async () => {
    const badCursors = ['2026-02-30', '0000-01-01', '2026-13-01'].map((date) =>
      Buffer.from(`${date}|00000000-0000-4000-8000-000000000001`).toString('base64url'),
    );
    for (const cursor of badCursors) {
      const transactionsPage = await acme.gql(
        'query($entityId: ID!, $cursor: String) { bookkeepingTransactionsConnection(entityId: $entityId, cursor: $cursor) { count } }',
        { entityId: acme.entityId, cursor },
      );
      expect(transactionsPage.errors?.[0]).toMatchObject({
        message: 'Invalid cursor',
        extensions: { code: 'BAD_USER_INPUT' },
      });
      const entriesPage = await acme.gql(
        'query($accountId: ID!, $after: String) { reportEntries(accountId: $accountId) { entries(after: $after) { totalCount } } }',
        { accountId: ids.rent, after: cursor },
      );
      expect(entriesPage.errors?.[0]).toMatchObject({
        message: 'Invalid cursor',
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
  });
});

describe('every refusal carries a code', () => {
  it('codes the limits on depth, aliases, directives, tokens and cost', async () => {
    const refusals = {
      depth: `query($a: ID!) { reportEntries(accountId: $a) { entries { edges { node {
        transaction { entries { transaction { entries { transaction { entries { id } } } } } } } } } } }`,
      aliases: `{ ${Array.from({ length: 31 }, (_, i) => `a${i}: today`).join(' ')} }`,
      directives: `{ today ${'@skip(if: false) '.repeat(51)} }`,
      tokens: `{ ${'today '.repeat(1_001)} }`,
      // Eight aliased 500-entry pages: about 36,000 against a limit of 25,000.
      cost: `query($a: ID!) { ${Array.from(
        { length: 8 },
        (_, i) =>
          `r${i}: reportEntries(accountId: $a) { entries(first: 500) { edges { cursor node { id name memo amount date } } } }`,
      ).join(' ')} }`,
    };
    for (const [limit, query] of Object.entries(refusals)) {
      const result = await acme.gql(query, query.includes('$a') ? { a: ids.rent } : {});
      expect(result.errors?.length ?? 0, limit).toBeGreaterThan(0);
      for (const error of result.errors ?? []) {
        expect(error.extensions?.code, `${limit}: ${error.message}`).toBe('GRAPHQL_VALIDATION_FAILED');
      }
    }
  });

  it('codes variables that do not fit their type as BAD_USER_INPUT, naming the field', async () => {
    const cases: [string, string, Record<string, unknown>, string][] = [
      [
        'amount: null',
        CREATE_TX,
        { entityId: acme.entityId, accountId: ids.rent, date: '2026-10-01', amount: null },
        'amount',
      ],
      [
        'Int of 2^31',
        'query($entityId: ID!, $first: Int) { bookkeepingTransactionsConnection(entityId: $entityId, first: $first) { count } }',
        { entityId: acme.entityId, first: 2 ** 31 },
        'first',
      ],
      [
        'unknown enum value',
        `mutation($entityId: ID!, $accountId: ID!, $recurring: ForecastRecurrence) {
          createForecast(entityId: $entityId, accountId: $accountId, date: "2027-01", amount: 1, recurring: $recurring) { id } }`,
        { entityId: acme.entityId, accountId: ids.rent, recurring: 'weekly' },
        'recurring',
      ],
      [
        'a string for an amount',
        CREATE_TX,
        { entityId: acme.entityId, accountId: ids.rent, date: '2026-10-01', amount: '12' },
        'amount',
      ],
      [
        '2^63 cents',
        CREATE_TX,
        { entityId: acme.entityId, accountId: ids.rent, date: '2026-10-01', amount: 2 ** 63 },
        'amount',
      ],
    ];
    for (const [label, query, variables, field] of cases) {
      const before = await ledgerSnapshot(t.db, acme.entityId);
      const result = await acme.gql(query, variables);
      expect(result.errors?.[0], label).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field } });
      expect(await ledgerSnapshot(t.db, acme.entityId), label).toEqual(before);
    }
  });

  it('codes literal values that do not fit their type, and parse errors', async () => {
    const literal = await acme.gql(
      `mutation($entityId: ID!, $accountId: ID!) {
        createUserTransaction(entityId: $entityId, accountId: $accountId, date: "2026-10-01", amount: null) { id } }`,
      { entityId: acme.entityId, accountId: ids.rent },
    );
    expect(literal.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    const parse = await acme.gql('{ today ', {});
    expect(parse.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
  });
});

describe('page sizes', () => {
  it('answers entries(first: 500), the documented maximum, with every field of an entry', async () => {
    const result = await acme.gql(
      `query($accountId: ID!) { reportEntries(accountId: $accountId, startDate: "2020-01-01", endDate: "2030-12-31") {
        entries(first: 500) { totalCount totalAmount pageInfo { hasNextPage endCursor }
          edges { cursor node { id accountId accountType amount date entityId name memo scenario transactionId
            transactionType isEditable createdAt updatedAt account { id name } refTransaction { id name amount } } } } } }`,
      { accountId: ids.rent },
    );
    expect(result.errors).toBeUndefined();
  });

  it('answers a 500-row transactions page', async () => {
    const result = await acme.gql(
      `query($entityId: ID!) { bookkeepingTransactionsConnection(entityId: $entityId, first: 500) {
        count pageInfo { hasNextPage endCursor } edges { cursor node { id name amount date categoryName accountName } } } }`,
      { entityId: acme.entityId },
    );
    expect(result.errors).toBeUndefined();
  });
});
