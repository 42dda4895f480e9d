import type { MonthKey } from '../../months';
import type { FormulaError } from '../formulaErrors';
import type { ModelCell } from '../formulaValue';
import type { FormulaReference } from '../language/referencedVariables';
import { monthKeyOfSerial, monthSerial } from '../monthSerial';
import { evaluateGroup } from './evaluateGroup';
import { loadVariableCells } from './loadVariableCells';
import { ModelRuntime, type VariableCells } from './modelRuntime';
import type {
  ModelEvaluation,
  ModelEvaluator,
  ModelSpec,
  ModelUpdate,
  ModelVariableSpec,
} from './modelTypes';
import { type EvaluationGroup, orderModelVariables } from './orderModelVariables';

/**
 * Evaluates a whole model once (see createModelEvaluator for a model kept evaluated through edits).
 * Formulas never make it throw (their problems become failed cells); months that are not 'YYYY-MM'
 * keys do (RangeError), as they are checked where models are saved.
 */
export function evaluateModel(spec: ModelSpec): ModelEvaluation {
  return createModelEvaluator(spec).evaluate();
}

/**
 * A model evaluator. Each formula is parsed and compiled once, when its variable is loaded; evaluating
 * runs the compiled closures over typed arrays. An update re-evaluates the changed variable and the
 * variables reading it, directly or not, in evaluation order, skipping those whose inputs came out
 * unchanged; `changed` lists the variables whose cells or error differ.
 */
export function createModelEvaluator(spec: ModelSpec): ModelEvaluator {
  return new IncrementalModelEvaluator(spec);
}

type Snapshot = { numbers: Float64Array; others: (ModelCell | undefined)[] | null };

function sameReferences(a: readonly FormulaReference[] | undefined, b: readonly FormulaReference[]): boolean {
  if (a === undefined || a.length !== b.length) return false;
  return a.every((reference, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      reference.key === other.key &&
      reference.minOffset === other.minOffset &&
      reference.maxOffset === other.maxOffset &&
      reference.wholeSeries === other.wholeSeries
    );
  });
}

function sameCell(a: ModelCell | undefined, b: ModelCell | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return a.error.code === b.error.code && a.error.message === b.error.message;
}

function sameError(a: FormulaError | undefined, b: FormulaError | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.code === b.code && a.message === b.message);
}

class IncrementalModelEvaluator implements ModelEvaluator {
  private readonly runtime: ModelRuntime;
  private readonly months: MonthKey[];
  private readonly specs = new Map<string, ModelVariableSpec>();
  private readonly dependencies = new Map<string, FormulaReference[]>();
  private readonly problems = new Map<string, FormulaError | undefined>();
  private groups: EvaluationGroup[] | null = null;
  /** For each key (known or not), the variables whose formulas read it. */
  private readers = new Map<string, string[]>();
  private current: ModelEvaluation | null = null;

  constructor(private readonly spec: ModelSpec) {
    const startSerial = monthSerial(spec.startMonth);
    const monthCount = Math.max(0, monthSerial(spec.endMonth) - startSerial + 1);
    this.months = Array.from({ length: monthCount }, (_, index) => monthKeyOfSerial(startSerial + index));
    this.runtime = new ModelRuntime(startSerial, monthCount, monthSerial(spec.today), spec.variables.length);
    for (const variable of spec.variables) this.load(variable);
  }

  evaluate(): ModelEvaluation {
    for (const group of this.orderedGroups())
      evaluateGroup(this.cellsOfGroup(group), group.cyclic, this.runtime);
    const values = new Map<string, ModelCell[]>();
    for (const id of this.specs.keys()) values.set(id, this.cellArray(id));
    this.current = { months: this.months, values, errors: new Map(this.problems) };
    return this.current;
  }

  updateVariable(variable: ModelVariableSpec): ModelUpdate {
    const before = this.current === null ? null : this.snapshot(variable.id);
    const problemBefore = this.problems.get(variable.id);
    const known = this.specs.has(variable.id);
    this.load(variable);
    if (this.current === null || before === null) return this.evaluateAll();
    const changed = new Set<string>();
    if (
      !known ||
      this.differs(variable.id, before) ||
      !sameError(problemBefore, this.problems.get(variable.id))
    )
      changed.add(variable.id);
    return this.propagate(variable.id, changed);
  }

