import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/queryRows';
import { accounts, entries, transactions } from '../src/db/schema';
import { createTestApp, type TestApp } from './harness';
import {
  createLedgerFixture,
  type LedgerFixture,
  rollupMismatches,
  unbalancedTransactions,
} from './ledgerTestKit';

/**
 * Two people editing the same rows at the same moment. Each race sends two mutations at once,
 * many rounds; on PostgreSQL they run on two pooled connections, on PGlite one after the other. After
 * every race: each acknowledged change is there, every rollup equals a recount of its entries, every
 * transaction sums to zero, every account's parent exists and its ancestry matches, and no answer was
 * an internal error (a refusal is NOT_FOUND, or CONFLICT once the retries gave up).
 */
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 24);

let t: TestApp;
let acme: LedgerFixture;
let rent: string;
let banks: string;

type GqlError = { message: string; extensions?: { code?: string } };
type Answer<T> = { data?: T; errors?: GqlError[] };

const ENTRY = 'id accountId amount name transactionId';
const CREATE_TRANSACTION = `mutation($entityId: ID!, $accountId: ID!, $againstId: ID, $date: Date!, $amount: Cents!, $name: String) {
  createUserTransaction(entityId: $entityId, accountId: $accountId, againstId: $againstId, date: $date, amount: $amount, name: $name) { ${ENTRY} }
}`;
const UPDATE_TRANSACTION = `mutation($id: ID!, $amount: Cents, $againstId: ID) {
  updateUserTransaction(id: $id, amount: $amount, againstId: $againstId) { ${ENTRY} }
}`;
const RENAME = `mutation($id: ID!, $name: String) { updateEntryAttributes(id: $id, name: $name) { ${ENTRY} } }`;
const MOVE = `mutation($from: ID!, $to: ID!, $search: String) {
  updateEntries(fromAccountId: $from, toAccountId: $to, searchFilter: $search) { movedCount }
}`;
const DELETE_ENTRY = `mutation($id: ID!) { deleteEntry(id: $id) { deletedEntryIds } }`;
const CREATE_ACCOUNT = `mutation($entityId: ID!, $parentId: ID!, $name: String!) {
  createAccount(entityId: $entityId, parentId: $parentId, name: $name) { id }
}`;
const DELETE_ACCOUNT = `mutation($id: ID!) { deleteAccount(id: $id) { id } }`;
const CREATE_FORECAST = `mutation($entityId: ID!, $accountId: ID!, $againstId: ID, $amount: Units, $name: String) {
  createForecast(entityId: $entityId, accountId: $accountId, againstId: $againstId, amount: $amount, date: "2027-01", name: $name) { id transactionId }
}`;
const UPDATE_FORECAST = `mutation($id: ID!, $amount: Units) { updateForecast(budgetId: $id, amount: $amount) { id } }`;

/** Every error answer of the suite, by code: none may be an internal error. */
const errorCodes = new Map<string, number>();

function record<T>(answer: Answer<T>): Answer<T> {
  for (const error of answer.errors ?? []) {
    const code = error.extensions?.code ?? 'NONE';
    errorCodes.set(code, (errorCodes.get(code) ?? 0) + 1);
    if (code !== 'NOT_FOUND' && code !== 'CONFLICT') {
      throw new Error(`Unexpected ${code}: ${error.message}`);
    }
  }
  return answer;
}

async function send<T>(query: string, variables: Record<string, unknown>): Promise<Answer<T>> {
  return record(await acme.gql<T>(query, variables));
}

async function must<T>(query: string, variables: Record<string, unknown>): Promise<T> {
  const answer = await send<T>(query, variables);
  if (!answer.data || answer.errors) throw new Error(`Refused: ${JSON.stringify(answer.errors)}`);
  return answer.data;
}

const ok = (answer: Answer<unknown>) => !answer.errors && answer.data != null;

async function subAccount(parentId: string, name: string): Promise<string> {
  const data = await must<{ createAccount: { id: string } }>(CREATE_ACCOUNT, {
    entityId: acme.entityId,
    parentId,
    name,
  });
  return data.createAccount.id;
}

async function book(name: string, againstId: string, amount = 1000) {
  const data = await must<{ createUserTransaction: { id: string; transactionId: string } }>(
    CREATE_TRANSACTION,
    { entityId: acme.entityId, accountId: rent, againstId, date: '2026-11-10', amount, name },
  );
  return data.createUserTransaction;
}

async function legsOf(transactionId: string) {
  return t.db
    .select({ id: entries.id, accountId: entries.accountId, amount: entries.amount, name: entries.name })
    .from(entries)
    .where(eq(entries.transactionId, transactionId));
}

/** Accounts whose parent is gone or whose ancestry is not their parent's plus the parent. */
async function brokenTree(entityId: string) {
  return queryRows<{ id: string }>(
    t.db,
    sql`SELECT c.id FROM accounts c LEFT JOIN accounts p ON p.id = c.parent_id
        WHERE c.entity_id = ${entityId}::uuid AND c.parent_id IS NOT NULL
          AND (p.id IS NULL OR c.ancestry <> p.ancestry || p.id::text || '/')`,
  );
}

