/**
 * Models through the API: the formula bench's generated model (bench/formula.ts, the same
 * seed and shape) built through GraphQL on the real server listening on a local port, on a scratch
 * PostgreSQL database and a PGlite directory, in the demo company (Acme Robotics) as its owner.
 *
 * 1. Build: `createModel` over `months` months, `createVariable` for every variable (inputs: number,
 *    percent, list, and link inputs reading the demo books; formulas naming earlier variables by id,
 *    `{{<id>}}`, `{{<id>-1}}`, `{{<id>.x-3:x}}`, `{{SUM}}(...)`; self recurrences created as '0', then
 *    given their formula by `updateVariable`), then `createBudget` outputs on new expense accounts
 *    for formulas that read `v0`. Timed as a whole (informational).
 * 2. Save: the web app's `UpdateVariable` of `v0` (every output reads it, so every output's forecast
 *    is rewritten), request to response, values taking turns; the same for an input one output reads;
 *    the web app's Model query for the whole sheet; then a check that the Report query shows each
 *    output's forecast months as the model's values, and where a save's time goes (the services timed
 *    in this process, without HTTP and GraphQL).
 * 3. Load: `clients` autocannon clients in a worker thread sending the web app's Model query for the
 *    demo model ('Revenue plan'), and the Models query; readers of the demo model while one writer
 *    saves every 200 ms (the demo model's growth rate, then the big model's v0); last, the Model
 *    query for the big model.
 *
 *   npm run bench -- model-api [variables=1000] [months=120] [runs=10] [outputs=20] [clients=50]
 *     [seconds=15] [databases=postgres,pglite]
 *
 * Aim (not asserted): the 1,000 x 120 model saved, evaluated and written to the report's
 * forecasts through the API in ≤ 1 s.
 */
import { performance } from 'node:perf_hooks';
import {
  addMonths,
  createModelEvaluator,
  evaluateModel,
  type ModelSpec,
  type ModelVariableSpec,
  modelValueToCents,
  monthBounds,
  monthKeyOfDate,
} from '@keel/domain';
import { sql } from 'drizzle-orm';
import { print } from 'graphql';
import { systemClock } from '../apps/server/src/clock';
import type { ScratchDatabase } from '../apps/server/src/db/openScratchDatabase';
import { writeTransaction } from '../apps/server/src/db/transactions';
import { evaluateStoredModel, updateVariable } from '../apps/server/src/modules/models';
import { loadLinkedFigures } from '../apps/server/src/modules/models/loadLinkedFigures';
import { findModel, listVariables } from '../apps/server/src/modules/models/modelRows';
import { refreshModelOutputs } from '../apps/server/src/modules/models/refreshModelOutputs';
import {
  MODEL_QUERY,
  MODELS_QUERY,
  UPDATE_VARIABLE_MUTATION,
} from '../apps/web/src/features/models/modelQueries';
import { type DemoServer, rowsOf, withDemoServer } from './demoServer';
import { buildFormulaBenchModel, DEFAULT_FORMULA_BENCH } from './formula';
import { type LoadFigures, loadGraphql, printLoadFigures } from './loadClients';
import { type BenchDatabase, describeMachine, onEachDatabase } from './scratchDatabases';
import { formatMs, formatStats, percentile, type RunStats, timeRuns } from './stats';

type ModelApiBenchOptions = {
  variables: number;
  months: number;
  runs: number;
  outputs: number;
  clients: number;
  seconds: number;
  seed: number;
  databases: readonly BenchDatabase[];
  postgresUrl: string;
};

export const DEFAULT_MODEL_API_BENCH: ModelApiBenchOptions = {
  variables: 1000,
  months: 120,
  runs: 10,
  outputs: 20,
  clients: 50,
  seconds: 15,
  seed: DEFAULT_FORMULA_BENCH.seed,
  databases: ['postgres', 'pglite'],
  postgresUrl: 'postgres://postgres@127.0.0.1:5432/postgres',
};

