import { eq } from 'drizzle-orm';
import { entities, users } from '../src/db/schema';
import { DEMO_COMPANY_NAME, DEMO_OWNER } from '../src/demo/demoUsers';
import { seedDemoIfEmpty } from '../src/demo/seedDemo';
import { issueAccessToken } from '../src/modules/auth/tokens';
import { secretBoxOf } from '../src/secrets/secretBox';
import type { TestApp } from './harness';

/** The demo company, its owner, and an access token of the owner's. */
export type DemoOwner = { entityId: string; ownerId: string; token: string };

/** Signs the demo company's owner in, in an app whose database holds the demo. */
export async function signInDemoOwner(t: TestApp): Promise<DemoOwner> {
  const [company] = await t.db.select().from(entities).where(eq(entities.name, DEMO_COMPANY_NAME));
  const [owner] = await t.db.select().from(users).where(eq(users.email, DEMO_OWNER.email));
  if (!company || !owner) throw new Error('no demo company or owner');
  const { token } = await issueAccessToken(t.db, t.clock, owner.id, 1);
  return { entityId: company.id, ownerId: owner.id, token };
}

/** Seeds the demo into the app's empty database and signs its owner in. */
export async function seedDemoAndSignIn(t: TestApp): Promise<DemoOwner> {
  await seedDemoIfEmpty(t.db, t.clock, secretBoxOf(t.config));
  return signInDemoOwner(t);
}
