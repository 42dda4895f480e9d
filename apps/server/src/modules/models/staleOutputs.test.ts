import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  createLedgerFixture,
  forecastRollupsOf,
  insertImportedTransaction,
  type LedgerFixture,
  reportRowOf,
  rollupMismatches,
  unbalancedTransactions,
} from '../../../test/ledgerTestKit';

/**
 * A broken model never silently removes its forecast. An output whose cells fail
 * (#ERROR) keeps the figures it last wrote into the report and is marked stale (the report, the Runway
 * card and the model say why, by name); deleting a variable that formulas read asks first.
 */
let t: TestApp;
let acme: LedgerFixture;

const CREATE_MODEL = `mutation($e: ID!, $n: String, $s: Date, $end: Date) {
  createModel(entityId: $e, name: $n, startDate: $s, endDate: $end) { id } }`;
const CREATE_VARIABLE = `mutation($e: ID!, $m: ID!, $n: String, $g: VariableGroup, $i: VariableInputType, $f: String,
  $v: String) {
  createVariable(entityId: $e, modelId: $m, name: $n, group: $g, inputType: $i, formulas: $f, value: $v) {
    errors variable { id } } }`;
const DELETE_VARIABLE = `mutation($id: ID!, $c: Boolean) {
  deleteVariable(variableId: $id, confirmUsedByFormulas: $c) { id errors } }`;
const STALE = `query($e: ID!) { report(entityId: $e, startMonth: "2026-01", endMonth: "2027-12", actualsEndMonth: "2026-11") {
  staleModelOutputs { outputId modelName variableName accountId accountName reason months }
  summary { runway { months cashOutMonth staleModelOutputs { variableName reason } }
    noGrowth: runway(method: runway_no_growth) { months cashOutMonth staleModelOutputs { variableName } } } } }`;
const PROBLEMS = `query($e: ID!, $m: ID) { model(entityId: $e, modelId: $m) {
  dataSheet { name values { month error } }
  budgets { id staleReason staleMonths }
  problems { variableName group reason months staleOutputs { accountName reason } } } }`;

type StaleAnswer = {
  report: {
    staleModelOutputs: {
      outputId: string;
      modelName: string;
      variableName: string;
      accountId: string;
      accountName: string;
      reason: string;
      months: string[];
    }[];
    summary: {
      runway: {
        months: number | null;
        cashOutMonth: string | null;
        staleModelOutputs: { variableName: string; reason: string }[];
      };
      noGrowth: { months: number | null; cashOutMonth: string | null; staleModelOutputs: unknown[] };
    };
  };
};

async function createVariable(modelId: string, variables: Record<string, unknown>): Promise<string> {
  const result = await acme.gql<{ createVariable: { errors: string[]; variable: { id: string } | null } }>(
    CREATE_VARIABLE,
    { e: acme.entityId, m: modelId, ...variables },
  );
  expect(result.errors).toBeUndefined();
  expect(result.data?.createVariable.errors).toEqual([]);
  return result.data!.createVariable.variable!.id;
}

async function readStale() {
  const result = await acme.gql<StaleAnswer>(STALE, { e: acme.entityId });
  expect(result.errors).toBeUndefined();
  return result.data!.report;
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
});
afterAll(async () => {
  await t.close();
});

