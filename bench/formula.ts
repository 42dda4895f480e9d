/**
 * The model formula benchmark: a generated model of `variables` variables over `months` months, built
 * the same way for the same seed, evaluated by packages/domain's evaluator in this process.
 * - 5% inputs (numbers, percents, lists, links);
 * - the formulas, in sections of 40 (see buildFormulaBenchModel): chains
 *   (`{{v12}} * 0.51 + {{v11-1}} * 0.49`), fan-ins (`{{SUM}}({{a}}, {{b}}, …) / n` over 5 to 12 earlier
 *   variables), growth recurrences reading their own last month (`{{v40-1}} * 1.01 + {{v7}} * 0.01`),
 *   and 10% reading month ranges (`{{AVERAGE}}({{v3.x-3:x}}) * 0.9 + {{v8}} * 0.1`).
 *
 * Figures:
 * - full evaluation: `evaluateModel` (parse, compile and evaluate every variable), and `evaluate()` of
 *   an evaluator already loaded (compiled formulas, every cell again);
 * - one input changed: `updateVariable` on an input of one section (it and what reads it, directly or
 *   not, are evaluated again), and on `v0`, which every section reads (about a full evaluation).
 *
 *   npm run bench -- formula [variables=1000] [months=120] [runs=50] [warmup=10]
 *   npx tsx bench/run.ts formula [--variables 1000] [--months 120] [--runs 50]
 *
 * Aims (not asserted): full evaluation ≤ 50 ms, one-input re-evaluation ≤ 5 ms, in Node.
 */
import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import {
  addMonths,
  createModelEvaluator,
  evaluateModel,
  type FormulaSegment,
  isFailure,
  type ModelSpec,
  type ModelVariableSpec,
  monthRange,
} from '@keel/domain';
import { formatStats, type RunStats, summarizeRuns } from './stats';

type FormulaBenchOptions = {
  variables: number;
  months: number;
  runs: number;
  warmup: number;
  seed: number;
  startMonth: string;
};

export const DEFAULT_FORMULA_BENCH: FormulaBenchOptions = {
  variables: 1000,
  months: 120,
  runs: 50,
  warmup: 10,
  seed: 20260401,
  startMonth: '2026-01',
};

/** mulberry32: a small seeded generator, so every run builds the same model. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const wholeRange = (formula: string): FormulaSegment[] => [
  { formula, startMonth: null, startType: 'auto', endMonth: null, endType: 'auto' },
];

/**
 * The benchmark's model: sections of 40 variables (as a model's revenue lines, headcount, costs, …),
 * each with its own inputs; `v0` is read by every section, and one formula in 50 reads a variable of an
 * earlier section. Within a section, formulas read earlier variables of the section.
 */
