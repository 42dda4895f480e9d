import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiFlagsOf,
  connectQuickbooks,
  DELETE_QUICKBOOKS_CONNECTION,
  QUICKBOOKS_ACCOUNTS,
  QUICKBOOKS_CONNECTION,
  quickbooksConnectionRow,
  quickbooksSnapshot,
  SANDBOX_REALM,
  SYNC_QUICKBOOKS,
  syncNow,
} from '../../../test/accountingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, ledgerSnapshot } from '../../../test/ledgerTestKit';
import { jobs } from '../../db/schema';
import { AccountingError } from '../../providers/accounting';
import { secretBoxOf } from '../../secrets/secretBox';
import { openTokens } from './quickbooksConnectionRows';

/**
 * Who may do what with the QuickBooks connection: members who read the books see it, owners and
 * admins (manageEntity) sync and disconnect it, another company's members learn nothing; and what
 * disconnecting does (revoked at Intuit, sync canceled, apiFlags.qbo off, the books kept).
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());

/** A company connected and synced once (its queued first sync set aside). */
async function syncedCompany(name: string) {
  const fixture = await createLedgerFixture(t, name);
  const { jobId } = await connectQuickbooks(t, fixture);
  await t.db
    .update(jobs)
    .set({ status: 'canceled' })
    .where(eq(jobs.id, jobId ?? ''));
  await syncNow(t, fixture.entityId);
  return fixture;
}

describe('reading the connection', () => {
  it('shows members who read the books the connection and its accounts; nothing when not connected', async () => {
    const acme = await syncedCompany('Readers');
    for (const role of ['owner', 'admin', 'bookkeeper', 'custom'] as const) {
      const token = role === 'owner' ? acme.owner.token : await acme.member(role);
      const connection = await t.graphql<{ quickbooksConnection: { realmId: string } }>(
        QUICKBOOKS_CONNECTION,
        { e: acme.entityId },
        token,
      );
      expect(connection.data?.quickbooksConnection.realmId, role).toBe(SANDBOX_REALM);
      const listed = await t.graphql<{ quickbooksAccounts: unknown[] }>(
        QUICKBOOKS_ACCOUNTS,
        { e: acme.entityId },
        token,
      );
      expect(listed.data?.quickbooksAccounts.length, role).toBeGreaterThan(20);
    }
    const cardOnly = await acme.member('card_only');
    for (const query of [QUICKBOOKS_CONNECTION, QUICKBOOKS_ACCOUNTS]) {
      expect((await t.graphql(query, { e: acme.entityId }, cardOnly)).errors?.[0]?.extensions?.code).toBe(
        'FORBIDDEN',
      );
    }

    const fresh = await createLedgerFixture(t, 'Never Connected');
    const none = await fresh.gql<{ quickbooksConnection: null }>(QUICKBOOKS_CONNECTION, {
      e: fresh.entityId,
    });
    expect(none).toEqual({ data: { quickbooksConnection: null } });
    const empty = await fresh.gql<{ quickbooksAccounts: [] }>(QUICKBOOKS_ACCOUNTS, { e: fresh.entityId });
    expect(empty).toEqual({ data: { quickbooksAccounts: [] } });
  });

  it("answers another company's member NOT_FOUND on every operation, changing nothing", async () => {
    const acme = await syncedCompany('Victim QBO');
    const stranger = await createLedgerFixture(t, 'Stranger QBO');
    const before = await quickbooksSnapshot(t, acme.entityId);
    for (const query of [
      QUICKBOOKS_CONNECTION,
      QUICKBOOKS_ACCOUNTS,
      SYNC_QUICKBOOKS,
      DELETE_QUICKBOOKS_CONNECTION,
    ]) {
      for (const entityId of [acme.entityId, crypto.randomUUID(), 'not-an-id']) {
        const refused = await t.graphql(query, { e: entityId }, stranger.owner.token);
        expect(refused.errors?.[0]).toMatchObject({
          message: 'Entity not found',
          extensions: { code: 'NOT_FOUND' },
        });
      }
    }
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);
  });
});

