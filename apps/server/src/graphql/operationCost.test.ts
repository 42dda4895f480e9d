import { type FragmentDefinitionNode, getOperationAST, Kind, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { OPERATION_COST_MAX, operationCost } from './operationCost';
import { schema } from './schema';

function costOf(query: string, variables: Record<string, unknown> = {}): number {
  const document = parse(query);
  const operation = getOperationAST(document);
  if (!operation) throw new Error('no operation');
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return operationCost(schema, operation, fragments, variables);
}

const SEARCH =
  'bookkeepingTransactionsConnection(entityId: "e", first: $first) { count edges { cursor node { id name amount } } }';

describe('operation cost', () => {
  it('counts one per field, and a field policy’s weight for the heavy ones', () => {
    expect(costOf('{ today me { id email } }')).toBe(4);
    expect(costOf('{ report(entityId: "e") { id name } }')).toBe(5_002);
  });

  it('multiplies what a paged field selects by its first argument, 50 when absent', () => {
    // 10,000 for the search, then per row: edges 1 + cursor 1 + node (1 + 3) = 6, and count 1 once.
    expect(costOf(`query($first: Int) { ${SEARCH} }`, { first: 500 })).toBe(10_000 + 500 * 7);
    expect(costOf(`query($first: Int) { ${SEARCH} }`, {})).toBe(10_000 + 50 * 7);
    expect(costOf(`query($first: Int) { ${SEARCH} }`, { first: 0 })).toBe(10_000 + 7);
  });

  it('counts every alias and every fragment spread', () => {
    const one = costOf('{ report(entityId: "e") { id } }');
    expect(costOf('{ a: report(entityId: "e") { id } b: report(entityId: "e") { id } }')).toBe(2 * one);
    expect(costOf('{ report(entityId: "e") { ...F } } fragment F on ReportView { id }')).toBe(one);
  });

  it('lets a request hold four reports or two searches, and no more', () => {
    const reports = (n: number) =>
      `{ ${Array.from({ length: n }, (_, i) => `r${i}: report(entityId: "e") { id name }`).join(' ')} }`;
    expect(costOf(reports(4))).toBeLessThanOrEqual(OPERATION_COST_MAX);
    expect(costOf(reports(5))).toBeGreaterThan(OPERATION_COST_MAX);
    const searches = (n: number) =>
      `query($first: Int) { ${Array.from({ length: n }, (_, i) => `s${i}: ${SEARCH}`).join(' ')} }`;
    expect(costOf(searches(2), { first: 50 })).toBeLessThanOrEqual(OPERATION_COST_MAX);
    expect(costOf(searches(3), { first: 50 })).toBeGreaterThan(OPERATION_COST_MAX);
  });
});
