import { findTextProblem } from '@keel/domain';
import {
  type ArgumentNode,
  type DocumentNode,
  GraphQLError,
  type GraphQLInputType,
  type GraphQLSchema,
  getNullableType,
  isInputObjectType,
  isListType,
  isScalarType,
  Kind,
  TypeInfo,
  valueFromAST,
  visit,
  visitWithTypeInfo,
} from 'graphql';

/**
 * The bounds every GraphQL argument is held to, whatever its field: text has a length cap (String
 * 255 and ID 64 characters unless the argument's `extensions.maxLength` says otherwise), lists an item
 * cap (1,000 unless `extensions.maxItems`), and no text may hold a NUL character (PostgreSQL text cannot)
 * or a lone UTF-16 surrogate (it would be stored as U+FFFD, not as sent). Lengths count UTF-16 code
 * units, as JavaScript's `length` and the forms' limits do.
 */
const DEFAULT_MAX_LENGTH = { String: 255, ID: 64 } as const;
const DEFAULT_MAX_ITEMS = 1_000;

/** What an argument may declare in its `extensions` to change the defaults. */
type InputLimits = { maxLength?: number; maxItems?: number };

/** The limits of an argument whose text may be longer or shorter than the default, e.g. a memo. */
export const textLimit = (maxLength: number) => ({ extensions: { maxLength } });

/**
 * The first argument of the document that breaks a bound, as a BAD_USER_INPUT error naming it
 * (`extensions.field`), or null. Values come from the literals and the (already coerced) variables.
 */
export function findInputLimitError(
  schema: GraphQLSchema,
  document: DocumentNode,
  variables: Record<string, unknown>,
): GraphQLError | null {
  for (const site of argumentSitesOf(schema, document)) {
    const value = valueFromAST(site.node.value, site.type, variables);
    const problem = checkValue(value, site.type, site.limits);
    if (problem) {
      return new GraphQLError(`${labelOf(site.node.name.value)} ${problem}`, {
        nodes: [site.node],
        extensions: { code: 'BAD_USER_INPUT', field: site.node.name.value },
      });
    }
  }
  return null;
}

/** An argument of a document, with the type and limits its field declares. */
type ArgumentSite = { node: ArgumentNode; type: GraphQLInputType; limits: InputLimits };

/** The argument sites of each parsed document (Yoga parses a query text once and reuses its document). */
const argumentSites = new WeakMap<GraphQLSchema, WeakMap<DocumentNode, readonly ArgumentSite[]>>();

/**
 * The document's arguments in document order, found once per document: walking a whole query with its
 * types (the Report query has some hundred fields) costs more than checking its few arguments' values.
 */
function argumentSitesOf(schema: GraphQLSchema, document: DocumentNode): readonly ArgumentSite[] {
  let bySchema = argumentSites.get(schema);
  if (!bySchema) {
    bySchema = new WeakMap();
    argumentSites.set(schema, bySchema);
  }
  let sites = bySchema.get(document);
  if (!sites) {
    const found: ArgumentSite[] = [];
    const typeInfo = new TypeInfo(schema);
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        Argument(node) {
          const argument = typeInfo.getArgument();
          if (argument) {
            found.push({ node, type: argument.type, limits: argument.extensions as InputLimits });
          }
          return false;
        },
      }),
    );
    sites = found;
    bySchema.set(document, sites);
  }
  return sites;
}

/** What is wrong with a value of this type, as the end of a sentence, or null. */
function checkValue(value: unknown, type: GraphQLInputType, limits: InputLimits): string | null {
  if (value === null || value === undefined) return null;
  const nullable = getNullableType(type);
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return checkValue(value, nullable.ofType, limits);
    const maxItems = limits.maxItems ?? DEFAULT_MAX_ITEMS;
    if (value.length > maxItems) return `must have at most ${maxItems} items`;
    for (const item of value) {
      const problem = checkValue(item, nullable.ofType, limits);
      if (problem) return problem;
    }
    return null;
  }
  if (isInputObjectType(nullable)) {
    for (const field of Object.values(nullable.getFields())) {
      const problem = checkValue(
        (value as Record<string, unknown>)[field.name],
        field.type,
        field.extensions as InputLimits,
      );
      if (problem) return `${field.name} ${problem}`;
    }
    return null;
  }
  if (typeof value !== 'string') return null;
  const textProblem = findTextProblem(value);
  if (textProblem === 'nul') return 'must not contain NUL characters';
  if (textProblem === 'lone_surrogate') return 'must be valid Unicode text (it has a lone surrogate)';
  const defaultMax =
    isScalarType(nullable) && nullable.name in DEFAULT_MAX_LENGTH
      ? DEFAULT_MAX_LENGTH[nullable.name as keyof typeof DEFAULT_MAX_LENGTH]
      : undefined;
  const maxLength = limits.maxLength ?? defaultMax;
  if (maxLength !== undefined && value.length > maxLength) {
    return `must be at most ${maxLength} characters`;
  }
  return null;
}

/** 'nameFilter' -> 'Name filter', 'accountIds' -> 'Account ids': how a message names the field. */
function labelOf(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The argument names an operation's variables feed, by variable: to name the field of a variable error. */
export function argumentsByVariable(document: DocumentNode): Map<string, string> {
  const names = new Map<string, string>();
  visit(document, {
    Argument(node) {
      visit(node.value, {
        Variable(variable) {
          if (!names.has(variable.name.value)) names.set(variable.name.value, node.name.value);
        },
      });
    },
    [Kind.OBJECT_FIELD](node) {
      if (node.value.kind === Kind.VARIABLE && !names.has(node.value.name.value)) {
        names.set(node.value.name.value, node.name.value);
      }
    },
  });
  return names;
}
