import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, forecastRollupsOf, type LedgerFixture } from '../../../test/ledgerTestKit';
import { entryChanges, modelVariables } from '../../db/schema';

/**
 * Converting an input's type keeps its meaning, and a change that moves an output
 * more than 10× in a month is refused (CONFIRMATION_REQUIRED, nothing written) until it is confirmed.
 */
let t: TestApp;
let acme: LedgerFixture;

const CREATE_MODEL = `mutation($e: ID!, $n: String, $s: Date, $end: Date) {
  createModel(entityId: $e, name: $n, startDate: $s, endDate: $end) { id } }`;
const CREATE_VARIABLE = `mutation($e: ID!, $m: ID!, $n: String, $g: VariableGroup, $i: VariableInputType, $f: String,
  $v: String) {
  createVariable(entityId: $e, modelId: $m, name: $n, group: $g, inputType: $i, formulas: $f, value: $v) {
    errors variable { id } } }`;
const UPDATE_VARIABLE = `mutation($id: ID!, $v: String, $i: VariableInputType, $s: [SegmentInput!]) {
  updateVariable(variableId: $id, value: $v, inputType: $i, segments: $s) {
    errors variable { id value inputType decimalPlaces } } }`;
const CONFIRM_UPDATE_VARIABLE = `mutation($id: ID!, $v: String) {
  updateVariable(variableId: $id, value: $v, confirmLargeChange: true) { errors variable { id value } } }`;
const MODEL = `query($e: ID!, $m: ID) { model(entityId: $e, modelId: $m) {
  dataSheet { id value inputType decimalPlaces values { month value } } } }`;

