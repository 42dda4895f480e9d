import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import {
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  getNamedType,
  getNullableType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/queryRows';
import { schema } from '../src/graphql/schema';
import { deposit, openDepositAccount } from './bankingTestKit';
import { createTestApp, type TestApp } from './harness';
import { hiringClient, idOf } from './hiringTestKit';
import {
  createLedgerFixture,
  type LedgerFixture,
  rollupMismatches,
  unbalancedTransactions,
} from './ledgerTestKit';
import { invite } from './teamTestKit';
import { startWriteLog, stopWriteLog, writeMark, writesSince } from './writeLog';

/**
 * The input fuzz property: random strings (NUL, lone surrogates, 100 KB, dates, ids), random numbers (NaN,
 * infinities, +-2^63, fractions) and random dates sent to every argument of every root query and
 * mutation, and to the arguments of the fields right under them, never make an internal error or an
 * error without a code, and a refused mutation writes nothing. After each call the books still
 * balance and every rollup and volume equals a recount. FUZZ_RUNS sets the runs per operation.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? (process.env.CI ? 12 : 20));

let t: TestApp;
let acme: LedgerFixture;
/** The company's ids by kind, so an argument can get an id of the kind it names. */
let knownIds: Record<
  | 'entity'
  | 'report'
  | 'account'
  | 'entry'
  | 'forecast'
  | 'department'
  | 'jobTitle'
  | 'employee'
  | 'jobPosition'
  | 'dashboard'
  | 'chart'
  | 'member'
  | 'invite'
  | 'subscription'
  | 'depositAccount'
  | 'vendor',
  string[]
>;

function allIds(): string[] {
  return Object.values(knownIds).flat();
}

/** Ids of the kind an argument's name asks for: entityId an entity's, accountIds accounts', id an entry's... */
function idsNamed(argName: string): string[] {
  if (/^entityId$/.test(argName)) return knownIds.entity;
  if (/^reportId$/.test(argName)) return knownIds.report;
  if (/^parentId$/.test(argName)) return [...knownIds.account, ...knownIds.department];
  if (/account|against/i.test(argName)) return [...knownIds.account, ...knownIds.depositAccount];
  if (/^vendorId$/.test(argName)) return knownIds.vendor;
  if (/^budgetId$/.test(argName)) return knownIds.forecast;
  if (/^dashboardId$/.test(argName)) return knownIds.dashboard;
  if (/^departmentId$/.test(argName)) return knownIds.department;
  if (/^jobTitleId$/.test(argName)) return knownIds.jobTitle;
  if (/^employeeId$/.test(argName)) return knownIds.employee;
  if (argName === 'id') {
    return [
      ...knownIds.entry,
      ...knownIds.account,
      ...knownIds.entity,
      ...knownIds.department,
      ...knownIds.jobTitle,
      ...knownIds.employee,
      ...knownIds.jobPosition,
      ...knownIds.dashboard,
      ...knownIds.chart,
      ...knownIds.member,
      ...knownIds.invite,
      ...knownIds.subscription,
      ...knownIds.depositAccount,
      ...knownIds.vendor,
    ];
  }
  return allIds();
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Fuzz');
  const expense = await acme.account('Expense');
  const banks = await acme.account('Banks');
  const account = await acme.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Fuzz target") { id } }',
    { e: acme.entityId, p: expense },
  );
  const entry = await acme.gql<{ createUserTransaction: { id: string } }>(
    `mutation($e: ID!, $a: ID!) {
      createUserTransaction(entityId: $e, accountId: $a, date: "2026-10-01", amount: 5000, name: "Fuzz rent") { id } }`,
    { e: acme.entityId, a: account.data?.createAccount.id },
  );
  const forecast = await acme.gql<{ createForecast: { id: string } }>(
    'mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2027-01", amount: 25) { id } }',
    { e: acme.entityId, a: expense },
  );
  const hiring = hiringClient(acme);
  const department = idOf(await hiring.createDepartment('Fuzz department'));
  const jobTitle = idOf(await hiring.createJobTitle('Fuzz role', { s: 80000 }));
  const employee = idOf(await hiring.createEmployee('Fuzz person'));
  const jobPosition = idOf(await hiring.createJobPosition({ d: department, j: jobTitle, emp: employee }));
  const dashboards = await acme.gql<{ dashboards: { id: string }[] }>(
    'query($e: ID!) { dashboards(entityId: $e) { id } }',
    { e: acme.entityId },
  );
  const dashboard = dashboards.data?.dashboards[0]?.id ?? '';
  const chart = await acme.gql<{ createChart: { id: string | null } }>(
    `mutation($d: ID!, $a: ID!) {
      createChart(dashboardId: $d, name: "Fuzz chart", dataGroups: [{ type: Line, data: [{ accountId: $a }] }]) { id } }`,
    { d: dashboard, a: expense },
  );
  const adminToken = await acme.member('admin');
  const members = await acme.gql<{ members: { id: string; role: string }[] }>(
    'query($e: ID!) { members(entityId: $e) { id role } }',
    { e: acme.entityId },
  );
  const subscription = await acme.gql<{ startSubscription: { id: string } }>(
    'mutation($e: ID!) { startSubscription(entityId: $e) { id } }',
    { e: acme.entityId },
  );
  const ownerInvite = await invite(acme, 'fuzz-invitee@example.com', 'bookkeeper');
  const adminInvite = await invite(acme, 'fuzz-approval@example.com', 'admin', adminToken);
  const depositAccount = await openDepositAccount(acme);
  await deposit(t, depositAccount.id, 1_000_000, '2026-11-02');
  const vendor = await acme.gql<{ createVendor: { id: string } }>(
    'mutation($e: ID!) { createVendor(entityId: $e, name: "Fuzz vendor") { id } }',
    { e: acme.entityId },
  );
  knownIds = {
    depositAccount: [depositAccount.id],
    vendor: [vendor.data?.createVendor.id ?? ''],
    member: (members.data?.members ?? []).map((member) => member.id),
    invite: [ownerInvite.id, adminInvite.id],
    subscription: [subscription.data?.startSubscription.id ?? ''],
    dashboard: [dashboard],
    chart: [chart.data?.createChart.id ?? ''],
    department: [department, (await hiring.topLevel()).id],
    jobTitle: [jobTitle],
    employee: [employee],
    jobPosition: [jobPosition],
    entity: [acme.entityId],
    report: [acme.reportId],
    account: [expense, banks, account.data?.createAccount.id ?? ''],
    entry: [entry.data?.createUserTransaction.id ?? ''],
    forecast: [forecast.data?.createForecast.id ?? ''],
  };
  await startWriteLog(t.db);
});
afterAll(async () => {
  await stopWriteLog(t.db);
  await t.close();
});

