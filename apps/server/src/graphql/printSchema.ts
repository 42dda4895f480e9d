import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';
import { introspectionFromSchema, printSchema } from 'graphql';
import { schema } from './schema';

const webLib = (file: string) => fileURLToPath(new URL(`../../../web/src/lib/${file}`, import.meta.url));

/**
 * What the web app is typed against, each beside the text it must hold: the schema as SDL
 * (apps/web/src/lib/schema.graphql) and gql.tada's introspection types made from it
 * (graphql-env.d.ts, as `npx gql.tada generate output` writes them).
 */
export function printedSchemaFiles(): { path: string; text: string }[] {
  const introspection = minifyIntrospection(introspectionFromSchema(schema, { descriptions: false }));
  return [
    { path: webLib('schema.graphql'), text: `${printSchema(schema)}\n` },
    {
      path: webLib('graphql-env.d.ts'),
      text: outputIntrospectionFile(introspection, { fileType: '.d.ts', shouldPreprocess: true }),
    },
  ];
}

// `npx tsx src/graphql/printSchema.ts` (from apps/server) writes them; schemaPrint.test.ts fails when stale.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const file of printedSchemaFiles()) writeFileSync(file.path, file.text);
}
