import { writeFileSync } from 'node:fs';
import { printSchema } from 'graphql';
import { schema } from './schema';

// Writes the schema SDL beside the web app, for reference and editor tooling.
writeFileSync(new URL('../../../web/src/lib/schema.graphql', import.meta.url), `${printSchema(schema)}\n`);
