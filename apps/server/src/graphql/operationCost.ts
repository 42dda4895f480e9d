import {
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getArgumentValues,
  getNamedType,
  isInterfaceType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  SchemaMetaFieldDef,
  type SelectionSetNode,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
} from 'graphql';

/**
 * What one GraphQL request may cost, so that no single request can keep the database busy for long
 * (PGlite cannot cancel a statement once it runs). Each selected field costs its weight (1, or the
 * `cost` of its fieldPolicy for fields that do real database work), plus its children's cost times how
 * many items it returns: its `first` argument (50 when absent, the page size of every paged field) or
 * 1. Aliases count each time. With the weights given (a report 5,000, a transactions search 10,000, a
 * bulk move 5,000, a page of drawer entries 500), one request may hold four reports, two searches or
 * four bulk moves, and any page the web app asks for fits with room to spare.
 */
export const OPERATION_COST_MAX = 25_000;
/** The page size a paged field (one with a `first` argument) is assumed to return when `first` is absent. */
const DEFAULT_PAGE_ITEMS = 50;

export function operationCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Record<string, unknown>,
): number {
  const root =
    operation.operation === 'query'
      ? schema.getQueryType()
      : operation.operation === 'mutation'
        ? schema.getMutationType()
        : schema.getSubscriptionType();
  if (!root) return 0;
  return selectionSetCost(schema, operation.selectionSet, root, fragments, variables, new Set());
}

function selectionSetCost(
  schema: GraphQLSchema,
  selectionSet: SelectionSetNode,
  parentType: GraphQLNamedType,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Record<string, unknown>,
  spreading: ReadonlySet<string>,
): number {
  let total = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      total += fieldCostOf(schema, selection, parentType, fragments, variables, spreading);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : parentType;
      total += selectionSetCost(
        schema,
        selection.selectionSet,
        type ?? parentType,
        fragments,
        variables,
        spreading,
      );
    } else {
      const name = selection.name.value;
      const fragment = fragments[name];
      // Validation refuses fragment cycles; the guard keeps this safe if it ever runs first.
      if (!fragment || spreading.has(name)) continue;
      const type = schema.getType(fragment.typeCondition.name.value) ?? parentType;
      total += selectionSetCost(
        schema,
        fragment.selectionSet,
        type,
        fragments,
        variables,
        new Set([...spreading, name]),
      );
    }
  }
  return total;
}

function fieldCostOf(
  schema: GraphQLSchema,
  node: FieldNode,
  parentType: GraphQLNamedType,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
  variables: Record<string, unknown>,
  spreading: ReadonlySet<string>,
): number {
  const field = fieldDefinition(schema, parentType, node.name.value);
  if (!field) return 1;
  const weight = typeof field.extensions.cost === 'number' ? field.extensions.cost : 1;
  if (!node.selectionSet) return weight;
  const children = selectionSetCost(
    schema,
    node.selectionSet,
    getNamedType(field.type),
    fragments,
    variables,
    spreading,
  );
  return weight + itemsOf(field, node, variables) * children;
}

function itemsOf(field: GraphQLField<unknown, unknown>, node: FieldNode, variables: Record<string, unknown>) {
  if (!field.args.some((arg) => arg.name === 'first')) return 1;
  let first: unknown;
  try {
    first = getArgumentValues(field, node, variables).first;
  } catch {
    return DEFAULT_PAGE_ITEMS; // an invalid value: the resolver refuses it
  }
  return typeof first === 'number' && Number.isFinite(first) ? Math.max(1, first) : DEFAULT_PAGE_ITEMS;
}

function fieldDefinition(
  schema: GraphQLSchema,
  parentType: GraphQLNamedType,
  name: string,
): GraphQLField<unknown, unknown> | undefined {
  if (name === SchemaMetaFieldDef.name && parentType === schema.getQueryType()) return SchemaMetaFieldDef;
  if (name === TypeMetaFieldDef.name && parentType === schema.getQueryType()) return TypeMetaFieldDef;
  if (name === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  if (isObjectType(parentType) || isInterfaceType(parentType)) return parentType.getFields()[name];
  return undefined;
}