/** What the writer waits between saves in the mixed runs. */
const WRITER_PAUSE_MS = 200;
/** Accounts the model's link inputs read in turn (none is an output account or one of their parents). */
const LINKED_ACCOUNTS = ['Subscriptions', 'Services', 'Revenue', 'Interest Income', 'Salaries', 'Payroll'];

// gql.tada's documents carry no source text (`loc`) unless they hold fragments: print them, as the
// web app's Apollo client does.
const MODEL_BODY = print(MODEL_QUERY);
const UPDATE_VARIABLE_BODY = print(UPDATE_VARIABLE_MUTATION);

const CREATE_MODEL = `mutation BenchCreateModel($entityId: ID!, $name: String, $startDate: Date, $endDate: Date) {
  createModel(entityId: $entityId, name: $name, startDate: $startDate, endDate: $endDate) { id }
}`;
const CREATE_VARIABLE = `mutation BenchCreateVariable($entityId: ID!, $modelId: ID!, $name: String, $group: VariableGroup,
  $inputType: VariableInputType, $formulas: String, $value: String, $amounts: [MonthAmountInput!], $accountId: ID) {
  createVariable(entityId: $entityId, modelId: $modelId, name: $name, group: $group, inputType: $inputType,
    formulas: $formulas, value: $value, amounts: $amounts, accountId: $accountId) { errors variable { id } }
}`;
const SET_FORMULA = `mutation BenchSetFormula($variableId: ID!, $formulas: String) {
  updateVariable(variableId: $variableId, formulas: $formulas) { errors variable { id } }
}`;
const CREATE_ACCOUNT = `mutation BenchCreateAccount($entityId: ID!, $parentId: ID!, $name: String!) {
  createAccount(entityId: $entityId, parentId: $parentId, name: $name) { id }
}`;
const CREATE_BUDGET = `mutation BenchCreateBudget($variableId: ID!, $accountId: ID!) {
  createBudget(variableId: $variableId, accountId: $accountId) { id }
}`;
const REPORT = `query BenchReport($entityId: ID!, $startMonth: MonthKey, $actualsEndMonth: MonthKey, $endMonth: MonthKey) {
  report(entityId: $entityId, startMonth: $startMonth, actualsEndMonth: $actualsEndMonth, endMonth: $endMonth) {
    columns { key period }
    lineItems { accountId isLeaf columnValues }
  }
}`;

type GraphqlAnswer<T> = { data?: T; errors?: { message: string }[] };
type ModelAnswer = {
  model: {
    dataSheet: { id: string; values: { month: string; value: number | null; error: string | null }[] }[];
  };
};
type BenchModel = {
  modelId: string;
  /** The generated variable's id (`v12`) → the stored variable's id. */
  ids: Map<string, string>;
  /** Each output's variable (stored and generated ids) and account. */
  outputs: { variableId: string; specId: string; accountId: string }[];
  /** A number or percent input that reaches the fewest outputs (at least one): a typical save. */
  sectionInput: { id: string; inputType: 'number' | 'percent'; value: number; reached: number } | null;
  startMonth: string;
};
type Server = DemoServer;

export async function runModelApiBenchmark(options: ModelApiBenchOptions): Promise<void> {
  console.log(
    `\nModels through the API: ${options.variables} variables x ${options.months} months, ${options.outputs} outputs, ` +
      `${options.runs} saves; ${options.clients} clients for ${options.seconds} s`,
  );
  console.log(describeMachine());
  await onEachDatabase(options.databases, options.postgresUrl, 'keel-bench-model-api', async (target) => {
    console.log(`\n${target.label}:`);
    await benchOne(target, options);
  });
}

async function benchOne(target: ScratchDatabase, options: ModelApiBenchOptions): Promise<void> {
  await withDemoServer(target, async (server) => {
    const built = await buildModelThroughApi(server, options);
    const api = await timeSaves(server, built, options);
    await profileSave(server, built, options, api);
    await loadModelScreen(server, built, options);
  });
}