describe('a model output whose cells fail', () => {
  it('keeps its last good figures in the report, marked stale, and the runway does not move', async () => {
    const tooling = (
      await acme.gql<{ createAccount: { id: string } }>(
        'mutation($e: ID!, $p: ID!) { createAccount(entityId: $e, parentId: $p, name: "Tooling") { id } }',
        { e: acme.entityId, p: await acme.account('Expense') },
      )
    ).data!.createAccount.id;
    // $30,000 in the bank, so the runway has a month to run out in.
    const bank = await acme.account('Banks');
    await insertImportedTransaction(t.db, acme.entityId, {
      date: '2026-10-05',
      name: 'Seed round',
      legs: [
        { accountId: bank, amount: 3_000_000 },
        { accountId: await acme.account('Income'), amount: -3_000_000 },
      ],
    });
    const model = (
      await acme.gql<{ createModel: { id: string } }>(CREATE_MODEL, {
        e: acme.entityId,
        n: 'Ops plan',
        s: '2026-12-01',
        end: '2027-11-30',
      })
    ).data!.createModel.id;
    const growth = await createVariable(model, { n: 'Growth', g: 'inputs', i: 'percent', v: '10' });
    const cost = await createVariable(model, {
      n: 'Tooling cost',
      g: 'formulas',
      f: `5000 * (1 + {{${growth}}})`,
    });
    const output = await acme.gql<{ createBudget: { id: string } }>(
      'mutation($v: ID!, $a: ID!) { createBudget(variableId: $v, accountId: $a) { id } }',
      { v: cost, a: tooling },
    );
    expect(output.errors).toBeUndefined();
    const good = await forecastRollupsOf(t.db, acme.entityId, tooling);
    expect(Object.keys(good)).toHaveLength(12);
    expect(good['2027-01']).toBe(550_000);
    const goodRow = await reportRowOf(acme, tooling);
    const before = await readStale();
    expect(before.staleModelOutputs).toEqual([]);
    expect(before.summary.runway.staleModelOutputs).toEqual([]);
    expect(before.summary.runway.cashOutMonth).not.toBeNull();

    // Deleting the input the formula reads asks first, naming the formula, and deletes nothing.
    const refused = await acme.gql<{ deleteVariable: { id: string | null } }>(DELETE_VARIABLE, {
      id: growth,
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFIRMATION_REQUIRED');
    expect(refused.errors?.[0]?.message).toContain("'Growth' is used by the formula 'Tooling cost'");
    expect((refused.errors?.[0]?.extensions as { usedBy?: unknown } | undefined)?.usedBy).toEqual([
      { id: cost, name: 'Tooling cost' },
    ]);
    expect(await forecastRollupsOf(t.db, acme.entityId, tooling)).toEqual(good);

    const deleted = await acme.gql<{ deleteVariable: { id: string | null; errors: string[] } }>(
      DELETE_VARIABLE,
      { id: growth, c: true },
    );
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data?.deleteVariable.id).toBe(growth);

    // The formula now fails every month, and says so by the deleted input's name...
    const read = await acme.gql<{
      model: {
        dataSheet: { name: string; values: { month: string; error: string | null }[] }[];
        budgets: { id: string; staleReason: string | null; staleMonths: string[] }[];
        problems: {
          variableName: string;
          group: string;
          reason: string;
          months: string[];
          staleOutputs: { accountName: string; reason: string }[];
        }[];
      };
    }>(PROBLEMS, { e: acme.entityId, m: model });
    expect(read.errors).toBeUndefined();
    const row = read.data!.model.dataSheet.find((variable) => variable.name === 'Tooling cost');
    expect(row?.values.every((cell) => cell.error?.includes("'Growth'"))).toBe(true);
    // ...but the report keeps the last good figures: no $0.00 forecast, no silently later cash-out.
    expect(await forecastRollupsOf(t.db, acme.entityId, tooling)).toEqual(good);
    expect(await reportRowOf(acme, tooling)).toEqual(goodRow);
    const after = await readStale();
    expect(after.summary.runway.months).toBe(before.summary.runway.months);
    expect(after.summary.runway.cashOutMonth).toBe(before.summary.runway.cashOutMonth);
    expect(after.summary.noGrowth.cashOutMonth).toBe(before.summary.noGrowth.cashOutMonth);

    // The report marks the output stale, by name and why; so do the Runway card and the model.
    const months = Object.keys(good);
    expect(after.staleModelOutputs).toEqual([
      {
        outputId: output.data!.createBudget.id,
        modelName: 'Ops plan',
        variableName: 'Tooling cost',
        accountId: tooling,
        accountName: 'Tooling',
        reason: "uses the deleted variable 'Growth'",
        months,
      },
    ]);
    expect(after.summary.runway.staleModelOutputs).toEqual([
      { variableName: 'Tooling cost', reason: "uses the deleted variable 'Growth'" },
    ]);
    expect(after.summary.noGrowth.staleModelOutputs).toHaveLength(1);
    expect(read.data!.model.budgets).toEqual([
      {
        id: output.data!.createBudget.id,
        staleReason: "uses the deleted variable 'Growth'",
        staleMonths: months,
      },
    ]);
    expect(read.data!.model.problems).toEqual([
      {
        variableName: 'Tooling cost',
        group: 'formulas',
        reason: "uses the deleted variable 'Growth'",
        months,
        staleOutputs: [{ accountName: 'Tooling', reason: "uses the deleted variable 'Growth'" }],
      },
    ]);

    // Another edit while broken keeps the last good figures (not those of the broken state)...
    await createVariable(model, { n: 'Unrelated', g: 'inputs', i: 'number', v: '3' });
    expect(await forecastRollupsOf(t.db, acme.entityId, tooling)).toEqual(good);
    expect((await readStale()).staleModelOutputs).toHaveLength(1);

    // ...and fixing the formula writes the new figures and clears the stale mark.
    const fixed = await acme.gql<{ updateVariable: { errors: string[] } }>(
      'mutation($id: ID!, $f: String) { updateVariable(variableId: $id, formulas: $f) { errors } }',
      { id: cost, f: '6000' },
    );
    expect(fixed.errors).toBeUndefined();
    expect((await forecastRollupsOf(t.db, acme.entityId, tooling))['2027-01']).toBe(600_000);
    const cleared = await readStale();
    expect(cleared.staleModelOutputs).toEqual([]);
    expect(cleared.summary.runway.staleModelOutputs).toEqual([]);
    expect(await rollupMismatches(t.db, acme.entityId)).toEqual([]);
    expect(await unbalancedTransactions(t.db, acme.entityId)).toEqual([]);
  });

  it('deletes a variable no formula reads without asking', async () => {
    const model = (
      await acme.gql<{ createModel: { id: string } }>(CREATE_MODEL, { e: acme.entityId, n: 'Loose' })
    ).data!.createModel.id;
    const lone = await createVariable(model, { n: 'Lone', g: 'inputs', i: 'number', v: '1' });
    await createVariable(model, { n: 'Other', g: 'formulas', f: '2' });
    const deleted = await acme.gql<{ deleteVariable: { id: string | null } }>(DELETE_VARIABLE, { id: lone });
    expect(deleted.errors).toBeUndefined();
    expect(deleted.data?.deleteVariable.id).toBe(lone);
  });
});
