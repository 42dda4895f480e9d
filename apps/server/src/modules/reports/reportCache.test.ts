import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { createSignedInUser } from '../../../test/users';
import { queryRows } from '../../db/queryRows';
import { memberships } from '../../db/schema';
import { loadReport } from './loadReport';
import { readLedgerVersion } from './reportCache';

/**
 * The report cache: answers are kept per entity while its ledger version stands, and
 * every write that changes what a report reads raises the version in its own transaction, so a report
 * asked for after a write has committed always shows it, even while other requests read at the same time.
 */
let t: TestApp;
let acme: LedgerFixture;
let rent: string;
let banks: string;

const MONTH = '2026-11';
const RANGE = { startMonth: '2026-01', endMonth: '2027-06', actualsEndMonth: MONTH, currentMonth: MONTH };

const REPORT = `query($entityId: ID!) {
  report(entityId: $entityId) { columns { key } lineItems { accountId isLeaf name columnValues } }
}`;
const CREATE_TRANSACTION = `mutation($entityId: ID!, $accountId: ID!, $againstId: ID, $date: Date!, $amount: Cents!) {
  createUserTransaction(entityId: $entityId, accountId: $accountId, againstId: $againstId, date: $date, amount: $amount) { id }
}`;
const RENAME_ACCOUNT = `mutation($id: ID!, $name: String!) { updateAccount(id: $id, name: $name) { id } }`;

type ReportAnswer = {
  report: {
    columns: { key: string }[];
    lineItems: { accountId: string | null; isLeaf: boolean; name: string; columnValues: number[] }[];
  };
};

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Cache Co');
  banks = await acme.account('Banks');
  const created = await acme.gql<{ createAccount: { id: string } }>(
    `mutation($entityId: ID!, $parentId: ID!) { createAccount(entityId: $entityId, parentId: $parentId, name: "Rent") { id } }`,
    { entityId: acme.entityId, parentId: await acme.account('Expense') },
  );
  rent = created.data?.createAccount.id ?? '';
});

afterAll(async () => {
  await t.close();
});

async function reportAnswer(): Promise<ReportAnswer['report']> {
  const answer = await acme.gql<ReportAnswer>(REPORT, { entityId: acme.entityId });
  if (!answer.data) throw new Error(JSON.stringify(answer.errors));
  return answer.data.report;
}

/** Rent's November figure as the report shows it. */
async function rentShown(): Promise<number> {
  const report = await reportAnswer();
  const column = report.columns.findIndex((c) => c.key === MONTH);
  const row = report.lineItems.find((item) => item.accountId === rent && !item.isLeaf);
  return row?.columnValues[column] ?? Number.NaN;
}

/** Rent's November figure recounted from its entries (Rent's sign is +1: expenses are debits). */
async function rentRecounted(): Promise<number> {
  const [row] = await queryRows<{ total: string | null }>(
    t.db,
    sql`SELECT sum(amount)::text AS total FROM entries
        WHERE account_id = ${rent}::uuid AND scenario = 'actual' AND to_char(date, 'YYYY-MM') = ${MONTH}`,
  );
  return Number(row?.total ?? 0);
}

async function book(amount: number): Promise<void> {
  const answer = await acme.gql(CREATE_TRANSACTION, {
    entityId: acme.entityId,
    accountId: rent,
    againstId: banks,
    date: `${MONTH}-10`,
    amount,
  });
  expect(answer.errors).toBeUndefined();
}

describe('report cache', () => {
  it('answers an unchanged ledger from memory and a changed one afresh', async () => {
    const first = await loadReport(t.db, acme.entityId, null, RANGE);
    expect(await loadReport(t.db, acme.entityId, null, RANGE)).toBe(first);
    await book(1_234);
    const after = await loadReport(t.db, acme.entityId, null, RANGE);
    expect(after).not.toBe(first);
    expect(await loadReport(t.db, acme.entityId, null, { ...RANGE, endMonth: '2027-07' })).not.toBe(after);
  });

  it('raises the ledger version in the transaction of every change a report reads', async () => {
    const versions = [await readLedgerVersion(t.db, acme.entityId)];
    const raised = async () => {
      versions.push(await readLedgerVersion(t.db, acme.entityId));
      return (versions.at(-1) ?? 0) > (versions.at(-2) ?? 0);
    };
    await book(500);
    expect(await raised()).toBe(true);
    const renamed = await acme.gql(RENAME_ACCOUNT, { id: rent, name: 'Office rent' });
    expect(renamed.errors).toBeUndefined();
    expect(await raised()).toBe(true);
    expect((await reportAnswer()).lineItems.some((item) => item.name === 'Office rent')).toBe(true);
    // A write that fails changes nothing, the version included.
    const refused = await acme.gql(CREATE_TRANSACTION, {
      entityId: acme.entityId,
      accountId: rent,
      againstId: rent,
      date: `${MONTH}-10`,
      amount: 100,
    });
    expect(refused.errors?.length).toBeGreaterThan(0);
    expect(await raised()).toBe(false);
    // Reads never raise it.
    await reportAnswer();
    expect(await raised()).toBe(false);
  });

  it('never answers a report asked for after a write with figures from before it', async () => {
    await rentShown();
    for (let round = 0; round < 30; round++) {
      await book(100 + round);
      expect(await rentShown()).toBe(await rentRecounted());
    }
  });

  it('checks every viewer before replaying a kept answer', async () => {
    const shown = await acme.gql<ReportAnswer>(REPORT, { entityId: acme.entityId });
    expect(shown.errors).toBeUndefined();
    const stranger = await createSignedInUser(t, 'stranger@cache.test');
    const foreign = await acme.gql<ReportAnswer>(REPORT, { entityId: acme.entityId }, stranger.token);
    expect(foreign.data?.report ?? null).toBeNull();
    expect(foreign.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');

    // A member whose role may not read the books is refused, not served the kept answer.
    const cardOnly = await acme.member('card_only');
    const refused = await acme.gql<ReportAnswer>(REPORT, { entityId: acme.entityId }, cardOnly);
    expect(refused.data?.report ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    const bookkeeper = await acme.member('bookkeeper');
    expect((await acme.gql(REPORT, { entityId: acme.entityId }, bookkeeper)).errors).toBeUndefined();
    const [member] = await t.db
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.entityId, acme.entityId), eq(memberships.role, 'bookkeeper')));
    await t.db.delete(memberships).where(eq(memberships.userId, member?.userId ?? ''));
    const removed = await acme.gql(REPORT, { entityId: acme.entityId }, bookkeeper);
    expect(removed.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('stays fresh while readers and a writer run at the same time', async () => {
    let writing = true;
    let reads = 0;
    const reader = async () => {
      while (writing) {
        await reportAnswer();
        reads += 1;
      }
    };
    const readers = [reader(), reader(), reader()];
    try {
      for (let round = 0; round < 20; round++) {
        await book(1_000 + round);
        const expected = await rentRecounted();
        expect(await rentShown()).toBe(expected);
      }
    } finally {
      writing = false;
      await Promise.all(readers);
    }
    expect(reads).toBeGreaterThan(0);
  });
});
