import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  createLedgerFixture,
  expectBooksExact,
  forecastRollupsOf,
  type LedgerFixture,
  reportRowOf,
} from '../../../test/ledgerTestKit';
import { entityLedgerVersions, entries, entryChanges, forecasts } from '../../db/schema';

let t: TestApp;
let acme: LedgerFixture;
let other: LedgerFixture;
let software: string;
let sales: string;

const MODEL = `query($e: ID!, $m: ID) { model(entityId: $e, modelId: $m) {
  id name startMonth endMonth startDate endDate months
  dataSheet { id name group inputType value formulas problem segments { formula startMonth startType endMonth endType }
    values { month value text error } }
  budgets { id name accountId variableId forecastId } } }`;
const CREATE_MODEL = `mutation($e: ID!, $n: String, $s: Date, $end: Date) {
  createModel(entityId: $e, name: $n, startDate: $s, endDate: $end) { id name startMonth endMonth } }`;
const CREATE_VARIABLE = `mutation($e: ID!, $m: ID!, $n: String, $g: VariableGroup, $i: VariableInputType, $f: String,
  $v: String, $a: ID, $amounts: [MonthAmountInput!]) {
  createVariable(entityId: $e, modelId: $m, name: $n, group: $g, inputType: $i, formulas: $f, value: $v, accountId: $a,
    amounts: $amounts) { errors variable { id name group inputType value } } }`;
const UPDATE_VARIABLE = `mutation($id: ID!, $m: ID, $n: String, $f: String, $v: String, $i: VariableInputType, $s: [SegmentInput!]) {
  updateVariable(variableId: $id, modelId: $m, name: $n, formulas: $f, value: $v, inputType: $i, segments: $s) {
    errors variable { id name value inputType segments { formula startMonth startType endMonth endType } } } }`;

type Cell = { month: string; value: number | null; text: string | null; error: string | null };
type ModelAnswer = {
  id: string;
  name: string;
  startMonth: string;
  endMonth: string;
  startDate: string;
  endDate: string;
  months: string[];
  dataSheet: { id: string; name: string; value: string | null; problem: string | null; values: Cell[] }[];
  budgets: { id: string; accountId: string; variableId: string; forecastId: string | null }[];
};

async function createModel(fixture: LedgerFixture, variables: Record<string, unknown> = {}) {
  const result = await fixture.gql<{
    createModel: { id: string; name: string; startMonth: string; endMonth: string };
  }>(CREATE_MODEL, { e: fixture.entityId, ...variables });
  expect(result.errors).toBeUndefined();
  return result.data!.createModel;
}

async function createVariable(modelId: string, variables: Record<string, unknown>) {
  const result = await acme.gql<{
    createVariable: { errors: string[]; variable: { id: string; name: string; value: string | null } | null };
  }>(CREATE_VARIABLE, { e: acme.entityId, m: modelId, ...variables });
  expect(result.errors).toBeUndefined();
  return result.data!.createVariable;
}

async function updateVariable(id: string, variables: Record<string, unknown>) {
  const result = await acme.gql<{
    updateVariable: { errors: string[]; variable: { id: string; name: string; value: string | null } | null };
  }>(UPDATE_VARIABLE, { id, ...variables });
  expect(result.errors).toBeUndefined();
  return result.data!.updateVariable;
}

async function readModel(modelId: string) {
  const result = await acme.gql<{ model: ModelAnswer }>(MODEL, { e: acme.entityId, m: modelId });
  expect(result.errors).toBeUndefined();
  return result.data!.model;
}

const cellsOf = (model: ModelAnswer, variableId: string) =>
  model.dataSheet.find((row) => row.id === variableId)?.values ?? [];

async function createOutput(variableId: string, accountId: string) {
  return acme.gql<{ createBudget: { id: string; forecastId: string | null } }>(
    'mutation($v: ID!, $a: ID!) { createBudget(variableId: $v, accountId: $a) { id forecastId } }',
    { v: variableId, a: accountId },
  );
}

const forecastRollups = (accountId: string) => forecastRollupsOf(t.db, acme.entityId, accountId);
const reportRow = (accountId: string) => reportRowOf(acme, accountId);

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
  other = await createLedgerFixture(t, 'Other Co');
  const created = async (name: string, parent: string) =>
    acme.createAccount(name, await acme.account(parent));
  software = await created('Software', 'Expense');
  sales = await created('Sales', 'Income');
});
afterAll(async () => {
  await t.close();
});

