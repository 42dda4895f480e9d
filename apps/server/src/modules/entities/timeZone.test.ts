import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createSignedInUser } from '../../../test/users';
import { auditEvents, entities, memberships } from '../../db/schema';
import { currentMonthOf } from '../assistant/tools/assistantReport';
import { quoteProPlan } from '../billing/quoteProPlan';
import { createEntity } from './service';
import { entityToday } from './timeZone';

/**
 * A company's days and months follow its own time zone. At 2026-12-01T07:30Z it is
 * still 23:30 on 30 November in Los Angeles: a Los Angeles company is in November, a UTC one in December.
 */
const LATE_NOVEMBER_IN_LOS_ANGELES = new Date('2026-12-01T07:30:00.000Z');
const LOS_ANGELES = 'America/Los_Angeles';
/** Where each test starts: the day before, so the sign-in tokens (24 hours) outlive the tests' clocks. */
const START = new Date('2026-11-30T12:00:00.000Z');

let t: TestApp;
let owner: Awaited<ReturnType<typeof createSignedInUser>>;
let bookkeeper: Awaited<ReturnType<typeof createSignedInUser>>;
let californiaId: string;
let londonId: string;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(START);
  owner = await createSignedInUser(t, 'owner@zones.test', 'Olive Owner');
  bookkeeper = await createSignedInUser(t, 'books@zones.test', 'Bea Books');
  californiaId = (
    await createEntity(t.db, t.clock, owner.user.id, 'California Co', { timeZone: LOS_ANGELES })
  ).id;
  londonId = (await createEntity(t.db, t.clock, owner.user.id, 'Utc Co')).id;
  const now = t.clock.now();
  await t.db.insert(memberships).values(
    [californiaId, londonId].map((entityId) => ({
      entityId,
      userId: bookkeeper.user.id,
      role: 'bookkeeper' as const,
      createdAt: now,
      updatedAt: now,
    })),
  );
});
afterEach(() => {
  t.clock.set(START);
});
afterAll(async () => {
  await t.close();
});

type ReportMonths = {
  report: { currentMonth: string; actualsEndMonth: string; columns: { key: string; title: string }[] };
};

/** The Financial Report's current month and the titles of its month columns around it. */
async function reportMonths(entityId: string, token = owner.token) {
  const result = await t.graphql<ReportMonths>(
    `query Report($entityId: ID!) {
      report(entityId: $entityId) { currentMonth actualsEndMonth columns { key title } }
    }`,
    { entityId },
    token,
  );
  expect(result.errors).toBeUndefined();
  const report = result.data?.report;
  const titleOf = (key: string) => report?.columns.find((column) => column.key === key)?.title;
  return {
    currentMonth: report?.currentMonth,
    actualsEndMonth: report?.actualsEndMonth,
    november: titleOf('2026-11'),
    december: titleOf('2026-12'),
  };
}

async function entityDay(entityId: string) {
  const result = await t.graphql<{ entity: { timeZone: string; today: string } }>(
    'query($id: ID!) { entity(id: $id) { timeZone today } }',
    { id: entityId },
    owner.token,
  );
  expect(result.errors).toBeUndefined();
  return result.data?.entity;
}

const CREATE = `mutation($name: String!, $timeZone: String) {
  createEntity(name: $name, timeZone: $timeZone) { id name timeZone }
}`;

const SET_TIME_ZONE = `mutation($entityId: ID!, $timeZone: String!) {
  setEntityTimeZone(entityId: $entityId, timeZone: $timeZone) { id timeZone today }
}`;

const entityCount = async () => (await t.db.select({ n: count() }).from(entities))[0]?.n;

describe('a company created with its time zone', () => {
  it("keeps the browser's zone it was created with; without one, UTC", async () => {
    const sent = await t.graphql<{ createEntity: { timeZone: string } }>(
      CREATE,
      { name: 'Pacific Bakery', timeZone: ' America/Los_Angeles ' },
      owner.token,
    );
    expect(sent.errors).toBeUndefined();
    expect(sent.data?.createEntity.timeZone).toBe(LOS_ANGELES);
    const without = await t.graphql<{ createEntity: { timeZone: string } }>(
      CREATE,
      { name: 'Zoneless Co' },
      owner.token,
    );
    expect(without.data?.createEntity.timeZone).toBe('UTC');
  });

  it('refuses a zone that does not exist with a coded error naming timeZone, creating nothing', async () => {
    const before = await entityCount();
    for (const timeZone of ['Mars/Olympus', '', 'A'.repeat(65)]) {
      const result = await t.graphql(CREATE, { name: 'Olympus Mons Ltd', timeZone }, owner.token);
      expect(result.data?.createEntity ?? null).toBeNull();
      expect(result.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'timeZone' });
    }
    expect(
      (await t.graphql(CREATE, { name: 'Olympus Mons Ltd', timeZone: 'Mars/Olympus' }, owner.token))
        .errors?.[0]?.message,
    ).toBe('Choose a time zone from the list');
    expect(await entityCount()).toBe(before);
  });
});