/** Sends one GraphQL operation; throws on GraphQL errors and on a payload's `errors`. */
async function send<T>(server: Server, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(server.url, {
    method: 'POST',
    headers: server.headers,
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as GraphqlAnswer<T>;
  if (answer.errors || !answer.data) throw new Error(`Refused: ${JSON.stringify(answer.errors)}`);
  for (const field of Object.values(answer.data as Record<string, unknown>)) {
    const refused = (field as { errors?: string[] } | null)?.errors;
    if (refused && refused.length > 0) throw new Error(`Refused: ${refused.join('; ')}`);
  }
  return answer.data;
}

/** Step 1: the generated model, variable by variable, and its outputs, through the API. */
async function buildModelThroughApi(server: Server, options: ModelApiBenchOptions): Promise<BenchModel> {
  const spec = buildFormulaBenchModel({ ...DEFAULT_FORMULA_BENCH, ...options });
  const accountIds = await accountIdsByName(server);
  const linked = LINKED_ACCOUNTS.flatMap((name) => accountIds.get(name) ?? []);
  const parentId = accountIds.get('Operating Expenses');
  if (linked.length < LINKED_ACCOUNTS.length || !parentId) throw new Error('Demo accounts are missing');
  const started = performance.now();
  const { createModel } = await send<{ createModel: { id: string } }>(server, CREATE_MODEL, {
    entityId: server.entityId,
    name: `Bench ${options.variables} x ${options.months}`,
    startDate: monthBounds(spec.startMonth).firstDay,
    endDate: monthBounds(spec.endMonth).lastDay,
  });
  const ids = new Map<string, string>();
  // `{{v12}}`, `{{v12-1}}`, `{{v12.x-3:x}}` name the stored variable by its id.
  const named = (formula: string) =>
    formula.replace(/\{\{(v\d+)([-.][^}]*)?\}\}/g, (whole, id: string, rest: string | undefined) => {
      const stored = ids.get(id);
      return stored ? `{{${stored}${rest ?? ''}}}` : whole;
    });
  let requests = 1;
  let links = 0;
  for (const variable of spec.variables) {
    const formula = variable.segments?.[0]?.formula ?? '0';
    // A self recurrence names its own id, which exists once the variable does.
    const selfReading = variable.kind === 'formula' && formula.includes(`{{${variable.id}-`);
    const fields =
      variable.kind === 'formula'
        ? { group: 'formulas', formulas: selfReading ? '0' : named(formula) }
        : inputFields(variable, linked[links % linked.length] ?? '');
    if (variable.inputType === 'link') links += 1;
    const { createVariable } = await send<{ createVariable: { variable: { id: string } } }>(
      server,
      CREATE_VARIABLE,
      { entityId: server.entityId, modelId: createModel.id, name: variable.id, ...fields },
    );
    ids.set(variable.id, createVariable.variable.id);
    requests += 1;
    if (selfReading) {
      await send(server, SET_FORMULA, { variableId: createVariable.variable.id, formulas: named(formula) });
      requests += 1;
    }
  }
  const variablesMs = performance.now() - started;
  const outputsStarted = performance.now();
  const outputs = await createOutputsThroughApi(server, spec, ids, parentId, options.outputs);
  const outputsMs = performance.now() - outputsStarted;
  requests += 1 + outputs.length * 2;
  console.log(
    `  build: ${spec.variables.length} variables (${links} links) in ${(variablesMs / 1000).toFixed(1)} s, ` +
      `${outputs.length} outputs in ${(outputsMs / 1000).toFixed(1)} s; ${requests} requests, ` +
      `${formatMs((variablesMs + outputsMs) / requests)} each on average`,
  );
  const section = pickSectionInput(spec, new Set(outputs.map((output) => output.specId)));
  const sectionInput = section && { ...section, id: ids.get(section.id) ?? '' };
  return { modelId: createModel.id, ids, outputs, sectionInput, startMonth: spec.startMonth };
}

/** The number or percent input (not v0) whose change reaches the fewest of the outputs, at least one. */
function pickSectionInput(spec: ModelSpec, outputIds: ReadonlySet<string>): BenchModel['sectionInput'] {
  const evaluator = createModelEvaluator(spec);
  let best: BenchModel['sectionInput'] = null;
  for (const variable of spec.variables.slice(1)) {
    if (variable.kind !== 'input' || (variable.inputType !== 'number' && variable.inputType !== 'percent'))
      continue;
    const value = Number(variable.value);
    const { changed } = evaluator.updateVariable({ ...variable, value: value * 1.5 });
    const reached = changed.filter((id) => outputIds.has(id)).length;
    if (reached > 0 && (!best || reached < best.reached)) {
      best = { id: variable.id, inputType: variable.inputType, value, reached };
    }
  }
  return best;
}

/** CreateVariable's fields for a generated input (link inputs read `linkedAccountId`). */
function inputFields(variable: ModelVariableSpec, linkedAccountId: string): Record<string, unknown> {
  switch (variable.inputType) {
    case 'link':
      return { group: 'inputs', inputType: 'link', accountId: linkedAccountId };
    case 'list': {
      const amounts = Object.entries(variable.monthValues ?? {}).map(([month, amount]) => ({
        month,
        amount,
      }));
      return { group: 'inputs', inputType: 'list', amounts };
    }
    case 'percent':
      // Typed in percent: 5 for 0.05.
      return { group: 'inputs', inputType: 'percent', value: String(Number(variable.value) * 100) };
    default:
      return { group: 'inputs', inputType: variable.inputType ?? 'number', value: String(variable.value) };
  }
}

/**
 * `count` outputs (createBudget), each on a new expense account under 'Model bench outputs': formulas
 * that change with v0, spread over the model (the domain's evaluator says which change).
 */
async function createOutputsThroughApi(
  server: Server,
  spec: ModelSpec,
  ids: ReadonlyMap<string, string>,
  parentId: string,
  count: number,
): Promise<BenchModel['outputs']> {
  const v0 = spec.variables[0];
  if (v0?.kind !== 'input') throw new Error('The generated model starts with an input');
  const changed = new Set(
    createModelEvaluator(spec).updateVariable({ ...v0, value: Number(v0.value) + 1 }).changed,
  );
  const candidates = spec.variables.filter(
    (variable) => variable.kind === 'formula' && changed.has(variable.id),
  );
  const { createAccount: parent } = await send<{ createAccount: { id: string } }>(server, CREATE_ACCOUNT, {
    entityId: server.entityId,
    parentId,
    name: 'Model bench outputs',
  });
  const outputs: BenchModel['outputs'] = [];
  for (let n = 0; n < Math.min(count, candidates.length); n += 1) {
    const variable = candidates[Math.floor(((n + 1) * candidates.length) / (count + 1))];
    const variableId = variable && ids.get(variable.id);
    if (!variableId) continue;
    const { createAccount } = await send<{ createAccount: { id: string } }>(server, CREATE_ACCOUNT, {
      entityId: server.entityId,
      parentId: parent.id,
      name: `Bench output ${n + 1}`,
    });
    await send(server, CREATE_BUDGET, { variableId, accountId: createAccount.id });
    outputs.push({ variableId, specId: variable.id, accountId: createAccount.id });
  }
  return outputs;
}

/** Step 2: saves of v0 and the whole sheet read back, through HTTP; then the report checked. */
async function timeSaves(
  server: Server,
  built: BenchModel,
  options: ModelApiBenchOptions,
): Promise<{ saved: RunStats; read: RunStats }> {
  const v0 = built.ids.get('v0');
  if (!v0) throw new Error('v0 was not built');
  let saves = 0;
  const save = async () => {
    saves += 1;
    await send(server, UPDATE_VARIABLE_BODY, { variableId: v0, value: String(1000 + (saves % 2) + 1) });
  };
  const saved = await timeRuns(options.runs, 2, save);
  console.log(`  updateVariable of v0, ${built.outputs.length} forecasts rewritten  ${formatStats(saved)}`);
  const section = built.sectionInput;
  if (section) {
    // Percent inputs are typed in percent; the values take turns, so each save changes the figures.
    const typed = section.inputType === 'percent' ? section.value * 100 : section.value;
    const sectionSave = () => {
      saves += 1;
      return send(server, UPDATE_VARIABLE_BODY, {
        variableId: section.id,
        value: String(typed + 1 + (saves % 2)),
      });
    };
    const stats = await timeRuns(options.runs, 2, sectionSave);
    console.log(
      `  updateVariable of a section input, ${section.reached} forecast${section.reached === 1 ? '' : 's'} rewritten  ${formatStats(stats)}`,
    );
  }

  let bytes = 0;
  let answer: ModelAnswer | undefined;
  const read = async () => {
    const response = await fetch(server.url, {
      method: 'POST',
      headers: server.headers,
      body: JSON.stringify({
        query: MODEL_BODY,
        variables: { entityId: server.entityId, modelId: built.modelId },
      }),
    });
    const text = await response.text();
    bytes = Buffer.byteLength(text);
    answer = (JSON.parse(text) as GraphqlAnswer<ModelAnswer>).data;
  };
  const readStats = await timeRuns(options.runs, 2, read);
  const cells = answer?.model.dataSheet.reduce((sum, row) => sum + row.values.length, 0) ?? 0;
  const failed =
    answer?.model.dataSheet.reduce((sum, row) => sum + row.values.filter((cell) => cell.error).length, 0) ??
    0;
  console.log(
    `  Model query, whole sheet (${cells.toLocaleString('en-US')} cells, ${(bytes / 1024 / 1024).toFixed(1)} MiB, ${failed} #ERROR) ${formatStats(readStats)}`,
  );
  if (answer) await checkReport(server, built, answer, options.months);
  return { saved, read: readStats };
}

/**
 * The report's figures for each output account, month by month, equal the model's values in cents
 * (the outputs' accounts are new, so the model's forecast is all they hold).
 */
async function checkReport(server: Server, built: BenchModel, answer: ModelAnswer, months: number) {
  const before = addMonths(built.startMonth, -1);
  const span = Math.min(months, 119);
  const { report } = await send<{
    report: {
      columns: { key: string; period: string }[];
      lineItems: { accountId: string | null; isLeaf: boolean; columnValues: number[] }[];
    };
  }>(server, REPORT, {
    entityId: server.entityId,
    startMonth: before,
    actualsEndMonth: before,
    endMonth: addMonths(before, span),
  });
  const rows = new Map(answer.model.dataSheet.map((row) => [row.id, row.values]));
  let compared = 0;
  const mismatches: string[] = [];
  for (const output of built.outputs) {
    const line = report.lineItems.find((item) => item.accountId === output.accountId && !item.isLeaf);
    if (!line) {
      mismatches.push(`no report row for ${output.accountId}`);
      continue;
    }
    for (const cell of rows.get(output.variableId) ?? []) {
      const column = report.columns.findIndex((c) => c.period === 'month' && c.key === cell.month);
      if (column < 0) continue;
      const expected = cell.value === null || cell.error ? 0 : modelValueToCents(cell.value);
      compared += 1;
      if (line.columnValues[column] !== expected) {
        mismatches.push(`${cell.month}: report ${line.columnValues[column]}, model ${expected}`);
      }
    }
  }
  console.log(
    `  report check: ${built.outputs.length} outputs x ${compared / Math.max(1, built.outputs.length)} forecast months ` +
      (mismatches.length === 0 && compared > 0
        ? 'OK'
        : `MISMATCH (${mismatches.length}): ${mismatches.slice(0, 5).join('; ')}`),
  );
}

/** Where a save's time goes: the same work timed in this process, without HTTP and GraphQL. */
async function profileSave(
  server: Server,
  built: BenchModel,
  options: ModelApiBenchOptions,
  api: { saved: RunStats; read: RunStats },
): Promise<void> {
  const db = server.db;
  const clock = systemClock;
  const model = await findModel(db, built.modelId);
  const v0 = built.ids.get('v0');
  if (!model || !v0) throw new Error('The bench model vanished');
  const runs = Math.max(3, Math.ceil(options.runs / 2));
  const rows = await listVariables(db, model.id);
  const today = monthKeyOfDate(clock.now().toISOString());
  const linkedIds = rows.flatMap((row) =>
    row.inputType === 'link' && row.data.accountId ? [row.data.accountId] : [],
  );
  const linked = await loadLinkedFigures(db, model.entityId, linkedIds, today);
  // The evaluator's input as evaluateStoredModel builds it (number, percent and list inputs here).
  const spec: ModelSpec = {
    startMonth: model.startMonth,
    endMonth: model.endMonth,
    today,
    variables: rows.map((row): ModelVariableSpec => {
      if (row.group === 'formulas') return { id: row.id, kind: 'formula', segments: row.segments };
      if (row.inputType === 'list' || row.inputType === 'link') {
        const monthValues =
          row.inputType === 'list' ? row.data.amounts : linked.get(row.data.accountId ?? '');
        return { id: row.id, kind: 'input', inputType: row.inputType, monthValues: monthValues ?? {} };
      }
      return { id: row.id, kind: 'input', inputType: 'number', value: Number(row.data.value ?? 0) };
    }),
  };
  const parts: [string, RunStats][] = [
    [`listVariables (${rows.length} rows)`, await timeRuns(runs, 1, async () => listVariables(db, model.id))],
    [
      `loadLinkedFigures (${linked.size} accounts)`,
      await timeRuns(runs, 1, async () => loadLinkedFigures(db, model.entityId, linkedIds, today)),
    ],
    ['evaluateModel (packages/domain)', await timeRuns(runs, 1, async () => evaluateModel(spec))],
    [
      'evaluateStoredModel (the three above + cell views)',
      await timeRuns(runs, 1, () => evaluateStoredModel(db, clock, model)),
    ],
    [
      'refreshModelOutputs, no value changed (no forecast rewritten)',
      await timeRuns(runs, 1, () =>
        writeTransaction(db, (tx) => refreshModelOutputs(tx, clock, null, model)),
      ),
    ],
  ];
  let saves = 0;
  parts.push([
    `updateVariable service, v0 changed (${built.outputs.length} forecasts rewritten)`,
    await timeRuns(runs, 1, () => {
      saves += 1;
      return updateVariable(db, clock, null, { variableId: v0, value: String(2000 + (saves % 2)) });
    }),
  ]);
  console.log('  where a save goes (in process, no HTTP/GraphQL):');
  for (const [label, stats] of parts) console.log(`    ${label.padEnd(64)} ${formatStats(stats)}`);
  const p50 = (index: number) => parts[index]?.[1].p50 ?? Number.NaN;
  const derived: [string, number][] = [
    ['evaluation (evaluateStoredModel)', p50(3)],
    ['per-output lookups and checks (refresh, nothing changed, less evaluation)', p50(4) - p50(3)],
    ['rewriting the forecasts (save service less refresh with nothing changed)', p50(5) - p50(4)],
    ['HTTP and GraphQL around the save (API p50 less service p50, separate runs)', api.saved.p50 - p50(5)],
    ['Model query beyond evaluateStoredModel (GraphQL, JSON, transfer)', api.read.p50 - p50(3)],
  ];
  console.log('  so, at p50:');
  for (const [label, ms] of derived) console.log(`    ${label.padEnd(76)} ${formatMs(ms).padStart(9)}`);
}

/** Step 3: the /models/{id} screen's queries under `clients` concurrent clients, with and without a writer. */
async function loadModelScreen(server: Server, built: BenchModel, options: ModelApiBenchOptions) {
  const [demo] = await rowsOf<{ id: string }>(
    server.db,
    sql`SELECT id FROM models WHERE entity_id = ${server.entityId}::uuid AND name = 'Revenue plan'`,
  );
  const [growth] = await rowsOf<{ id: string }>(
    server.db,
    sql`SELECT id FROM model_variables WHERE model_id = ${demo?.id ?? null}::uuid AND name = 'Monthly growth'`,
  );
  const v0 = built.ids.get('v0');
  if (!demo || !growth || !v0)
    throw new Error("The demo company has no 'Revenue plan' with 'Monthly growth'");
  const modelBody = (modelId: string) =>
    JSON.stringify({
      operationName: 'Model',
      query: MODEL_BODY,
      variables: { entityId: server.entityId, modelId },
    });
  const modelsBody = JSON.stringify({
    operationName: 'Models',
    query: print(MODELS_QUERY),
    variables: { entityId: server.entityId },
  });
  const demoBody = modelBody(demo.id);
  const seconds = options.seconds;
  printModelLoad(
    "demo model ('Revenue plan'), 1 client",
    await loadModel(server, demoBody, 1, Math.min(5, seconds)),
  );
  printModelLoad(
    `demo model, ${options.clients} clients`,
    await loadModel(server, demoBody, options.clients, seconds),
  );
  printModelLoad(
    `Models (switcher), ${options.clients} clients`,
    await loadModel(server, modelsBody, options.clients, Math.min(5, seconds)),
  );
  for (const [label, variableId, values] of [
    ['demo model + a writer of its growth', growth.id, ['3', '3.5']],
    [`demo model + a writer of the ${options.variables}-variable v0`, v0, ['1001', '1002']],
  ] as const) {
    const { figures, writes } = await withWriter(server, variableId, values, () =>
      loadModel(server, demoBody, options.clients, seconds),
    );
    printModelLoad(`${label}, ${options.clients} clients`, figures);
    const sorted = [...writes].sort((a, b) => a - b);
    console.log(
      `    writer: ${writes.length} saves, p50 ${formatMs(percentile(sorted, 50))}, p99 ${formatMs(percentile(sorted, 99))}`,
    );
  }
  // Last: the server goes on answering the requests in flight after the clients stop.
  printModelLoad(
    `${options.variables}-variable model, ${options.clients} clients`,
    await loadModel(server, modelBody(built.modelId), options.clients, seconds),
  );
}

/** Runs `during` while one writer saves the variable every WRITER_PAUSE_MS, values taking turns. */
async function withWriter(
  server: Server,
  variableId: string,
  values: readonly string[],
  during: () => Promise<LoadFigures>,
): Promise<{ figures: LoadFigures; writes: number[] }> {
  const writes: number[] = [];
  let writing = true;
  const writer = async () => {
    while (writing) {
      const started = performance.now();
      await send(server, UPDATE_VARIABLE_BODY, { variableId, value: values[writes.length % values.length] });
      writes.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, WRITER_PAUSE_MS));
    }
  };
  const writing$ = writer();
  try {
    return { figures: await during(), writes };
  } finally {
    writing = false;
    await writing$;
  }
}

async function accountIdsByName(server: Server): Promise<Map<string, string>> {
  const rows = await rowsOf<{ id: string; name: string }>(
    server.db,
    sql`SELECT id, name FROM accounts WHERE entity_id = ${server.entityId}::uuid`,
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

/** The whole big sheet under 50 clients waits its turn for long: a request may take up to 60 s. */
function loadModel(server: Server, body: string, connections: number, seconds: number) {
  return loadGraphql(server.url, server.headers, body, connections, seconds, 60);
}

function printModelLoad(label: string, figures: LoadFigures): void {
  printLoadFigures(label, figures, 58);
}
