import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness';
import { createLedgerFixture, type LedgerFixture } from './ledgerTestKit';

/**
 * An unexpected failure is logged on the server in full and reaches the client only as a coded
 * 'Unexpected error.', with nothing of its details.
 */

let t: TestApp;
let acme: LedgerFixture;
const logLines: string[] = [];

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({ env: { LOG_LEVEL: 'error' }, logStream });
  acme = await createLedgerFixture(t, 'Broken');
});
afterAll(() => t.close());

describe('unexpected errors', () => {
  it('are logged with their cause and answered without it', async () => {
    // Something no request can cause: a table gone from under the server.
    await t.db.execute(sql`ALTER TABLE reports RENAME TO reports_elsewhere`);
    try {
      const result = await acme.gql('query($e: ID!) { reports(entityId: $e) { id } }', { e: acme.entityId });
      expect(result.errors).toEqual([
        expect.objectContaining({
          message: 'Unexpected error.',
          extensions: { code: 'INTERNAL_SERVER_ERROR' },
        }),
      ]);
      expect(JSON.stringify(result)).not.toMatch(/reports_elsewhere|relation|select|stack/i);
      const logged = logLines.map(
        (line) => JSON.parse(line) as { level: number; msg: string; err?: { message?: string } },
      );
      expect(logged).toContainEqual(
        expect.objectContaining({
          level: 50,
          msg: 'Unexpected error in a GraphQL request',
          err: expect.objectContaining({ message: expect.stringContaining('reports') }),
        }),
      );
    } finally {
      await t.db.execute(sql`ALTER TABLE reports_elsewhere RENAME TO reports`);
    }
  });
});
