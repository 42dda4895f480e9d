import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { authenticateToken, issueAccessToken } from '../modules/auth/tokens';
import { createEntity, listEntitiesForUser } from '../modules/entities/service';
import { openDatabase } from './client';
import { users } from './schema';

const dir = mkdtempSync(join(tmpdir(), 'keel-persist-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('embedded database on disk', () => {
  it('keeps users, entities and tokens when the server stops and starts again', async () => {
    const clock = manualClock(new Date('2026-11-22T12:00:00Z'));
    const first = await openDatabase({ dataDir: dir });
    const [user] = await first.db
      .insert(users)
      .values({ email: 'keep@example.com', name: 'Keep' })
      .returning();
    const entity = await createEntity(first.db, clock, user!.id, 'Kept Co');
    const { token } = await issueAccessToken(first.db, clock, user!.id, 24);
    await first.close();

    const second = await openDatabase({ dataDir: dir });
    try {
      const [reloaded] = await second.db.select().from(users).where(eq(users.id, user!.id));
      expect(reloaded?.email).toBe('keep@example.com');
      expect((await listEntitiesForUser(second.db, user!.id)).map((e) => e.id)).toEqual([entity.id]);
      expect(await authenticateToken(second.db, clock, token)).toMatchObject({ userId: user!.id });
    } finally {
      await second.close();
    }
  }, 60_000);
});
