import { MAX_ENTRY_CENTS } from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/harness';
import { createLedgerFixture, type LedgerFixture, ledgerSnapshot } from '../../../../test/ledgerTestKit';
import { queryRows } from '../../../db/queryRows';
import { entityLedgerVolumes } from '../../../db/schema';
import { LEDGER_VOLUME_EXCEEDED } from '../../../graphql/databaseErrors';

/**
 * Money past 2^53: every figure Keel shows adds up some of a company's entries, so keeping
 * their gross volume (the sum of absolute amounts) within 2^53 - 1 cents keeps every figure exact in
 * JavaScript numbers. Past it a write is refused whole.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CREATE_TX = `mutation($entityId: ID!, $accountId: ID!, $date: Date!, $amount: Cents!, $name: String) {
  createUserTransaction(entityId: $entityId, accountId: $accountId, date: $date, amount: $amount, name: $name) { id } }`;

async function accountUnder(fixture: LedgerFixture, name: string, parent: string): Promise<string> {
  const result = await fixture.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
    { e: fixture.entityId, p: await fixture.account(parent), n: name },
  );
  return result.data?.createAccount.id ?? '';
}

/** The tracked volume and a recount from the entries, both exact (as text). */
async function volumes(entityId: string) {
  const [tracked] = await t.db
    .select({ gross: sql<string>`${entityLedgerVolumes.grossCents}::text` })
    .from(entityLedgerVolumes)
    .where(eq(entityLedgerVolumes.entityId, entityId));
  const [counted] = await queryRows<{ gross: string }>(
    t.db,
    sql`SELECT coalesce(sum(abs(amount)), 0)::text AS gross FROM entries WHERE entity_id = ${entityId}::uuid`,
  );
  return { tracked: tracked?.gross ?? '0', counted: counted?.gross ?? '0' };
}

describe('ledger volume', () => {
  it('stays equal to the sum of absolute entry amounts through every kind of write', async () => {
    const acme = await createLedgerFixture(t, 'Volume');
    const rent = await accountUnder(acme, 'Rent', 'Expense');
    const travel = await accountUnder(acme, 'Travel', 'Expense');
    const created = await acme.gql<{ createUserTransaction: { id: string } }>(CREATE_TX, {
      entityId: acme.entityId,
      accountId: rent,
      date: '2026-09-01',
      amount: 150_000,
    });
    const entryId = created.data?.createUserTransaction.id;
    const writes = [
      await acme.gql('mutation($id: ID!) { updateUserTransaction(id: $id, amount: -90000) { id } }', {
        id: entryId,
      }),
      await acme.gql(
        'mutation($from: ID!, $to: ID!) { updateEntries(fromAccountId: $from, toAccountId: $to) { fromAccount { id } } }',
        { from: rent, to: travel },
      ),
    ];
    const forecast = await acme.gql<{ createForecast: { id: string } }>(
      `mutation($entityId: ID!, $accountId: ID!) {
        createForecast(entityId: $entityId, accountId: $accountId, date: "2027-01", amount: 1234.56) { id } }`,
      { entityId: acme.entityId, accountId: travel },
    );
    writes.push(
      forecast,
      await acme.gql(
        'mutation($id: ID!) { updateForecast(budgetId: $id, amount: 99.99, recurring: quarterly) { id } }',
        {
          id: forecast.data?.createForecast.id,
        },
      ),
      await acme.gql('mutation($id: ID!) { deleteAccount(id: $id) { id } }', { id: travel }),
    );
    for (const write of writes) expect(write.errors).toBeUndefined();
    const afterWrites = await volumes(acme.entityId);
    // 90,000 cents twice, and 99.99 x 2 legs x 20 quarters of the forecast.
    expect(afterWrites).toEqual({ tracked: '579960', counted: '579960' });
    const deleted = await acme.gql('mutation($id: ID!) { deleteEntry(id: $id) { id } }', { id: entryId });
    expect(deleted.errors).toBeUndefined();
    expect(await volumes(acme.entityId)).toEqual({ tracked: '399960', counted: '399960' });
  });

  it('refuses the entry that would take the books past 2^53 cents, and every figure stays exact', {
    timeout: 120_000,
  }, async () => {
    const acme = await createLedgerFixture(t, 'Billions');
    const treasury = await accountUnder(acme, 'Treasury', 'Expense');
    // Each transaction books 10^13 cents (the largest one entry may hold) on Treasury and -10^13 on
    // Banks: 2 x 10^13 of volume. 450 of them reach 9.0 x 10^15; the 451st would pass 2^53 - 1.
    for (let i = 0; i < 450; i += 1) {
      const result = await acme.gql(CREATE_TX, {
        entityId: acme.entityId,
        accountId: treasury,
        date: '2026-10-15',
        amount: MAX_ENTRY_CENTS,
      });
      expect(result.errors, `transaction ${i}`).toBeUndefined();
    }
    const before = await ledgerSnapshot(t.db, acme.entityId);
    const refused = await acme.gql(CREATE_TX, {
      entityId: acme.entityId,
      accountId: treasury,
      date: '2026-10-15',
      amount: MAX_ENTRY_CENTS,
    });
    expect(refused.data ?? null).toBeNull();
    expect(refused.errors?.[0]).toMatchObject({
      message: LEDGER_VOLUME_EXCEEDED,
      extensions: { code: 'BAD_USER_INPUT', field: 'amount' },
    });
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(before);

    // The October cell of Treasury, read back through the API, is exactly 450 x 10^13.
    const exact = 450n * BigInt(MAX_ENTRY_CENTS);
    const page = await acme.gql<{ reportEntries: { entries: { totalAmount: number; totalCount: number } } }>(
      `query($accountId: ID!) { reportEntries(accountId: $accountId, startDate: "2026-10-01", endDate: "2026-10-31") {
          entries { totalAmount totalCount } } }`,
      { accountId: treasury },
    );
    expect(page.data?.reportEntries.entries.totalCount).toBe(450);
    expect(BigInt(page.data?.reportEntries.entries.totalAmount ?? 0)).toBe(exact);
    const report = await acme.gql<{
      report: { accounts: { id: string; amounts: { month: string; amount: number }[] }[] };
    }>(
      `query($entityId: ID!) { report(entityId: $entityId, startMonth: "2026-01", endMonth: "2026-12", actualsEndMonth: "2026-11") {
          accounts { id amounts { month amount } } } }`,
      { entityId: acme.entityId },
    );
    const october = report.data?.report.accounts
      .find((account) => account.id === treasury)
      ?.amounts.find((cell) => cell.month === '2026-10');
    expect(BigInt(october?.amount ?? 0)).toBe(exact);

    // Smaller amounts still fit; and what a delete frees can be booked again.
    const small = await acme.gql(CREATE_TX, {
      entityId: acme.entityId,
      accountId: treasury,
      date: '2026-10-16',
      amount: 1_000,
    });
    expect(small.errors).toBeUndefined();
    const volume = await volumes(acme.entityId);
    expect(volume.tracked).toBe(volume.counted);
    expect(BigInt(volume.tracked) <= BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
  });
});
