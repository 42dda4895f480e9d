import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import { analyzeEmbedded } from '../db/analyzeEmbedded';
import type { Db } from '../db/client';
import { setTransactionMonth } from '../db/currentMonth';
import { entities, memberships, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import type { SecretBox } from '../secrets/secretBox';
import { DEMO_COMPANY_NAME, DEMO_HOLDINGS_NAME, DEMO_OWNER, DEMO_PASSWORD, DEMO_USERS } from './demoUsers';
import { generateCompany } from './generateCompany';
import { seedDemoBanking } from './seedDemoBanking';
import { seedDemoBilling } from './seedDemoBilling';
import { seedDemoCards } from './seedDemoCards';
import { seedDemoCardTransactions } from './seedDemoCardTransactions';
import { seedDemoDashboard } from './seedDemoDashboard';
import { seedDemoForecasts, seedDemoRules } from './seedDemoForecasts';
import { seedDemoHiringPlan } from './seedDemoHiringPlan';
import { seedDemoLinks } from './seedDemoLinks';
import { seedDemoModel } from './seedDemoModel';
import { seedDemoPlans } from './seedDemoPlans';
import { seedDemoTaxDocuments } from './seedDemoTaxDocuments';
import { seedDemoTeam } from './seedDemoTeam';

/**
 * The demo's login as start-up may print it: `password` is the published one (the README quotes it), or
 * null when the operator chose it (DEMO_PASSWORD), which is never printed.
 */
type DemoLogin = { entityName: string; email: string; password: string | null };

/** Seeds of the two demo companies: the demo looks the same on every machine for the same day. */
const DEMO_COMPANY_SEED = 'acme-robotics';
const DEMO_HOLDINGS_SEED = 'acme-holdings';

/**
 * Creates the demo users and companies when the database has no users, all in one transaction, and
 * returns the owner's login; returns null when there are users already. An advisory lock makes two
 * servers starting together seed once. On PGlite the tables are analyzed afterwards (analyzeEmbedded).
 * `secrets`, the server's secret box, seals the demo cards' numbers so Reveal opens them (seedDemoCards),
 * and the demo's bank links' access tokens so later syncs open them (seedDemoLinks). `password` is every
 * demo user's (config.DEMO_PASSWORD); unset, the published one.
 */
export async function seedDemoIfEmpty(
  db: Db,
  clock: Clock,
  secrets?: SecretBox,
  options: { password?: string } = {},
): Promise<DemoLogin | null> {
  if (!(await isUsersTableEmpty(db))) {
    await confirmDemoLogins(db, clock);
    return null;
  }
  const password = options.password ?? DEMO_PASSWORD;
  // argon2 is slow on purpose: hash once and give every demo user the same hash.
  const passwordHash = await hashPassword(password);
  const now = clock.now();
  const login = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('keel:seed-demo'))`);
    await setTransactionMonth(db, tx);
    if (!(await isUsersTableEmpty(tx))) return null;
    const created = await tx
      .insert(users)
      .values(
        DEMO_USERS.map((user) => ({
          email: user.email,
          name: user.name,
          passwordHash,
          // Published demo logins: nobody holds these mailboxes, so there is nothing to confirm.
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(created.map((user) => [user.email, user.id]));
    const ownerId = idByEmail.get(DEMO_OWNER.email);
    if (!ownerId) throw new Error('Demo owner was not created');

    const company = await generateCompany(tx, {
      name: DEMO_COMPANY_NAME,
      seed: DEMO_COMPANY_SEED,
      today: now,
      ownerUserId: ownerId,
    });
    const team = DEMO_USERS.filter((user) => user.role !== 'owner').map((user) => ({
      entityId: company.entityId,
      userId: idByEmail.get(user.email) ?? '',
      role: user.role,
      createdAt: now,
      updatedAt: now,
    }));
    await tx.insert(memberships).values(team);
    await seedDemoTeam(tx, clock, { entityId: company.entityId, ownerId });
    await seedDemoForecasts(tx, clock, company.entityId, { payrollFromHiringPlan: true });
    await seedDemoRules(tx, clock, company.entityId);
    await seedDemoModel(tx, clock, company.entityId);
    await seedDemoHiringPlan(tx, clock, company);
    await seedDemoDashboard(tx, clock, company.entityId);
    await seedDemoBanking(tx, clock, { entityId: company.entityId, ownerId, secrets });
    await seedDemoCards(tx, clock, { entityId: company.entityId, ownerId, secrets });
    await seedDemoCardTransactions(tx, clock, company.entityId);
    await seedDemoLinks(tx, clock, { entityId: company.entityId, ownerId, secrets });
    await seedDemoTaxDocuments(tx, clock, company.entityId);
    await seedDemoBilling(tx, clock, {
      entityId: company.entityId,
      ownerId,
      ownerEmail: DEMO_OWNER.email,
    });
    // Last of the company's seeding: the plans are measured against every actual, the bank's and the
    // linked banks' included.
    await seedDemoPlans(tx, clock, company.entityId);
    const holdings = await generateCompany(tx, {
      name: DEMO_HOLDINGS_NAME,
      seed: DEMO_HOLDINGS_SEED,
      today: now,
      months: 12,
      entries: 800,
      ownerUserId: ownerId,
    });
    // The second company has a plan too, so its Future columns are not all zero.
    await seedDemoForecasts(tx, clock, holdings.entityId);
    return {
      entityName: DEMO_COMPANY_NAME,
      email: DEMO_OWNER.email,
      password: password === DEMO_PASSWORD ? password : null,
    };
  });
  if (login) await analyzeEmbedded(db);
  return login;
}

/**
 * A demo seeded before addresses were confirmed has its logins unconfirmed, which would lock them out
 * (an unconfirmed account cannot sign in with its password). Their addresses are published and nobody
 * receives their mail, so they are confirmed here, but only the demo's users who are members of a demo
 * company: an account someone else made with one of these addresses stays as it is.
 */
async function confirmDemoLogins(db: Db, clock: Clock): Promise<void> {
  const emails = DEMO_USERS.map((user) => user.email);
  await db
    .update(users)
    .set({ emailVerifiedAt: clock.now() })
    .where(
      and(
        inArray(users.email, emails),
        isNull(users.emailVerifiedAt),
        inArray(
          users.id,
          db
            .select({ id: memberships.userId })
            .from(memberships)
            .innerJoin(entities, eq(entities.id, memberships.entityId))
            .where(inArray(entities.name, [DEMO_COMPANY_NAME, DEMO_HOLDINGS_NAME])),
        ),
      ),
    );
}

async function isUsersTableEmpty(db: Db): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}