describe('the current month across a time-zone boundary', () => {
  it('is November in Los Angeles and December in UTC at 07:30 UTC on 1 December', async () => {
    t.clock.set(LATE_NOVEMBER_IN_LOS_ANGELES);
    expect(await reportMonths(californiaId)).toEqual({
      currentMonth: '2026-11',
      actualsEndMonth: '2026-11',
      november: 'Current',
      december: 'Future',
    });
    expect(await reportMonths(londonId)).toEqual({
      currentMonth: '2026-12',
      actualsEndMonth: '2026-12',
      november: 'Past',
      december: 'Current',
    });
    expect(await entityDay(californiaId)).toEqual({ timeZone: LOS_ANGELES, today: '2026-11-30' });
    expect(await entityDay(londonId)).toEqual({ timeZone: 'UTC', today: '2026-12-01' });
    expect(await entityToday(t.db, t.clock, californiaId)).toMatchObject({
      today: '2026-11-30',
      month: '2026-11',
    });
  });

  it("rolls the Los Angeles company's month over at its own midnight, not at UTC's (no kept answer replayed)", async () => {
    t.clock.set(LATE_NOVEMBER_IN_LOS_ANGELES);
    expect((await reportMonths(californiaId)).currentMonth).toBe('2026-11');
    // 00:30 on 1 December in Los Angeles: the same UTC month, the company's next one.
    t.clock.set(new Date('2026-12-01T08:30:00.000Z'));
    expect(await reportMonths(californiaId)).toMatchObject({ currentMonth: '2026-12', december: 'Current' });
    expect((await entityDay(californiaId))?.today).toBe('2026-12-01');
  });

  it("gives the assistant's tools and the Pro Plan quote the company's month", async () => {
    const at = LATE_NOVEMBER_IN_LOS_ANGELES;
    t.clock.set(at);
    expect(currentMonthOf({ db: t.db, clock: t.clock, timeZone: LOS_ANGELES })).toBe('2026-11');
    expect(currentMonthOf({ db: t.db, clock: t.clock })).toBe('2026-12');
    // The price is set by the last complete month: October for the company still in November.
    expect((await quoteProPlan(t.db, californiaId, at)).basisMonth).toBe('2026-10');
    expect((await quoteProPlan(t.db, londonId, at)).basisMonth).toBe('2026-11');
  });
});

describe('changing the time zone in settings', () => {
  it("moves the report's current month at once, and is audited", async () => {
    const entityId = (await createEntity(t.db, t.clock, owner.user.id, 'Movers Inc')).id;
    t.clock.set(LATE_NOVEMBER_IN_LOS_ANGELES);
    expect((await reportMonths(entityId)).currentMonth).toBe('2026-12');

    const changed = await t.graphql<{ setEntityTimeZone: { timeZone: string; today: string } }>(
      SET_TIME_ZONE,
      { entityId, timeZone: LOS_ANGELES },
      owner.token,
    );
    expect(changed.errors).toBeUndefined();
    expect(changed.data?.setEntityTimeZone).toMatchObject({ timeZone: LOS_ANGELES, today: '2026-11-30' });
    // The same UTC month as the answer just given: only the zone changed, and the report follows it.
    expect(await reportMonths(entityId)).toMatchObject({ currentMonth: '2026-11', november: 'Current' });

    const events = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.type, 'entity.time_zone_changed')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ userId: owner.user.id, details: { from: 'UTC', to: LOS_ANGELES } });

    // Setting the zone it has changes nothing and audits nothing.
    await t.graphql(SET_TIME_ZONE, { entityId, timeZone: LOS_ANGELES }, owner.token);
    const again = await t.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, entityId), eq(auditEvents.type, 'entity.time_zone_changed')));
    expect(again[0]?.n).toBe(1);
  });

  it('refuses an unknown zone naming timeZone, and a bookkeeper, changing nothing', async () => {
    const bad = await t.graphql(
      SET_TIME_ZONE,
      { entityId: californiaId, timeZone: 'Mars/Olympus' },
      owner.token,
    );
    expect(bad.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'timeZone' });
    const refused = await t.graphql(
      SET_TIME_ZONE,
      { entityId: californiaId, timeZone: 'UTC' },
      bookkeeper.token,
    );
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await entityDay(californiaId))?.timeZone).toBe(LOS_ANGELES);
  });
});
