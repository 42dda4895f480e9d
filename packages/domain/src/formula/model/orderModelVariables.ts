import type { FormulaReference } from '../language/referencedVariables';

/**
 * Variables that evaluate together. A variable that is in no loop of references (`cyclic` false) is
 * evaluated alone, all its months at once, after everything it reads. Variables that read each other
 * (or a variable reading itself, as `{{revenue-1}} * 1.02` does) are `cyclic` and evaluated month by
 * month, `members` ordered so that a variable comes after those it reads in the same month.
 */
export type EvaluationGroup = { members: string[]; cyclic: boolean };

/** Whether a reference reads the cell's own month (offset 0 in its span, or any month via `.ref`). */
function readsSameMonth(reference: FormulaReference): boolean {
  return reference.wholeSeries || (reference.minOffset <= 0 && reference.maxOffset >= 0);
}

/**
 * The model's variables in evaluation order, dependencies first: the strongly connected components of
 * the reference graph (Tarjan's algorithm, run with an explicit stack so a 1,000-variable chain does not
 * recurse 1,000 deep). References to keys not in `dependencies` (unknown variables) are ignored here.
 */
export function orderModelVariables(
  dependencies: ReadonlyMap<string, readonly FormulaReference[]>,
): EvaluationGroup[] {
  const keys = [...dependencies.keys()];
  const indexOf = new Map(keys.map((key, index) => [key, index]));
  const successors = keys.map((key) =>
    (dependencies.get(key) ?? []).flatMap((reference) => {
      const target = indexOf.get(reference.key);
      return target === undefined ? [] : [target];
    }),
  );

  const order = new Int32Array(keys.length).fill(-1);
  const lowLink = new Int32Array(keys.length);
  const onStack = new Uint8Array(keys.length);
  const stack: number[] = [];
  const groups: EvaluationGroup[] = [];
  let counter = 0;

  for (let root = 0; root < keys.length; root += 1) {
    if (order[root] !== -1) continue;
    const frames: { node: number; next: number }[] = [];
    const enter = (node: number) => {
      order[node] = counter;
      lowLink[node] = counter;
      counter += 1;
      stack.push(node);
      onStack[node] = 1;
      frames.push({ node, next: 0 });
    };
    enter(root);
    while (frames.length > 0) {
      const frame = frames[frames.length - 1] as { node: number; next: number };
      const edges = successors[frame.node] ?? [];
      if (frame.next < edges.length) {
        const target = edges[frame.next] as number;
        frame.next += 1;
        if (order[target] === -1) enter(target);
        else if (onStack[target] === 1)
          lowLink[frame.node] = Math.min(lowLink[frame.node] ?? 0, order[target] ?? 0);
        continue;
      }
      frames.pop();
      const parent = frames[frames.length - 1];
      if (parent !== undefined)
        lowLink[parent.node] = Math.min(lowLink[parent.node] ?? 0, lowLink[frame.node] ?? 0);
      if (lowLink[frame.node] !== order[frame.node]) continue;
      const members: number[] = [];
      for (;;) {
        const member = stack.pop() as number;
        onStack[member] = 0;
        members.push(member);
        if (member === frame.node) break;
      }
      const cyclic = members.length > 1 || (successors[frame.node] ?? []).includes(frame.node);
      groups.push({
        members: cyclic ? orderSameMonth(members, keys, dependencies) : [keys[frame.node] ?? ''],
        cyclic,
      });
    }
  }
  return groups;
}

/**
 * Members of a loop ordered so each comes after the members it reads in the same month (Kahn's
 * algorithm on same-month references); members caught in a same-month loop keep their model order
 * after the others (their cells will be reported as circular references).
 */
function orderSameMonth(
  members: number[],
  keys: readonly string[],
  dependencies: ReadonlyMap<string, readonly FormulaReference[]>,
): string[] {
  const names = members.sort((a, b) => a - b).map((member) => keys[member] ?? '');
  const inGroup = new Set(names);
  const waitingOn = new Map<string, number>();
  const readers = new Map<string, string[]>();
  for (const name of names) {
    const sameMonth = (dependencies.get(name) ?? []).filter(
      (reference) => inGroup.has(reference.key) && reference.key !== name && readsSameMonth(reference),
    );
    waitingOn.set(name, sameMonth.length);
    for (const reference of sameMonth)
      readers.set(reference.key, [...(readers.get(reference.key) ?? []), name]);
  }
  const ordered: string[] = [];
  const ready = names.filter((name) => waitingOn.get(name) === 0);
  for (let i = 0; i < ready.length; i += 1) {
    const name = ready[i] ?? '';
    ordered.push(name);
    for (const reader of readers.get(name) ?? []) {
      const left = (waitingOn.get(reader) ?? 0) - 1;
      waitingOn.set(reader, left);
      if (left === 0) ready.push(reader);
    }
  }
  const placed = new Set(ordered);
  return [...ordered, ...names.filter((name) => !placed.has(name))];
}