async function expectBooksSound() {
  expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
  expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
  expect(await brokenTree(acme.entityId)).toEqual([]);
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Concurrent');
  banks = await acme.account('Banks');
  rent = await subAccount(await acme.account('Expense'), 'Rent');
});

afterAll(async () => {
  // A record of how the races ended, for the reader of the log.
  console.info('concurrent writes: error answers by code', Object.fromEntries(errorCodes));
  await t?.close();
});

describe('concurrent writes', () => {
  it('an amount edit through one leg does not undo a move of the other leg', async () => {
    const x = await subAccount(banks, 'Race X');
    const y = await subAccount(banks, 'Race Y');
    for (let round = 0; round < ROUNDS; round++) {
      const name = `amount-move-${round}`;
      const entry = await book(name, x);
      const amount = 2000 + round;
      const [edit, move] = await Promise.all([
        send(UPDATE_TRANSACTION, { id: entry.id, amount }),
        send<{ updateEntries: { movedCount: number } }>(MOVE, { from: x, to: y, search: name }),
      ]);
      expect(ok(edit) && ok(move)).toBe(true);
      expect(move.data?.updateEntries.movedCount).toBe(1);
      const legs = await legsOf(entry.transactionId);
      expect(legs.find((leg) => leg.id === entry.id)).toMatchObject({ accountId: rent, amount });
      expect(legs.find((leg) => leg.id !== entry.id)).toMatchObject({ accountId: y, amount: -amount });
    }
    await expectBooksSound();
  });

  it('a rename through one leg does not undo a move of the other leg', async () => {
    const x = await subAccount(banks, 'Rename X');
    const y = await subAccount(banks, 'Rename Y');
    for (let round = 0; round < ROUNDS; round++) {
      const name = `rename-move-${round}`;
      const entry = await book(name, x);
      const [rename, move] = await Promise.all([
        send(RENAME, { id: entry.id, name: `${name} renamed` }),
        send<{ updateEntries: { movedCount: number } }>(MOVE, { from: x, to: y, search: name }),
      ]);
      expect(ok(rename) && ok(move)).toBe(true);
      expect(move.data?.updateEntries.movedCount).toBe(1);
      const legs = await legsOf(entry.transactionId);
      expect(legs.map((leg) => leg.name)).toEqual([`${name} renamed`, `${name} renamed`]);
      expect(legs.find((leg) => leg.id !== entry.id)?.accountId).toBe(y);
    }
    await expectBooksSound();
  });

  it("two edits of one transaction through its two legs both land, the later on the earlier's result", async () => {
    const x = await subAccount(banks, 'Two legs X');
    const y = await subAccount(banks, 'Two legs Y');
    for (let round = 0; round < ROUNDS; round++) {
      const entry = await book(`two-legs-${round}`, x);
      const other = (await legsOf(entry.transactionId)).find((leg) => leg.id !== entry.id);
      if (!other) throw new Error('no other leg');
      const [amountEdit, againstEdit] = await Promise.all([
        send(UPDATE_TRANSACTION, { id: entry.id, amount: 3000 + round }),
        send(UPDATE_TRANSACTION, { id: other.id, againstId: y }),
      ]);
      expect(ok(amountEdit) && ok(againstEdit)).toBe(true);
      const legs = await legsOf(entry.transactionId);
      // The second edit moved the first leg to Y (its against account); the amount edit is kept.
      const first = legs.find((leg) => leg.id === entry.id);
      expect(first?.accountId).toBe(y);
      expect(Math.abs(first?.amount ?? 0)).toBe(3000 + round);
    }
    await expectBooksSound();
  });

  it('a forecast amount update keeps a rename made at the same moment', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const name = `forecast-${round}`;
      const { createForecast: forecast } = await must<{
        createForecast: { id: string; transactionId: string };
      }>(CREATE_FORECAST, { entityId: acme.entityId, accountId: rent, againstId: banks, amount: 100, name });
      const [occurrence] = await legsOf(forecast.transactionId);
      if (!occurrence) throw new Error('no occurrence');
      const [update, rename] = await Promise.all([
        send(UPDATE_FORECAST, { id: forecast.id, amount: 200 + round }),
        send(RENAME, { id: occurrence.id, name: `${name} renamed` }),
      ]);
      expect(ok(update)).toBe(true);
      const legs = await legsOf(forecast.transactionId);
      expect(new Set(legs.map((leg) => Math.abs(leg.amount)))).toEqual(new Set([(200 + round) * 100]));
      // The rename either landed (and is on every occurrence) or found its occurrence replaced.
      const [transaction] = await t.db
        .select({ name: transactions.name })
        .from(transactions)
        .where(eq(transactions.id, forecast.transactionId));
      if (ok(rename)) {
        expect(transaction?.name).toBe(`${name} renamed`);
        expect(new Set(legs.map((leg) => leg.name))).toEqual(new Set([`${name} renamed`]));
      } else {
        expect(rename.errors?.[0]?.message).toBe('Entry not found');
        expect(transaction?.name).toBe(name);
      }
    }
    await expectBooksSound();
  });

  it('a sub-account created while its parent is deleted is never an orphan', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const parent = await subAccount(banks, `Doomed ${round}`);
      const [create, remove] = await Promise.all([
        send<{ createAccount: { id: string } }>(CREATE_ACCOUNT, {
          entityId: acme.entityId,
          parentId: parent,
          name: `Child ${round}`,
        }),
        send(DELETE_ACCOUNT, { id: parent }),
      ]);
      expect(ok(remove)).toBe(true);
      if (ok(create)) {
        const childId = create.data?.createAccount.id ?? '';
        const [child] = await t.db.select().from(accounts).where(eq(accounts.id, childId));
        expect(child?.parentId).toBe(banks);
      } else {
        expect(create.errors?.[0]?.message).toBe('Account not found');
      }
    }
    await expectBooksSound();
  });

  it('a transaction booked on an account being deleted lands on its parent or is refused', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const doomed = await subAccount(banks, `Doomed booking ${round}`);
      const name = `doomed-booking-${round}`;
      const [booking, remove] = await Promise.all([
        send<{ createUserTransaction: { transactionId: string } }>(CREATE_TRANSACTION, {
          entityId: acme.entityId,
          accountId: rent,
          againstId: doomed,
          date: '2026-11-10',
          amount: 500,
          name,
        }),
        send(DELETE_ACCOUNT, { id: doomed }),
      ]);
      expect(ok(remove)).toBe(true);
      if (ok(booking)) {
        const legs = await legsOf(booking.data?.createUserTransaction.transactionId ?? '');
        expect(legs.map((leg) => leg.accountId).sort()).toEqual([banks, rent].sort());
      } else {
        expect(booking.errors?.[0]?.message).toBe('Account not found');
        expect(
          await t.db
            .select()
            .from(entries)
            .where(and(eq(entries.entityId, acme.entityId), eq(entries.name, name))),
        ).toEqual([]);
      }
    }
    await expectBooksSound();
  });

  it('an edit racing a delete of the same transaction either lands first or finds it gone', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const entry = await book(`edit-delete-${round}`, banks);
      const [edit, remove] = await Promise.all([
        send<{ updateUserTransaction: { amount: number } }>(UPDATE_TRANSACTION, {
          id: entry.id,
          amount: 4000 + round,
        }),
        send(DELETE_ENTRY, { id: entry.id }),
      ]);
      expect(ok(remove)).toBe(true);
      if (ok(edit)) expect(edit.data?.updateUserTransaction.amount).toBe(4000 + round);
      else expect(edit.errors?.[0]?.message).toBe('Entry not found');
      expect(await legsOf(entry.transactionId)).toEqual([]);
    }
    await expectBooksSound();
  });

  it('a storm of mixed edits, moves, deletes and chart changes on a few rows leaves sound books', async () => {
    const x = await subAccount(banks, 'Storm X');
    const y = await subAccount(banks, 'Storm Y');
    const booked = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => book(`storm-${n}`, n % 2 ? x : y)));
    let seed = 42;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const pick = <T>(items: readonly T[]): T => items[random(items.length)] as T;
    const operation = (client: number, step: number) => {
      const entry = pick(booked);
      switch (random(6)) {
        case 0:
          return send(UPDATE_TRANSACTION, { id: entry.id, amount: 100 + random(10_000) });
        case 1:
          return send(UPDATE_TRANSACTION, { id: entry.id, againstId: pick([x, y, banks]) });
        case 2:
          return send(RENAME, { id: entry.id, name: `storm-${client}-${step}` });
        case 3:
          return send(MOVE, { from: pick([x, y]), to: pick([banks, x, y]), search: 'storm' });
        case 4:
          return send(CREATE_TRANSACTION, {
            entityId: acme.entityId,
            accountId: rent,
            againstId: pick([x, y]),
            date: '2026-11-12',
            amount: 1 + random(5000),
            name: `storm-new-${client}-${step}`,
          });
        default: {
          const child = `Storm child ${client}-${step}`;
          return send<{ createAccount: { id: string } }>(CREATE_ACCOUNT, {
            entityId: acme.entityId,
            parentId: pick([x, y]),
            name: child,
          }).then((created) =>
            created.data ? send(DELETE_ACCOUNT, { id: created.data.createAccount.id }) : created,
          );
        }
      }
    };
    const clients = 8;
    const steps = Math.max(6, Math.round(ROUNDS * 1.5));
    const outcomes = await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        const answers: Answer<unknown>[] = [];
        for (let step = 0; step < steps; step++) answers.push(await operation(client, step));
        return answers;
      }),
    );
    // Every answer was a success or a coded refusal (send throws on anything else), and the storm's
    // edits all found their rows: nothing here deletes a transaction.
    const refused = outcomes.flat().filter((answer) => !ok(answer));
    expect(refused.map((answer) => answer.errors?.[0]?.extensions?.code)).toEqual([]);
    await expectBooksSound();
  });
});