const nastyText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDC00y',
    '\uDBFF\uDFFF',
    '%',
    '_',
    '\\',
    "'; DROP TABLE entries; --",
  ),
  fc.constantFrom('2026-02-30', '0000-01-01', '9999-12-31', '2026-13', '1899-12-31', '2026-11-22T00:00:00Z'),
  fc.integer({ min: 1, max: 100_000 }).map((n) => 'x'.repeat(n)),
  fc.constant('y'.repeat(100_000)),
);

const nastyNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    -(2 ** 63),
    0.001,
    -0.5,
    1e-7,
    10 ** 13,
    10 ** 13 + 1,
  ),
  fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
);

const calendarDate = fc
  .date({ min: new Date('1850-01-01T00:00:00Z'), max: new Date('2250-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

/**
 * A value for an argument: mostly plausible (one of the company's ids, a short name, a small amount, a
 * date of these years, a valid enum value), so that many calls get past validation and write, with a
 * nasty one (above) often enough to probe every refusal.
 */
function valueFor(type: GraphQLInputType, argName: string): fc.Arbitrary<unknown> {
  const nullable = getNullableType(type);
  const inner: fc.Arbitrary<unknown> = isListType(nullable)
    ? fc.oneof(
        fc.array(valueFor(nullable.ofType, argName), { maxLength: 5 }),
        fc.constant(Array.from({ length: 1_200 }, () => knownIds.account[0])),
        valueFor(nullable.ofType, argName),
      )
    : isEnumType(nullable)
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...nullable.getValues().map((value) => value.name)) },
          { weight: 1, arbitrary: nastyText },
        )
      : isScalarType(nullable)
        ? fc.oneof(
            { weight: 4, arbitrary: plausibleScalar(nullable.name, argName) },
            { weight: 1, arbitrary: nastyScalar(nullable.name) },
          )
        : fc.constant(null);
  return isNonNullType(type)
    ? fc.oneof({ weight: 19, arbitrary: inner }, { weight: 1, arbitrary: fc.constant(null) })
    : fc.option(inner, { freq: 4 });
}

function plausibleScalar(name: string, argName: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'ID':
      return fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...idsNamed(argName)) },
        fc.constantFrom(...allIds()),
      );
    case 'Int':
      return fc.integer({ min: 0, max: 60 });
    case 'Float':
      return fc.oneof(fc.integer({ min: 0, max: 200 }), fc.double({ min: 0, max: 200, noNaN: true }));
    case 'Cents':
      return fc.integer({ min: -5_000_000, max: 5_000_000 });
    case 'Units':
      return fc.integer({ min: -50_000_00, max: 50_000_00 }).map((cents) => cents / 100);
    case 'Date':
      return fc
        .date({
          min: new Date('2024-01-01T00:00:00Z'),
          max: new Date('2028-12-31T00:00:00Z'),
          noInvalidDate: true,
        })
        .map((date) => date.toISOString().slice(0, 10));
    case 'MonthKey':
      return fc
        .record({ year: fc.integer({ min: 2024, max: 2028 }), month: fc.integer({ min: 1, max: 12 }) })
        .map(({ year, month }) => `${year}-${String(month).padStart(2, '0')}`);
    case 'Boolean':
      return fc.boolean();
    default:
      return fc.constantFrom('Rent', 'fuzz', 'AWS', '', 'Payroll run', 'a');
  }
}

