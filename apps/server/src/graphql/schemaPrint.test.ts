import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { printedSchemaFiles } from './printSchema';

describe('the printed schema', () => {
  it.each(printedSchemaFiles())('$path is the server’s schema as it is now', ({ path, text }) => {
    // The web app's documents are typed against these files (gql.tada): stale, they would let drift through.
    expect(
      readFileSync(path, 'utf8'),
      `${path} is stale: run \`npx tsx src/graphql/printSchema.ts\` in apps/server and commit it`,
    ).toBe(text);
  });
});