  removeVariable(id: string): ModelUpdate {
    if (!this.specs.has(id)) return { changed: [], evaluation: this.current ?? this.evaluate() };
    this.specs.delete(id);
    this.dependencies.delete(id);
    this.problems.delete(id);
    this.runtime.cellsOf(id).markMissing();
    this.groups = null;
    if (this.current === null) return this.evaluateAll();
    return this.propagate(id, new Set([id]));
  }

  private evaluateAll(): ModelUpdate {
    const evaluation = this.evaluate();
    return { changed: [...this.specs.keys()], evaluation };
  }

  /** Adds or replaces a variable's cells and formulas; the evaluation order is redone if its references changed. */
  private load(variable: ModelVariableSpec): void {
    const isNew = !this.specs.has(variable.id);
    this.specs.set(variable.id, variable);
    const cells = this.runtime.cellsOf(variable.id);
    const { references, problem } = loadVariableCells(cells, variable, this.spec, this.months, this.runtime);
    this.problems.set(variable.id, problem);
    if (isNew || !sameReferences(this.dependencies.get(variable.id), references)) this.groups = null;
    this.dependencies.set(variable.id, references);
  }

  private orderedGroups(): EvaluationGroup[] {
    if (this.groups !== null) return this.groups;
    this.groups = orderModelVariables(this.dependencies);
    const readers = new Map<string, string[]>();
    for (const [id, references] of this.dependencies) {
      for (const { key } of references) {
        const list = readers.get(key);
        if (list === undefined) readers.set(key, [id]);
        else list.push(id);
      }
    }
    this.readers = readers;
    return this.groups;
  }

  private cellsOfGroup(group: EvaluationGroup): VariableCells[] {
    return group.members.map((id) => this.runtime.cellsOf(id));
  }

  /**
   * Re-evaluates, in evaluation order, the groups reading `origin` directly or not, skipping a group
   * when none of the keys its members read changed; `changed` starts with the origin if it changed.
   */
  private propagate(origin: string, changed: Set<string>): ModelUpdate {
    const groups = this.orderedGroups();
    const affected = new Set([origin]);
    const queue = [origin];
    for (let i = 0; i < queue.length; i += 1) {
      for (const reader of this.readers.get(queue[i] ?? '') ?? []) {
        if (!affected.has(reader)) {
          affected.add(reader);
          queue.push(reader);
        }
      }
    }
    for (const group of groups) {
      if (!group.members.some((id) => affected.has(id))) continue;
      const needed = group.members.some(
        (id) => id === origin || (this.dependencies.get(id) ?? []).some(({ key }) => changed.has(key)),
      );
      if (!needed) continue;
      const before = group.members.map((id) => this.snapshot(id));
      evaluateGroup(this.cellsOfGroup(group), group.cyclic, this.runtime);
      group.members.forEach((id, index) => {
        const snapshot = before[index];
        if (snapshot !== undefined && this.differs(id, snapshot)) changed.add(id);
      });
    }
    return { changed: [...changed], evaluation: this.publish(changed) };
  }

  /** A new evaluation sharing the arrays of unchanged variables with the previous one. */
  private publish(changed: ReadonlySet<string>): ModelEvaluation {
    const previous = this.current;
    const values = new Map<string, ModelCell[]>();
    for (const id of this.specs.keys()) {
      const kept = changed.has(id) ? undefined : previous?.values.get(id);
      values.set(id, kept ?? this.cellArray(id));
    }
    this.current = { months: this.months, values, errors: new Map(this.problems) };
    return this.current;
  }

  private cellArray(id: string): ModelCell[] {
    const cells = this.runtime.cellsOf(id);
    const array: ModelCell[] = new Array(this.months.length);
    for (let month = 0; month < array.length; month += 1) array[month] = cells.cell(month);
    return array;
  }

  private snapshot(id: string): Snapshot {
    const cells = this.runtime.cellsOf(id);
    return { numbers: cells.copyNumbers(), others: cells.others === null ? null : [...cells.others] };
  }

  private differs(id: string, before: Snapshot): boolean {
    const cells = this.runtime.cellsOf(id);
    const { numbers, monthCount } = this.runtime;
    const others = cells.others;
    for (let month = 0; month < monthCount; month += 1) {
      if (numbers[cells.base + month] !== before.numbers[month]) return true;
      if (!sameCell(others?.[month], before.others?.[month])) return true;
    }
    return false;
  }
}
