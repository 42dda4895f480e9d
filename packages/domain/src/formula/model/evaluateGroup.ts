import { CircularReferenceError } from '../formulaErrors';
import { fail } from '../formulaValue';
import {
  CELL_ACTIVE,
  CELL_DONE,
  CELL_UNSET,
  type ModelRuntime,
  PENDING,
  type VariableCells,
} from './modelRuntime';

/**
 * Evaluates the formula cells of one evaluation group (see orderModelVariables) whose variables'
 * dependencies outside the group are all evaluated. A variable in no loop is evaluated segment by
 * segment on its own; a loop's variables month by month, all of them for one month before the next, so
 * references to earlier months (`{{revenue-1}}`) find their cells done.
 *
 * A formula that reads a cell not done yet (a later month, or a member of the same loop not yet
 * evaluated this month) gets PENDING back; the cell is then put on an explicit stack, the missing cell
 * evaluated, and the formula run again. A cell needed while it is on the stack closes a loop: every
 * cell of the loop gets one CircularReferenceError, and the cells that waited on them get it in turn.
 * Nothing recurses from cell to cell, so no chain of references can overflow the call stack.
 */
export function evaluateGroup(
  members: readonly VariableCells[],
  cyclic: boolean,
  runtime: ModelRuntime,
): void {
  for (const cells of members) if (cells.kind === 'formula') cells.fillState(CELL_UNSET);
  if (!cyclic) {
    const cells = members[0];
    if (cells?.kind === 'formula') evaluateVariable(cells, runtime);
    return;
  }
  for (let month = 0; month < runtime.monthCount; month += 1) {
    for (const cells of members) {
      if (cells.kind === 'formula' && cells.state(month) !== CELL_DONE) evaluateCell(cells, month, runtime);
    }
  }
}

/** Every month of a variable in no loop: blanks outside its segments, each segment's formula inside. */
function evaluateVariable(cells: VariableCells, runtime: ModelRuntime): void {
  let month = 0;
  for (const { first, last, formula } of cells.pieces) {
    for (; month < first; month += 1) {
      cells.store(month, null);
      cells.setState(month, CELL_DONE);
    }
    for (; month <= last; month += 1) {
      if (cells.state(month) === CELL_DONE) continue;
      cells.setState(month, CELL_ACTIVE);
      const value = formula(month);
      if (value === PENDING) settle(cells, month, runtime);
      else {
        cells.store(month, value);
        cells.setState(month, CELL_DONE);
      }
    }
  }
  for (; month < runtime.monthCount; month += 1) {
    cells.store(month, null);
    cells.setState(month, CELL_DONE);
  }
}

function evaluateCell(cells: VariableCells, month: number, runtime: ModelRuntime): void {
  const formula = cells.formulaAt(month);
  if (formula === null) {
    cells.store(month, null);
    cells.setState(month, CELL_DONE);
    return;
  }
  cells.setState(month, CELL_ACTIVE);
  const value = formula(month);
  if (value === PENDING) settle(cells, month, runtime);
  else {
    cells.store(month, value);
    cells.setState(month, CELL_DONE);
  }
}

/** Evaluates a cell whose formula returned PENDING, and the cells it waits on, with an explicit stack. */
function settle(first: VariableCells, firstMonth: number, runtime: ModelRuntime): void {
  const stackCells: VariableCells[] = [first];
  const stackMonths: number[] = [firstMonth];
  // The formula on top of the stack has just returned PENDING: runtime says which cell it waits on.
  let waiting = true;
  while (stackCells.length > 0) {
    const top = stackCells.length - 1;
    const cells = stackCells[top] as VariableCells;
    const month = stackMonths[top] as number;
    if (!waiting) {
      const formula = cells.formulaAt(month);
      const value = formula === null ? null : formula(month);
      if (value !== PENDING) {
        cells.store(month, value);
        cells.setState(month, CELL_DONE);
        stackCells.pop();
        stackMonths.pop();
        continue;
      }
    }
    waiting = false;
    const needed = runtime.pendingCells as VariableCells;
    const neededMonth = runtime.pendingIndex;
    if (needed.state(neededMonth) !== CELL_ACTIVE) {
      needed.setState(neededMonth, CELL_ACTIVE);
      stackCells.push(needed);
      stackMonths.push(neededMonth);
      continue;
    }
    // The needed cell is on the stack: it and every cell above it form a loop.
    let start = top;
    while (start > 0 && !(stackCells[start] === needed && stackMonths[start] === neededMonth)) start -= 1;
    const loop = stackCells.slice(start);
    const members = [...new Set(loop)];
    const failure = fail(
      new CircularReferenceError(
        members.map((member) => member.key),
        members.map((member) => member.name),
      ),
    );
    for (let index = start; index <= top; index += 1) {
      const member = stackCells[index] as VariableCells;
      const memberMonth = stackMonths[index] as number;
      member.store(memberMonth, failure);
      member.setState(memberMonth, CELL_DONE);
    }
    stackCells.length = start;
    stackMonths.length = start;
  }
}