describe('models', () => {
  it("creates 'New Model' over the default range, January last year through March two years ahead", async () => {
    const model = await createModel(acme);
    expect(model).toMatchObject({ name: 'New Model', startMonth: '2025-01', endMonth: '2028-03' });
    const read = await readModel(model.id);
    expect(read.startDate).toBe('2025-01-01');
    expect(read.endDate).toBe('2028-03-31');
    expect(read.months).toHaveLength(39);
  });

  it('renames a model and moves its range by first and last days; refuses an end before the start', async () => {
    const model = await createModel(acme, { n: 'Plan' });
    const result = await acme.gql<{ updateModel: { name: string; startMonth: string; endMonth: string } }>(
      'mutation($id: ID!) { updateModel(id: $id, name: "Plan B", startDate: "2026-01-01", endDate: "2026-12-31") { name startMonth endMonth } }',
      { id: model.id },
    );
    expect(result.data?.updateModel).toEqual({ name: 'Plan B', startMonth: '2026-01', endMonth: '2026-12' });
    const refused = await acme.gql(
      'mutation($id: ID!) { updateModel(id: $id, startDate: "2026-06-01", endDate: "2026-03-31") { name } }',
      { id: model.id },
    );
    expect(refused.errors?.[0]?.message).toBe('The model must end after it starts');
    expect((await readModel(model.id)).name).toBe('Plan B');
  });

  it("refuses to delete a company's last model and deletes any other", async () => {
    const only = await createModel(other);
    const refused = await other.gql<{ deleteModel: { id: string | null; errors: string[] } }>(
      'mutation($id: ID!) { deleteModel(id: $id) { id errors } }',
      { id: only.id },
    );
    expect(refused.data?.deleteModel).toEqual({ id: null, errors: ['A company keeps at least one model'] });
    const second = await createModel(other, { n: 'Second' });
    const deleted = await other.gql<{ deleteModel: { id: string | null; errors: string[] } }>(
      'mutation($id: ID!) { deleteModel(id: $id) { id errors } }',
      { id: second.id },
    );
    expect(deleted.data?.deleteModel).toEqual({ id: second.id, errors: [] });
  });

  it("never shows or changes another company's model", async () => {
    const mine = await createModel(acme, { n: 'Secret' });
    const read = await other.gql(MODEL, { e: other.entityId, m: mine.id });
    expect(read.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const cross = await other.gql(MODEL, { e: acme.entityId, m: mine.id });
    expect(cross.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const rename = await other.gql('mutation($id: ID!) { updateModel(id: $id, name: "Mine now") { id } }', {
      id: mine.id,
    });
    expect(rename.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await readModel(mine.id)).name).toBe('Secret');
  });
});

describe('variables', () => {
  it("names new inputs 'New Input', 'New Input (1)' and formulas 'New Formula'; names are unique in a model", async () => {
    const model = await createModel(acme, { n: 'Names' });
    const first = await createVariable(model.id, { g: 'inputs', i: 'number' });
    const second = await createVariable(model.id, { g: 'inputs', i: 'currency' });
    const formula = await createVariable(model.id, {});
    expect([first.variable?.name, second.variable?.name, formula.variable?.name]).toEqual([
      'New Input',
      'New Input (1)',
      'New Formula',
    ]);
    const duplicate = await updateVariable(second.variable!.id, { n: 'new input' });
    expect(duplicate).toEqual({
      errors: ['A variable with this name already exists in this model'],
      variable: null,
    });
    const blank = await updateVariable(second.variable!.id, { n: '   ' });
    expect(blank.errors).toEqual(['Name is required']);
  });

  it('stores a percent typed as 5 as 0.05; converting it to a number keeps 0.05', async () => {
    const model = await createModel(acme, { n: 'Percent' });
    const growth = await createVariable(model.id, { g: 'inputs', i: 'percent', n: 'Growth', v: '5' });
    expect(growth.variable?.value).toBe('0.05');
    const converted = await updateVariable(growth.variable!.id, { i: 'number' });
    expect(converted.variable?.value).toBe('0.05');
    const refused = await updateVariable(growth.variable!.id, { v: 'five' });
    expect(refused.errors).toEqual(['Value must be a number']);
  });

  it('evaluates a growth formula month by month from the month before, with segments', async () => {
    const model = await createModel(acme, { n: 'Growth', s: '2027-01-01', end: '2027-06-30' });
    const base = await createVariable(model.id, { g: 'inputs', i: 'currency', n: 'Base', v: '1,000' });
    const growth = await createVariable(model.id, { g: 'inputs', i: 'percent', n: 'Growth', v: '10' });
    const revenue = (await createVariable(model.id, { n: 'Revenue' })).variable!;
    const segments = [
      { formula: `{{${base.variable!.id}}}`, startType: 'auto', endType: 'month', endMonth: '2027-01' },
      {
        formula: `{{${revenue.id}-1}} * (1 + {{${growth.variable!.id}}})`,
        startType: 'month',
        startMonth: '2027-02',
        endType: 'auto',
      },
    ];
    const saved = await updateVariable(revenue.id, { s: segments });
    expect(saved.errors).toEqual([]);
    const read = await readModel(model.id);
    // Each month is the month before grown by 10%, as a spreadsheet computes it (binary floating point).
    const values = cellsOf(read, revenue.id).map((cell) => cell.value ?? Number.NaN);
    const expected = [1000, 1100, 1210, 1331, 1464.1, 1610.51];
    expect(values).toHaveLength(expected.length);
    for (const [index, value] of values.entries()) expect(value).toBeCloseTo(expected[index] ?? 0, 9);
  });

  it('refuses a segment that starts before the model', async () => {
    const model = await createModel(acme, { n: 'Segments', s: '2027-01-01', end: '2027-12-31' });
    const formula = (await createVariable(model.id, { f: '1' })).variable!;
    const refused = await updateVariable(formula.id, {
      s: [{ formula: '2', startType: 'month', startMonth: '2026-06', endType: 'auto' }],
    });
    expect(refused.errors).toEqual(['Segment start cannot be earlier than the model start']);
  });

  it('marks a failing cell #ERROR with its reason while the other cells and variables evaluate', async () => {
    const model = await createModel(acme, { n: 'Errors', s: '2027-01-01', end: '2027-03-31' });
    const divide = (await createVariable(model.id, { n: 'Divide', f: '{{MONTH_NUMBER}}() - 2' })).variable!;
    const inverse = (await createVariable(model.id, { n: 'Inverse', f: `1 / {{${divide.id}}}` })).variable!;
    const broken = (await createVariable(model.id, { n: 'Broken', f: '1 +' })).variable!;
    const read = await readModel(model.id);
    const cells = cellsOf(read, inverse.id);
    expect(cells[0]?.value).toBe(-1);
    expect(cells[1]?.error).toMatch(/division by zero/i);
    expect(cells[2]?.value).toBe(1);
    expect(read.dataSheet.find((row) => row.id === broken.id)?.problem).toBeTruthy();
    expect(cellsOf(read, broken.id).every((cell) => cell.error !== null)).toBe(true);
  });

  it('reports a circular reference on each variable in the cycle, never looping', async () => {
    const model = await createModel(acme, { n: 'Cycle', s: '2027-01-01', end: '2027-02-28' });
    const a = (await createVariable(model.id, { n: 'A', f: '1' })).variable!;
    const b = (await createVariable(model.id, { n: 'B', f: `{{${a.id}}} + 1` })).variable!;
    await updateVariable(a.id, { f: `{{${b.id}}} + 1` });
    const fine = (await createVariable(model.id, { n: 'Fine', f: '42' })).variable!;
    const read = await readModel(model.id);
    for (const id of [a.id, b.id]) expect(cellsOf(read, id)[0]?.error).toMatch(/circular/i);
    expect(cellsOf(read, fine.id).map((cell) => cell.value)).toEqual([42, 42]);
  });

  it("reads a linked account's actuals through the current month and its forecasts after", async () => {
    await acme.gql(
      `mutation($e: ID!, $a: ID!) { createUserTransaction(entityId: $e, accountId: $a, date: "2026-10-15", amount: -250000, name: "Invoice") { id } }`,
      { e: acme.entityId, a: sales },
    );
    await acme.gql(
      `mutation($e: ID!, $a: ID!) { createForecast(entityId: $e, accountId: $a, date: "2026-12", amount: -3000, recurring: none) { id } }`,
      { e: acme.entityId, a: sales },
    );
    const model = await createModel(acme, { n: 'Linked', s: '2026-09-01', end: '2026-12-31' });
    const link = (await createVariable(model.id, { g: 'inputs', i: 'link', n: 'Sales', a: sales })).variable!;
    const read = await readModel(model.id);
    expect(cellsOf(read, link.id).map((cell) => cell.value)).toEqual([0, 2500, 0, 3000]);
  });
});

describe('outputs', () => {
  it('writes a variable into the report as forecasts, follows its changes, and leaves with it', async () => {
    const model = await createModel(acme, { n: 'Costs', s: '2027-01-01', end: '2027-04-30' });
    const seats = (await createVariable(model.id, { g: 'inputs', i: 'number', n: 'Seats', v: '10' }))
      .variable!;
    const cost = (await createVariable(model.id, { n: 'Cost', f: `{{${seats.id}}} * 12.5` })).variable!;
    const output = await createOutput(cost.id, software);
    expect(output.errors).toBeUndefined();
    expect(await forecastRollups(software)).toEqual({
      '2027-01': 12500,
      '2027-02': 12500,
      '2027-03': 12500,
      '2027-04': 12500,
    });
    // The Financial Report shows the same figures in the model's months.
    const row = await reportRow(software);
    expect([row['2027-01'], row['2027-04'], row['2027-05']]).toEqual([12500, 12500, 0]);
    await expectBooksExact(t.db, acme.entityId);

    await updateVariable(seats.id, { v: '12' });
    expect(await forecastRollups(software)).toEqual({
      '2027-01': 15000,
      '2027-02': 15000,
      '2027-03': 15000,
      '2027-04': 15000,
    });
    expect((await reportRow(software))['2027-02']).toBe(15000);

    // An output's forecast is changed through its model only.
    const [written] = await t.db.select().from(forecasts).where(eq(forecasts.accountId, software));
    const refused = await acme.gql('mutation($id: ID!) { updateForecast(budgetId: $id, amount: 1) { id } }', {
      id: written!.id,
    });
    expect(refused.errors?.[0]?.message).toMatch(/model/i);

    await acme.gql('mutation($id: ID!) { deleteVariable(variableId: $id) { id errors } }', { id: cost.id });
    expect(await forecastRollups(software)).toEqual({});
    expect(await t.db.select().from(entries).where(eq(entries.accountId, software))).toEqual([]);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('revises only the months that change, in place; renames with the variable; writes nothing when nothing changes', async () => {
    const fees = (
      await acme.gql<{ createAccount: { id: string } }>(
        'mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Fees") { id } }',
        { e: acme.entityId, p: await acme.account('Expense') },
      )
    ).data!.createAccount.id;
    const model = await createModel(acme, { n: 'Revise', s: '2028-01-01', end: '2028-04-30' });
    const rate = (await createVariable(model.id, { g: 'inputs', i: 'number', n: 'Rate', v: '10' })).variable!;
    const fee = (
      await createVariable(model.id, {
        n: 'Fee',
        f: `{{IF}}({{MONTH_NUMBER}}() >= 3, {{${rate.id}}} * 2, 5)`,
      })
    ).variable!;
    expect((await createOutput(fee.id, fees)).errors).toBeUndefined();
    const legs = async () =>
      Object.fromEntries(
        (await t.db.select().from(entries).where(eq(entries.accountId, fees))).map((row) => [
          row.date.slice(0, 7),
          row,
        ]),
      );
    const before = await legs();
    expect(Object.keys(before).sort()).toEqual(['2028-01', '2028-02', '2028-03', '2028-04']);
    const historyOf = async (entryId: string) =>
      (await t.db.select().from(entryChanges).where(eq(entryChanges.entryId, entryId))).map(
        (row) => row.event,
      );

    t.clock.advance(60_000);
    await updateVariable(rate.id, { v: '20' });
    const after = await legs();
    expect(Object.values(after).map((row) => [row.date.slice(0, 7), row.amount])).toEqual(
      expect.arrayContaining([
        ['2028-01', 500],
        ['2028-02', 500],
        ['2028-03', 4000],
        ['2028-04', 4000],
      ]),
    );
    for (const month of ['2028-01', '2028-02', '2028-03', '2028-04'])
      expect(after[month]!.id).toBe(before[month]!.id);
    expect(after['2028-01']!.updatedAt).toEqual(before['2028-01']!.updatedAt);
    expect(await historyOf(after['2028-01']!.id)).toEqual(['create']);
    expect(await historyOf(after['2028-03']!.id)).toEqual(['create', 'update']);
    expect(await forecastRollups(fees)).toEqual({
      '2028-01': 500,
      '2028-02': 500,
      '2028-03': 4000,
      '2028-04': 4000,
    });

    // A change no figure depends on leaves the ledger (and the report cache) alone.
    const version = async () =>
      (
        await t.db.select().from(entityLedgerVersions).where(eq(entityLedgerVersions.entityId, acme.entityId))
      )[0]?.version;
    const unchanged = await version();
    await acme.gql('mutation($id: ID!) { updateVariable(variableId: $id, description: "why") { errors } }', {
      id: rate.id,
    });
    expect(await version()).toBe(unchanged);

    await updateVariable(fee.id, { n: 'Service fee' });
    const renamed = await legs();
    expect(new Set(Object.values(renamed).map((row) => row.name))).toEqual(new Set(['Revise: Service fee']));
    expect(renamed['2028-02']!.id).toBe(before['2028-02']!.id);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('books an income output as the report shows it: revenue positive on the row', async () => {
    const model = await createModel(acme, { n: 'Revenue', s: '2027-06-01', end: '2027-07-31' });
    const revenue = (await createVariable(model.id, { n: 'Revenue', f: '1000.005' })).variable!;
    await createOutput(revenue.id, sales);
    const row = await reportRow(sales);
    expect(row['2027-06']).toBe(100001);
    await expectBooksExact(t.db, acme.entityId);
  });

  it('refuses outputs to Banks and its sub-accounts, and to another company', async () => {
    const model = await createModel(acme, { n: 'Refusals', s: '2027-01-01', end: '2027-02-28' });
    const value = (await createVariable(model.id, { n: 'Value', f: '5' })).variable!;
    const banks = await createOutput(value.id, await acme.account('Banks'));
    expect(banks.errors?.[0]?.message).toBe(
      'Models cannot write to Banks, Credit Cards, Investments or Loans',
    );
    const foreign = await createOutput(value.id, await other.account('Expense'));
    expect(foreign.errors?.[0]?.message).toBe('Account not found');
  });

  it("offers the company's own accounts by path to the pickers, outputs only outside the bank groups", async () => {
    const model = await createModel(acme, { n: 'Pickers' });
    const result = await acme.gql<{
      model: { accounts: { id: string; path: string; accountGroup: string | null; canOutput: boolean }[] };
    }>(
      'query($e: ID!, $m: ID) { model(entityId: $e, modelId: $m) { accounts { id path accountGroup canOutput } } }',
      {
        e: acme.entityId,
        m: model.id,
      },
    );
    expect(result.errors).toBeUndefined();
    const accounts = result.data!.model.accounts;
    const byId = new Map(accounts.map((account) => [account.id, account]));
    expect(byId.get(software)).toMatchObject({ path: 'Expense / Software', canOutput: true });
    expect(byId.get(await acme.account('Banks'))).toMatchObject({ canOutput: false });
    expect(byId.has(await other.account('Expense'))).toBe(false);
    const paths = accounts.map((account) => account.path);
    expect(paths).toEqual([...paths].sort((a, b) => a.localeCompare(b)));
    for (const account of accounts) {
      expect(account.canOutput).toBe(
        !['Banks', 'Credit Cards', 'Investments', 'Loans'].includes(account.accountGroup ?? ''),
      );
    }
  });

  it('deleting the model takes its forecasts out of the report', async () => {
    const model = await createModel(acme, { n: 'Temporary', s: '2027-09-01', end: '2027-10-31' });
    const value = (await createVariable(model.id, { n: 'Value', f: '7' })).variable!;
    await createOutput(value.id, software);
    expect((await forecastRollups(software))['2027-09']).toBe(700);
    const deleted = await acme.gql<{ deleteModel: { id: string } }>(
      'mutation($id: ID!) { deleteModel(id: $id) { id errors } }',
      { id: model.id },
    );
    expect(deleted.data?.deleteModel.id).toBe(model.id);
    expect((await forecastRollups(software))['2027-09']).toBeUndefined();
    await expectBooksExact(t.db, acme.entityId);
  });
});