type UpdateAnswer = {
  updateVariable: {
    errors: string[];
    variable: { id: string; value: string | null; inputType: string; decimalPlaces: number } | null;
  };
};
type LargeChange = {
  outputId: string;
  variableName: string;
  accountName: string;
  month: string;
  fromCents: number;
  toCents: number;
  monthsMoved: number;
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

const updateVariable = (id: string, variables: Record<string, unknown>) =>
  acme.gql<UpdateAnswer>(UPDATE_VARIABLE, { id, ...variables });

async function readVariable(modelId: string, variableId: string) {
  const result = await acme.gql<{
    model: {
      dataSheet: {
        id: string;
        value: string | null;
        inputType: string;
        decimalPlaces: number;
        values: { month: string; value: number | null }[];
      }[];
    };
  }>(MODEL, { e: acme.entityId, m: modelId });
  expect(result.errors).toBeUndefined();
  return result.data!.model.dataSheet.find((row) => row.id === variableId)!;
}

/** A new income account named `name`, so each test reads only its own model's forecast. */
async function createIncomeAccount(name: string): Promise<string> {
  const created = await acme.gql<{ createAccount: { id: string } }>(
    'mutation($e: ID!, $p: ID!, $n: String!) { createAccount(entityId: $e, parentId: $p, name: $n) { id } }',
    { e: acme.entityId, p: await acme.account('Income'), n: name },
  );
  expect(created.errors).toBeUndefined();
  return created.data!.createAccount.id;
}

async function createOutput(variableId: string, accountId: string): Promise<string> {
  const output = await acme.gql<{ createBudget: { id: string } }>(
    'mutation($v: ID!, $a: ID!) { createBudget(variableId: $v, accountId: $a) { id } }',
    { v: variableId, a: accountId },
  );
  expect(output.errors).toBeUndefined();
  return output.data!.createBudget.id;
}

/**
 * The model under test: Revenue from a $1,000 base in January 2027, grown each month by Growth (5%),
 * written to its own income account, `account`. Returns the ids and a reader of that account's forecast.
 */
async function createRevenueModel(name: string, account = `Sales (${name})`) {
  const sales = await createIncomeAccount(account);
  const model = (await acme.gql<{ createModel: { id: string } }>(CREATE_MODEL, {
    e: acme.entityId,
    n: name,
    s: '2027-01-01',
    end: '2027-12-31',
  }))!.data!.createModel.id;
  const base = await createVariable(model, { g: 'inputs', i: 'currency', n: 'Base', v: '1000' });
  const growth = await createVariable(model, { g: 'inputs', i: 'percent', n: 'Growth', v: '5' });
  const revenue = await createVariable(model, { n: 'Revenue', f: '0' });
  const saved = await updateVariable(revenue, {
    s: [
      { formula: `{{${base}}}`, startType: 'auto', endType: 'month', endMonth: '2027-01' },
      {
        formula: `{{${revenue}-1}} * (1 + {{${growth}}})`,
        startType: 'month',
        startMonth: '2027-02',
        endType: 'auto',
      },
    ],
  });
  expect(saved.errors).toBeUndefined();
  expect(saved.data?.updateVariable.errors).toEqual([]);
  const output = await createOutput(revenue, sales);
  const salesForecast = () => forecastRollupsOf(t.db, acme.entityId, sales);
  return { model, base, growth, revenue, output, sales, salesForecast };
}

beforeAll(async () => {
  t = await createTestApp();
  acme = await createLedgerFixture(t, 'Acme');
});
afterAll(async () => {
  await t.close();
});

describe('Convert type', () => {
  it('keeps the meaning: Growth 5% becomes the number 0.05 and back, $1,000 a number and back; the report does not move', async () => {
    const { model, base, growth, salesForecast } = await createRevenueModel('Convert growth');
    const forecast = await salesForecast();
    expect(forecast['2027-12']).toBe(-171_034); // $1,000 × 1.05^11, a credit on an income account

    const toNumber = await updateVariable(growth, { i: 'number' });
    expect(toNumber.errors).toBeUndefined();
    expect(toNumber.data?.updateVariable).toEqual({
      errors: [],
      variable: { id: growth, value: '0.05', inputType: 'number', decimalPlaces: 3 },
    });
    expect(await salesForecast()).toEqual(forecast);

    const back = await updateVariable(growth, { i: 'percent' });
    expect(back.data?.updateVariable.variable).toMatchObject({
      value: '0.05',
      inputType: 'percent',
      decimalPlaces: 1,
    });
    expect((await readVariable(model, growth)).values[0]?.value).toBe(0.05);
    expect(await salesForecast()).toEqual(forecast);

    // A number becomes that many dollars, and back.
    const toNumber2 = await updateVariable(base, { i: 'number' });
    expect(toNumber2.data?.updateVariable.variable).toMatchObject({ value: '1000', inputType: 'number' });
    const toCurrency = await updateVariable(base, { i: 'currency' });
    expect(toCurrency.data?.updateVariable.variable).toMatchObject({ value: '1000', inputType: 'currency' });
    expect(await salesForecast()).toEqual(forecast);
  });

  it('refuses a conversion that cannot keep the meaning while the input holds a value, writing nothing', async () => {
    const { model, base, growth, salesForecast } = await createRevenueModel('Convert refused');
    const forecast = await salesForecast();

    const shareToMoney = await updateVariable(growth, { i: 'currency' });
    expect(shareToMoney.data?.updateVariable).toEqual({
      errors: ['A share is not an amount of money: clear the value first, or add a new Currency input.'],
      variable: null,
    });
    const moneyToShare = await updateVariable(base, { i: 'percent' });
    expect(moneyToShare.data?.updateVariable.errors).toEqual([
      'An amount of money is not a share: clear the value first, or add a new Percentage input.',
    ]);
    const numberToMonth = await updateVariable(growth, { i: 'month' });
    expect(numberToMonth.data?.updateVariable.errors).toEqual([
      'A number is not a month: clear the value first, or add a new Month input.',
    ]);
    expect(await readVariable(model, growth)).toMatchObject({ value: '0.05', inputType: 'percent' });
    expect(await salesForecast()).toEqual(forecast);

    const start = await createVariable(model, { g: 'inputs', i: 'month', n: 'Start', v: '2027-03' });
    const monthToNumber = await updateVariable(start, { i: 'number' });
    expect(monthToNumber.data?.updateVariable.errors).toEqual([
      'A month is not a number: clear the value first, or add a new Number input.',
    ]);
    // An empty input loses nothing, and a conversion that brings its new value is what was asked for.
    await updateVariable(start, { v: null });
    const emptied = await updateVariable(start, { i: 'number' });
    expect(emptied.data?.updateVariable.variable).toMatchObject({ value: null, inputType: 'number' });
    const withValue = await updateVariable(start, { i: 'month', v: '2027-05' });
    expect(withValue.data?.updateVariable.variable).toMatchObject({ value: '2027-05', inputType: 'month' });
  });
});

describe('a change that moves an output more than 10×', () => {
  it('is refused with its effect, writing nothing, and saved once confirmed; 10× or less saves at once', async () => {
    const {
      model,
      base: baseId,
      growth,
      revenue,
      output,
      sales,
      salesForecast,
    } = await createRevenueModel('Large change', 'Sales');
    const forecast = await salesForecast();
    const [before] = await t.db.select().from(modelVariables).where(eq(modelVariables.id, growth));
    const changesBefore = (await t.db.select().from(entryChanges)).length;

    // Growth typed as 50 (50%) in place of 5: December's revenue is $86,497.56, 50.6× $1,710.34.
    const refused = await updateVariable(growth, { v: '50' });
    expect(refused.data).toBeNull();
    const error = refused.errors?.[0] as
      | {
          message: string;
          extensions?: { code?: string; largeChanges?: LargeChange[]; largeChangeCount?: number };
        }
      | undefined;
    expect(error?.extensions?.code).toBe('CONFIRMATION_REQUIRED');
    expect(error?.extensions?.largeChangeCount).toBe(1);
    expect(error?.extensions?.largeChanges).toEqual([
      {
        outputId: output,
        variableId: revenue,
        variableName: 'Revenue',
        accountId: sales,
        accountName: 'Sales',
        month: '2027-12',
        fromCents: 171_034,
        toCents: 8_649_756,
        monthsMoved: 5,
      },
    ]);
    expect(error?.message).toBe(
      'This change moves an output more than 10× in a month: Revenue → Sales: December 2027 from $1,710.34 to $86,497.56 (and 4 more months). Nothing was saved; send it again with confirmLargeChange: true to save it.',
    );
    // Nothing was written: the input, the report's forecast and the entries' history are as they were.
    const [after] = await t.db.select().from(modelVariables).where(eq(modelVariables.id, growth));
    expect(after).toEqual(before);
    expect(await salesForecast()).toEqual(forecast);
    expect((await t.db.select().from(entryChanges)).length).toBe(changesBefore);
    expect((await readVariable(model, growth)).value).toBe('0.05');

    const confirmed = await acme.gql<UpdateAnswer>(CONFIRM_UPDATE_VARIABLE, { id: growth, v: '50' });
    expect(confirmed.errors).toBeUndefined();
    expect(confirmed.data?.updateVariable.variable?.value).toBe('0.5');
    expect((await salesForecast())['2027-12']).toBe(-8_649_756);

    // 10× or less in every month saves at once: Growth 50% to 55%, and Base ten times over.
    const small = await updateVariable(growth, { v: '55' });
    expect(small.errors).toBeUndefined();
    expect(small.data?.updateVariable.variable?.value).toBe('0.55');
    const tenfold = await updateVariable(baseId, { v: '10000' });
    expect(tenfold.errors).toBeUndefined();
    expect((await salesForecast())['2027-01']).toBe(-1_000_000);

    // An input no output reads, and an output getting its first figures (nothing to compare), ask nothing.
    const spare = await createVariable(model, { g: 'inputs', i: 'number', n: 'Spare', v: '1' });
    expect((await updateVariable(spare, { v: '1000000' })).errors).toBeUndefined();
    const later = await createVariable(model, { g: 'inputs', i: 'currency', n: 'Later' });
    const laterAccount = await createIncomeAccount('Later sales');
    await createOutput(later, laterAccount);
    expect((await updateVariable(later, { v: '5000000' })).errors).toBeUndefined();
    expect((await forecastRollupsOf(t.db, acme.entityId, laterAccount))['2027-06']).toBe(-500_000_000);
  });

  it('is refused for an edit of a formula as well as of an input', async () => {
    const { revenue } = await createRevenueModel('Formula edit');
    const refused = await updateVariable(revenue, {
      s: [{ formula: '1000000', startType: 'auto', endType: 'auto' }],
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('CONFIRMATION_REQUIRED');
  });
});
