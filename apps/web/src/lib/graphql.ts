import { initGraphQLTada } from 'gql.tada';
import type { introspection } from './graphql-env.d.ts';

/**
 * Every GraphQL document of the web app is written with `graphql(...)`: gql.tada reads the printed
 * schema (schema.graphql, turned into graphql-env.d.ts by `npx gql.tada generate output` in apps/web)
 * and infers each document's result and variables, so a field the schema does not have, or a type that
 * drifted, fails `npm run typecheck`. The custom scalars are typed as the server sends them.
 * Fragment masking is off: the documents are small and each is read where it is queried.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  disableMasking: true;
  scalars: {
    /** Integer cents. */
    Cents: number;
    /** 'YYYY-MM-DD'. */
    Date: string;
    /** ISO 8601 instant. */
    DateTime: string;
    /** 'YYYY-MM'. */
    MonthKey: string;
    /** Whole units with at most 2 decimals. */
    Units: number;
  };
}>();

export type { ResultOf, VariablesOf } from 'gql.tada';