describe('syncQuickbooks', () => {
  it('queues a sync for owners and admins, joining the one queued; bookkeepers and viewers are refused', async () => {
    const acme = await syncedCompany('Sync Now');
    const first = await acme.gql<{ syncQuickbooks: { id: string; type: string; status: string } }>(
      SYNC_QUICKBOOKS,
      { e: acme.entityId },
    );
    expect(first.data?.syncQuickbooks).toMatchObject({ type: 'QuickbooksSync', status: 'queued' });
    const admin = await acme.member('admin');
    const joined = await t.graphql<{ syncQuickbooks: { id: string } }>(
      SYNC_QUICKBOOKS,
      { e: acme.entityId },
      admin,
    );
    expect(joined.data?.syncQuickbooks.id).toBe(first.data?.syncQuickbooks.id);
    const before = await quickbooksSnapshot(t, acme.entityId);
    for (const role of ['bookkeeper', 'custom', 'card_only'] as const) {
      for (const query of [SYNC_QUICKBOOKS, DELETE_QUICKBOOKS_CONNECTION]) {
        const refused = await t.graphql(query, { e: acme.entityId }, await acme.member(role));
        expect(refused.errors?.[0]?.extensions?.code, role).toBe('FORBIDDEN');
      }
    }
    expect(await quickbooksSnapshot(t, acme.entityId)).toEqual(before);

    const fresh = await createLedgerFixture(t, 'Not Connected');
    for (const query of [SYNC_QUICKBOOKS, DELETE_QUICKBOOKS_CONNECTION]) {
      const refused = await fresh.gql(query, { e: fresh.entityId });
      expect(refused.errors?.[0]).toMatchObject({
        message: 'QuickBooks is not connected',
        extensions: { code: 'NOT_FOUND' },
      });
    }
  });
});

describe('deleteQuickbooksConnection', () => {
  it('revokes the grant, cancels the sync under way and switches apiFlags.qbo off, keeping the books', async () => {
    const acme = await syncedCompany('Disconnect');
    expect(await apiFlagsOf(t, acme.entityId)).toEqual({ qbo: true, finch: false });
    const connection = await quickbooksConnectionRow(t, acme.entityId);
    const queued = await acme.gql<{ syncQuickbooks: { id: string } }>(SYNC_QUICKBOOKS, { e: acme.entityId });
    const books = await ledgerSnapshot(t.db, acme.entityId);
    const tokens = connection ? openTokens(secretBoxOf(t.config), connection) : null;
    expect(tokens).not.toBeNull();

    const deleted = await acme.gql<{ deleteQuickbooksConnection: { entityId: string } }>(
      DELETE_QUICKBOOKS_CONNECTION,
      {
        e: acme.entityId,
      },
    );
    expect(deleted).toEqual({ data: { deleteQuickbooksConnection: { entityId: acme.entityId } } });
    expect(await apiFlagsOf(t, acme.entityId)).toEqual({ qbo: false, finch: false });
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.id, queued.data?.syncQuickbooks.id ?? ''));
    expect(job?.status).toBe('canceled');
    expect(await ledgerSnapshot(t.db, acme.entityId)).toEqual(books);
    expect(await quickbooksConnectionRow(t, acme.entityId)).toMatchObject({
      status: 'disconnected',
      accessTokenSealed: null,
      refreshTokenSealed: null,
    });
    const refused = await t.providers.accounting
      .listAccounts({ realmId: SANDBOX_REALM, accessToken: tokens?.accessToken ?? '' }, { at: t.clock.now() })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AccountingError);
    expect(await acme.gql(QUICKBOOKS_CONNECTION, { e: acme.entityId })).toEqual({
      data: { quickbooksConnection: null },
    });
    expect(await acme.gql(QUICKBOOKS_ACCOUNTS, { e: acme.entityId })).toEqual({
      data: { quickbooksAccounts: [] },
    });
    const again = await acme.gql(DELETE_QUICKBOOKS_CONNECTION, { e: acme.entityId });
    expect(again.errors?.[0]).toMatchObject({
      message: 'QuickBooks is not connected',
      extensions: { code: 'NOT_FOUND' },
    });

    // Connecting the same company file again imports nothing twice.
    const { jobId } = await connectQuickbooks(t, acme);
    await t.db
      .update(jobs)
      .set({ status: 'canceled' })
      .where(and(eq(jobs.entityId, acme.entityId), inArray(jobs.id, [jobId ?? ''])));
    expect(await syncNow(t, acme.entityId)).toMatchObject({ added: 0, updated: 0, removed: 0 });
    expect(await apiFlagsOf(t, acme.entityId)).toEqual({ qbo: true, finch: false });
  });
});
