import { FormulaEvaluationError, UnknownVariableError } from '../formulaErrors';
import { type FormulaFailure, type FormulaValue, fail, type ModelCell } from '../formulaValue';
import type { FunctionContext } from '../functions/scalarFunction';

/** A compiled formula: the value of its cell in month `month` (0 = the model's first month). */
export type CompiledFormula = (month: number) => FormulaValue;

/** Evaluation states of a cell. */
export const CELL_UNSET = 0;
/** Being evaluated (on the evaluation stack): reading it again means a circular reference. */
export const CELL_ACTIVE = 1;
export const CELL_DONE = 2;
/** A cell of a variable the model does not have: reading it gives "Unknown variable". */
const CELL_MISSING = 3;

/**
 * What a formula returns when it read a cell not evaluated yet (a later month, or a variable of the same
 * loop): the scheduler evaluates that cell (runtime.pendingCells/pendingIndex) and then the formula
 * again. It propagates like any failure and never reaches a stored cell.
 */
export const PENDING: FormulaFailure = Object.freeze({
  error: new FormulaEvaluationError('Internal: a cell was read before it was evaluated'),
});

type CellsKind = 'missing' | 'input' | 'link' | 'formula';

/** A formula segment compiled: `formula` gives the months `first` to `last` (model month indexes). */
export type CompiledPiece = { first: number; last: number; formula: CompiledFormula };

/** Text, booleans, failures and null (blank): the cells a Float64Array cannot hold. */
type OtherCell = string | boolean | FormulaFailure | null;

/**
 * One variable's months while a model evaluates. Numbers and evaluation states live in the runtime's
 * shared typed arrays from `base` on (one allocation for the whole model, not two per variable);
 * anything that is not a number goes in `others`, allocated only for variables that have such cells,
 * where undefined means "the number in the shared array".
 */
export class VariableCells {
  kind: CellsKind = 'missing';
  others: (OtherCell | undefined)[] | null = null;
  /** Link inputs: the account's figures by month serial, read outside the model range. */
  linkFigures: Map<number, number> | null = null;
  /** Formula variables: the compiled segments, in month order; months outside them are blank. */
  pieces: CompiledPiece[] = [];
  /** What error messages call the variable (its name), or null to call it by its key. */
  name: string | null = null;
  private unknownFailure: FormulaFailure | null = null;

  constructor(
    readonly key: string,
    readonly base: number,
    private readonly runtime: ModelRuntime,
  ) {}

  /** What reading a missing variable gives (made on first use: most keys are never missing). */
  get unknown(): FormulaFailure {
    this.unknownFailure ??= fail(new UnknownVariableError(this.key));
    return this.unknownFailure;
  }

  store(index: number, value: ModelCell): void {
    if (typeof value === 'number') {
      this.runtime.numbers[this.base + index] = value === 0 ? 0 : value;
      if (this.others !== null) this.others[index] = undefined;
    } else {
      this.runtime.numbers[this.base + index] = 0;
      if (this.others === null) this.others = new Array(this.runtime.monthCount).fill(undefined);
      this.others[index] = value;
    }
  }

  cell(index: number): ModelCell {
    const other = this.others?.[index];
    return other === undefined ? (this.runtime.numbers[this.base + index] ?? null) : other;
  }

  state(index: number): number {
    return this.runtime.states[this.base + index] ?? CELL_MISSING;
  }

  setState(index: number, state: number): void {
    this.runtime.states[this.base + index] = state;
  }

  fillState(state: number): void {
    this.runtime.states.fill(state, this.base, this.base + this.runtime.monthCount);
  }

  /** The compiled formula of a month, or null where no segment covers it. */
  formulaAt(index: number): CompiledFormula | null {
    for (const piece of this.pieces) if (index >= piece.first && index <= piece.last) return piece.formula;
    return null;
  }

  /** A copy of the numbers, to tell afterwards whether an evaluation changed them. */
  copyNumbers(): Float64Array {
    return this.runtime.numbers.slice(this.base, this.base + this.runtime.monthCount);
  }

  /** Makes every month read as "Unknown variable" (the variable is not in the model). */
  markMissing(): void {
    this.kind = 'missing';
    this.pieces = [];
    this.linkFigures = null;
    this.others = null;
    this.runtime.numbers.fill(0, this.base, this.base + this.runtime.monthCount);
    this.fillState(CELL_MISSING);
  }
}

/**
 * The cells of one model evaluation and how formulas read them. Reading a month outside the model range
 * gives 0 (a blank month) except for link inputs, whose figures exist in every month.
 */
export class ModelRuntime {
  readonly context: FunctionContext;
  /** Every variable's numbers, `monthCount` per variable. */
  numbers: Float64Array;
  /** Every cell's evaluation state (CELL_…), laid out as `numbers`. */
  states: Uint8Array;
  pendingCells: VariableCells | null = null;
  pendingIndex = 0;
  private readonly cellsByKey = new Map<string, VariableCells>();

  constructor(
    readonly startSerial: number,
    readonly monthCount: number,
    readonly todaySerial: number,
    expectedVariables: number,
  ) {
    this.context = { month: startSerial, today: todaySerial };
    const capacity = Math.max(16, expectedVariables) * monthCount;
    this.numbers = new Float64Array(capacity);
    this.states = new Uint8Array(capacity);
  }

  /** The cells of a key, created missing ("Unknown variable") when the model has no such variable yet. */
  cellsOf(key: string): VariableCells {
    let cells = this.cellsByKey.get(key);
    if (cells === undefined) {
      const base = this.cellsByKey.size * this.monthCount;
      if (base + this.monthCount > this.numbers.length) this.grow();
      cells = new VariableCells(key, base, this);
      cells.markMissing();
      this.cellsByKey.set(key, cells);
    }
    return cells;
  }

  private grow(): void {
    const numbers = new Float64Array(this.numbers.length * 2);
    numbers.set(this.numbers);
    this.numbers = numbers;
    const states = new Uint8Array(this.states.length * 2);
    states.set(this.states);
    this.states = states;
  }

  /** A cell as a formula reads it: blank is 0; PENDING when the cell is not evaluated yet. */
  read(cells: VariableCells, index: number): FormulaValue {
    if (index >= 0 && index < this.monthCount) {
      const at = cells.base + index;
      if (this.states[at] !== CELL_DONE) return this.notDone(cells, index);
      const others = cells.others;
      if (others !== null) {
        const other = others[index];
        if (other !== undefined) return other === null ? 0 : other;
      }
      return this.numbers[at] as number;
    }
    return this.readOutside(cells, index);
  }

  /**
   * A cell of the model range as a month range reads it: null for blank, so aggregates skip it. Ranges
   * stop at the model range (one reaching before the start reads from the start).
   */
  readForRange(cells: VariableCells, index: number): ModelCell {
    if (this.states[cells.base + index] !== CELL_DONE) return this.notDone(cells, index);
    return cells.cell(index);
  }

  /** A missing variable's failure, or PENDING with the cell noted for the scheduler. */
  private notDone(cells: VariableCells, index: number): FormulaFailure {
    if (cells.kind === 'missing') return cells.unknown;
    this.pendingCells = cells;
    this.pendingIndex = index;
    return PENDING;
  }

  private readOutside(cells: VariableCells, index: number): FormulaValue {
    if (cells.kind === 'missing') return cells.unknown;
    if (cells.kind === 'link') return cells.linkFigures?.get(this.startSerial + index) ?? 0;
    return 0;
  }
}