export function buildFormulaBenchModel(options: FormulaBenchOptions): ModelSpec {
  const random = seededRandom(options.seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const endMonth = addMonths(options.startMonth, options.months - 1);
  const months = monthRange(options.startMonth, endMonth);
  const inputCount = Math.max(2, Math.round(options.variables * 0.05));
  const sectionCount = Math.max(1, Math.round((options.variables - inputCount) / 40));
  const variables: ModelVariableSpec[] = [];
  for (let i = 0; i < inputCount; i += 1) {
    const id = `v${i}`;
    const kind = i % 4;
    if (i === 0 || kind === 0) variables.push({ id, kind: 'input', inputType: 'number', value: 1000 + i });
    else if (kind === 1) variables.push({ id, kind: 'input', inputType: 'percent', value: 0.05 });
    else {
      const monthValues = Object.fromEntries(months.map((month) => [month, Math.round(random() * 1000)]));
      variables.push({ id, kind: 'input', inputType: kind === 2 ? 'list' : 'link', monthValues });
    }
  }
  const sections: string[][] = Array.from({ length: sectionCount }, () => []);
  const sectionInputs = (section: number) =>
    Array.from({ length: inputCount - 1 }, (_, n) => `v${n + 1}`).filter(
      (_, n) => n % sectionCount === section,
    );
  for (let i = inputCount; i < options.variables; i += 1) {
    const section = Math.min(
      sectionCount - 1,
      Math.floor(((i - inputCount) * sectionCount) / (options.variables - inputCount)),
    );
    const own = sections[section] as string[];
    const inputs = sectionInputs(section);
    const earlier = () =>
      own.length > 0 && random() < 0.85 ? pick(own) : pick(inputs.length > 0 ? inputs : ['v0']);
    const roll = random();
    let formula: string;
    if (own.length === 0) {
      formula = `{{v0}} * 0.5 + {{${earlier()}}} * 0.5`;
    } else if (roll < 0.1) {
      formula = `{{AVERAGE}}({{${earlier()}.x-3:x}}) * 0.9 + {{${earlier()}}} * 0.1`;
    } else if (roll < 0.4) {
      const count = 5 + Math.floor(random() * 8);
      const terms = Array.from({ length: count }, earlier);
      if (section > 0 && random() < 0.07) terms[0] = pick(sections[Math.floor(random() * section)] ?? ['v0']);
      formula = `{{SUM}}(${terms.map((term) => `{{${term}}}`).join(', ')}) / ${count}`;
    } else if (roll < 0.5) {
      formula = `{{v${i}-1}} * 1.01 + {{${earlier()}}} * 0.01`;
    } else {
      const previous = own.at(-1) ?? 'v0';
      const before = own.at(-2) ?? previous;
      formula = `{{${previous}}} * 0.51 + {{${before}-1}} * 0.49`;
    }
    own.push(`v${i}`);
    variables.push({ id: `v${i}`, kind: 'formula', segments: wholeRange(formula) });
  }
  return { startMonth: options.startMonth, endMonth, today: addMonths(options.startMonth, 3), variables };
}

function time(runs: number, warmup: number, run: (iteration: number) => unknown): RunStats {
  for (let i = 0; i < warmup; i += 1) run(i);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    run(warmup + i);
    samples.push(performance.now() - started);
  }
  return summarizeRuns(samples);
}

export async function runFormulaBenchmark(options: FormulaBenchOptions): Promise<void> {
  const model = buildFormulaBenchModel(options);
  const cells = options.variables * options.months;
  console.log(
    `\n== Model formulas: ${options.variables} variables x ${options.months} months (${cells.toLocaleString('en-US')} cells; ` +
      `${cpus().length} cores, load ${loadavg()[0]?.toFixed(2)}, Node ${process.version})`,
  );
  const sample = evaluateModel(model);
  let failed = 0;
  for (const row of sample.values.values()) for (const cell of row) if (isFailure(cell)) failed += 1;
  console.log(`  check: ${failed} failed cells (expected 0)`);

  const full = time(options.runs, options.warmup, () => evaluateModel(model));
  console.log(`  evaluateModel (parse, compile, evaluate) ${formatStats(full)}`);
  const evaluator = createModelEvaluator(model);
  const again = time(options.runs, options.warmup, () => evaluator.evaluate());
  console.log(`  evaluate() of a loaded evaluator        ${formatStats(again)}`);

  const inputs = model.variables.filter((variable) => variable.kind === 'input');
  for (const [label, input] of [
    ['a section input', inputs[1]],
    ['another section input', inputs[Math.floor(inputs.length / 2)]],
    ['v0, read by every section', inputs[0]],
  ] as const) {
    if (input === undefined) continue;
    let changed = 0;
    const stats = time(options.runs, options.warmup, (iteration) => {
      const update =
        input.inputType === 'list' || input.inputType === 'link'
          ? { ...input, monthValues: { ...input.monthValues, [model.startMonth]: iteration } }
          : { ...input, value: 1000 + iteration };
      changed = evaluator.updateVariable(update).changed.length;
    });
    console.log(`  updateVariable: ${label}, ${input.id} (${changed} changed) ${formatStats(stats)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await runFormulaBenchmark(DEFAULT_FORMULA_BENCH);
}