function nastyScalar(name: string): fc.Arbitrary<unknown> {
  switch (name) {
    case 'ID':
      return fc.oneof(fc.uuid(), nastyText);
    case 'Int':
    case 'Cents':
    case 'Units':
    case 'Float':
      return fc.oneof({ weight: 4, arbitrary: nastyNumber }, { weight: 1, arbitrary: nastyText });
    case 'Date':
    case 'MonthKey':
      return fc.oneof(
        calendarDate,
        calendarDate.map((date) => date.slice(0, 7)),
        nastyText,
      );
    case 'Boolean':
      return nastyText;
    default:
      return fc.oneof(nastyText, calendarDate);
  }
}

/** A selection of the field's result: __typename, and the fields right under it that take arguments. */
function selection(
  type: GraphQLOutputType,
  prefix: string,
  args: GraphQLArgument[][],
  depth: number,
): string {
  const named = getNamedType(type);
  if (!isObjectType(named)) return '';
  const parts = ['__typename'];
  if (depth < 2) {
    for (const field of Object.values(named.getFields())) {
      if (field.args.length === 0) continue;
      const name = `${prefix}_${field.name}`;
      args.push(field.args.map((arg) => ({ ...arg, name: `${name}__${arg.name}` }) as GraphQLArgument));
      const call = field.args.map((arg) => `${arg.name}: $${name}__${arg.name}`).join(', ');
      parts.push(`${field.name}(${call}) ${selection(field.type, name, args, depth + 1)}`);
    }
  }
  return `{ ${parts.join(' ')} }`;
}

/** The operation that calls the root field with every argument (and nested argument) as a variable. */
function operationFor(kind: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const nested: GraphQLArgument[][] = [];
  const call = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  const body = selection(field.type, 'n', nested, 0);
  const all = [...field.args, ...nested.flat()];
  const declarations = all.map((arg) => `$${arg.name}: ${String(arg.type)}`).join(', ');
  return {
    query: `${kind}${declarations ? `(${declarations})` : ''} { ${field.name}${call ? `(${call})` : ''} ${body} }`,
    args: all,
  };
}

/** The books balance, and every rollup and the gross volume equal a recount of the entries. */
async function ledgerIsConsistent() {
  expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
  expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
  const [volume] = await queryRows<{ tracked: string | null; counted: string }>(
    t.db,
    sql`SELECT (SELECT gross_cents FROM entity_ledger_volumes WHERE entity_id = ${acme.entityId}::uuid)::text AS tracked,
               (SELECT coalesce(sum(abs(amount)), 0) FROM entries WHERE entity_id = ${acme.entityId}::uuid)::text AS counted`,
  );
  expect(volume?.tracked ?? '0').toBe(volume?.counted);
}

/**
 * What a refused mutation may write: the record of the attempt (the security log, and the throttle
 * that counts wrong passwords), not a change to anything the company has.
 */
const RECORDS_OF_ATTEMPTS = ['audit_events', 'auth_throttles'];

/** Whether the answer refused the mutation: top-level errors, or a payload's own `errors` (UpdateEntry). */
function refused(result: { data?: Record<string, unknown>; errors?: unknown[] }, field: string): boolean {
  if (result.errors?.length) return true;
  const payload = result.data?.[field] as { errors?: unknown } | null | undefined;
  return Array.isArray(payload?.errors) && payload.errors.length > 0;
}

describe('random input to every argument', () => {
  const operations = [
    ...Object.values(schema.getQueryType()?.getFields() ?? {}).map((field) => ({
      kind: 'query' as const,
      field,
    })),
    ...Object.values(schema.getMutationType()?.getFields() ?? {}).map((field) => ({
      kind: 'mutation' as const,
      field,
    })),
  ];

  for (const { kind, field } of operations) {
    it(`${kind} ${field.name}: never an internal error, never a partial write`, {
      timeout: 120_000,
    }, async () => {
      const { query, args } = operationFor(kind, field);
      const variables = fc.record(
        Object.fromEntries(
          args.map((arg) => [arg.name, valueFor(arg.type, arg.name.split('__').pop() ?? '')]),
        ),
        { requiredKeys: [] },
      );
      await fc.assert(
        fc.asyncProperty(variables, async (values) => {
          const mark = kind === 'mutation' ? await writeMark(t.db) : undefined;
          const result = await t.graphql(query, values as Record<string, unknown>, acme.owner.token);
          for (const error of result.errors ?? []) {
            expect(error.extensions?.code, error.message).toBeTruthy();
            expect(error.extensions?.code, error.message).not.toBe('INTERNAL_SERVER_ERROR');
          }
          if (mark !== undefined && refused(result, field.name)) {
            expect(
              await writesSince(t.db, mark, RECORDS_OF_ATTEMPTS),
              'a refused mutation wrote nothing',
            ).toEqual([]);
          }
          if (kind === 'mutation') await ledgerIsConsistent();
        }),
        { numRuns: RUNS },
      );
    });
  }
});
