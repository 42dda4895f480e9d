import { TRANSFER_MESSAGES } from '@keel/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  ACH,
  achRequest,
  bankingSnapshot,
  deposit,
  LIMITS,
  openDepositAccount,
  runBankMirror,
  runTransferHandOver,
  wireRequest,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, type LedgerFixture } from '../../../test/ledgerTestKit';
import { queryRows } from '../../db/queryRows';
import { auditEvents, entities, outboxMessages } from '../../db/schema';
import { RETURNED_ACCOUNT_NUMBER } from '../../providers/banking/sandbox';
import { issueAccessToken } from '../auth/tokens';
import { readPdfText } from './pdf/pdfText.testkit';

/**
 * Sending money with a review step, a second approver, cancel until the bank has it, a receipt and
 * emails, through the API on the banking sandbox. The app runs no job
 * runner: each hand-over is run by the test (runTransferHandOver / runBankMirror), at the test's clock.
 */

let t: TestApp;
/** Wednesday 18 November 2026, 15:00 UTC (10:00 New York): a business day, before the cut-offs. */
const WEDNESDAY = new Date('2026-11-18T15:00:00.000Z');

beforeAll(async () => {
  t = await createTestApp({ env: { JOB_WORKER: 'false' } });
});
afterAll(() => t.close());
beforeEach(() => {
  t.clock.set(WEDNESDAY);
});

const REVIEW_ACH = `query($e: ID!, $acc: ID, $v: ID, $n: String, $r: String, $num: String, $amt: Cents, $d: String,
  $m: String, $t: String) {
  reviewAchTransfer(entityId: $e, accountId: $acc, vendorId: $v, recipientName: $n, routingNumber: $r,
    accountNumber: $num, amount: $amt, date: $d, memo: $m, recipientAccountType: $t) {
    rail accountId accountName amount fee total recipientName recipientAccountLast4 routingNumber bankName date
    processingDay handOverAt expectedArrival needsApproval approvalThreshold availableAfter } }`;
const REVIEW_WIRE = `query($e: ID!, $acc: ID, $n: String, $r: String, $num: String, $amt: Cents, $d: String,
  $m: String, $ad: WireRecipientAddressInput, $b: WireBankInput) {
  reviewWireTransfer(entityId: $e, accountId: $acc, recipientName: $n, routingNumber: $r, accountNumber: $num,
    amount: $amt, date: $d, memo: $m, recipientAddress: $ad, bank: $b) {
    rail bankName processingDay handOverAt expectedArrival total availableAfter } }`;
const DETAIL = `id status amount fee handOverAt handedOverAt expectedArrival createdByName approvedByName approvedAt
  canceledAt cancelReason cancellable approvable receiptUrl`;
const TRANSFERS_DETAIL = `query($e: ID!) { transfers(entityId: $e) { ${DETAIL} } }`;
const CANCEL = `mutation($id: ID!) { cancelTransfer(transferId: $id) { ${DETAIL} } }`;
const APPROVE = `mutation($id: ID!) { approveTransfer(transferId: $id) { ${DETAIL} } }`;
const REJECT = `mutation($id: ID!, $r: String) { rejectTransfer(transferId: $id, reason: $r) { ${DETAIL} } }`;
const POLICY = 'query($e: ID!) { transferApprovalPolicy(entityId: $e) { threshold canChange } }';
const SET_POLICY = `mutation($e: ID!, $th: Cents) { setTransferApprovalThreshold(entityId: $e, threshold: $th) {
  threshold canChange } }`;

type Detail = {
  id: string;
  status: string;
  handOverAt: string | null;
  handedOverAt: string | null;
  expectedArrival: string | null;
  cancellable: boolean;
  approvable: boolean;
  receiptUrl: string | null;
  createdByName: string | null;
  approvedByName: string | null;
  cancelReason: string | null;
};

async function fundedCompany(name: string, balance = 2_000_000) {
  const fixture = await createLedgerFixture(t, name);
  const account = await openDepositAccount(fixture);
  if (balance > 0) await deposit(t, account.id, balance, '2026-11-02');
  return { fixture, account };
}

async function send(fixture: LedgerFixture, variables: Record<string, unknown>, token?: string) {
  return fixture.gql<{ createAchTransfer: Detail }>(
    ACH.replace(/\{\s*id accountId[^}]*\}\s*\}\s*$/, `{ ${DETAIL} } }`),
    variables,
    token,
  );
}

async function detailOf(fixture: LedgerFixture, id: string, token?: string): Promise<Detail> {
  const result = await fixture.gql<{ transfers: Detail[] }>(TRANSFERS_DETAIL, { e: fixture.entityId }, token);
  const found = result.data?.transfers.find((row) => row.id === id);
  if (!found) throw new Error(`transfer ${id}: ${JSON.stringify(result.errors)}`);
  return found;
}

const emailsTo = async (address: string) =>
  t.db
    .select({ subject: outboxMessages.subject, body: outboxMessages.body })
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, address.toLowerCase()));

const ownerEmail = async (fixture: LedgerFixture) => fixture.owner.user.email;

describe('review and confirm', () => {
  it('answers what sending would do, with the schedule in the bank’s time, and writes nothing', async () => {
    const { fixture, account } = await fundedCompany('Review Co');
    const before = await bankingSnapshot(t.db, fixture.entityId);
    const { k: _k, ...form } = achRequest(fixture, account.id, 'unused-key');
    const review = await fixture.gql<{ reviewAchTransfer: Record<string, unknown> }>(REVIEW_ACH, form);
    expect(review.errors).toBeUndefined();
    expect(review.data?.reviewAchTransfer).toEqual({
      rail: 'ach',
      accountId: account.id,
      accountName: account.name,
      amount: 125_000,
      fee: 0,
      total: 125_000,
      recipientName: 'Figma Inc.',
      recipientAccountLast4: '9012',
      routingNumber: '021000021',
      bankName: null,
      date: '2026-11-18',
      processingDay: '2026-11-18',
      // The ACH cut-off, 16:00 New York; it arrives at the start of the next business day.
      handOverAt: '2026-11-18T21:00:00.000Z',
      expectedArrival: '2026-11-19',
      needsApproval: false,
      approvalThreshold: null,
      availableAfter: 2_000_000 - 125_000,
    });
    const { k: _w, ...wire } = wireRequest(fixture, account.id, 'unused-wire');
    const wireReview = await fixture.gql<{ reviewWireTransfer: Record<string, unknown> }>(REVIEW_WIRE, wire);
    expect(wireReview.data?.reviewWireTransfer).toMatchObject({
      rail: 'wire',
      bankName: wire.b.name,
      processingDay: '2026-11-18',
      handOverAt: WEDNESDAY.toISOString(),
      expectedArrival: '2026-11-18',
    });
    // After the ACH cut-off it is processed the next business day.
    t.clock.set(new Date('2026-11-18T21:30:00.000Z'));
    const late = await fixture.gql<{ reviewAchTransfer: Record<string, unknown> }>(REVIEW_ACH, form);
    expect(late.data?.reviewAchTransfer).toMatchObject({
      processingDay: '2026-11-19',
      handOverAt: '2026-11-19T21:00:00.000Z',
      expectedArrival: '2026-11-20',
    });
    expect(await bankingSnapshot(t.db, fixture.entityId)).toEqual(before);
  });

  it('refuses exactly what sending refuses, with the same coded errors', async () => {
    const { fixture, account } = await fundedCompany('Review Refusals Co', 300_000);
    const other = await fundedCompany('Review Other Co');
    const cases: Record<string, unknown>[] = [
      { amt: 99 },
      { r: '021000022' },
      { d: '2026-11-17' },
      { d: '2027-03-01' },
      { amt: 400_000 },
      { acc: other.account.id },
      { acc: 'not-a-uuid' },
      { v: '00000000-0000-4000-8000-000000000000' },
    ];
    for (const [index, overrides] of cases.entries()) {
      const { k: _k, ...form } = achRequest(fixture, account.id, `never-${index}`, overrides);
      const before = await bankingSnapshot(t.db, fixture.entityId);
      const review = await fixture.gql(REVIEW_ACH, form);
      const created = await fixture.gql(
        ACH,
        achRequest(fixture, account.id, `review-refused-${index}`, overrides),
      );
      expect(review.errors?.[0], JSON.stringify(overrides)).toBeDefined();
      expect(review.errors?.[0]?.message).toBe(created.errors?.[0]?.message);
      expect(review.errors?.[0]?.extensions).toEqual(created.errors?.[0]?.extensions);
      expect(await bankingSnapshot(t.db, fixture.entityId)).toEqual(before);
    }
    const { k: _k, ...form } = achRequest(fixture, account.id, 'x', { amt: 99 });
    const refused = await fixture.gql(REVIEW_ACH, form);
    expect(refused.errors?.[0]).toMatchObject({
      message: TRANSFER_MESSAGES.amountMin,
      extensions: { code: 'BAD_USER_INPUT', field: 'amount' },
    });
    // A bookkeeper may not send money, so may not review either.
    const bookkeeper = await fixture.member('bookkeeper');
    const { k: _b, ...ok } = achRequest(fixture, account.id, 'x');
    expect((await fixture.gql(REVIEW_ACH, ok, bookkeeper)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe("the company's time zone", () => {
  it('accepts a transfer dated today at 23:30 in Los Angeles on the last day of a month', async () => {
    const { fixture, account } = await fundedCompany('Pacific Co');
    await t.db
      .update(entities)
      .set({ timeZone: 'America/Los_Angeles' })
      .where(eq(entities.id, fixture.entityId));
    // 2026-11-30 23:30 in Los Angeles is 2026-12-01 07:30 UTC.
    t.clock.set(new Date('2026-12-01T07:30:00.000Z'));
    fixture.owner.token = (await issueAccessToken(t.db, t.clock, fixture.owner.user.id, 24)).token;
    const today = await send(
      fixture,
      achRequest(fixture, account.id, 'pacific-1-transfer-key', { d: '2026-11-30' }),
    );
    expect(today.errors).toBeUndefined();
    expect(today.data?.createAchTransfer.status).toBe('pending');
    const tomorrow = await send(
      fixture,
      achRequest(fixture, account.id, 'pacific-2-transfer-key', { d: '2026-12-01' }),
    );
    expect(tomorrow.errors).toBeUndefined();
    const past = await send(
      fixture,
      achRequest(fixture, account.id, 'pacific-3-transfer-key', { d: '2026-11-29' }),
    );
    expect(past.errors?.[0]).toMatchObject({
      message: 'The transfer date cannot be in the past',
      extensions: { code: 'BAD_USER_INPUT', field: 'date' },
    });
    // The day's limits are the company's day: 30 November, with the first transfer on it.
    const limits = await fixture.gql<{ tprimeTransferLimits: { date: string; ach: { usedToday: number } } }>(
      LIMITS,
      { id: account.id },
    );
    expect(limits.data?.tprimeTransferLimits).toMatchObject({
      date: '2026-11-30',
      ach: { usedToday: 125_000 },
    });
    // A company on UTC at the same instant is already in December: 30 November is past for it.
    const utc = await fundedCompany('Utc Co');
    utc.fixture.owner.token = (await issueAccessToken(t.db, t.clock, utc.fixture.owner.user.id, 24)).token;
    const utcPast = await send(
      utc.fixture,
      achRequest(utc.fixture, utc.account.id, 'utc-1-transfer-key', { d: '2026-11-30' }),
    );
    expect(utcPast.errors?.[0]?.extensions).toMatchObject({ field: 'date' });
  });
});

describe('cancel', () => {
  it('cancels a pending transfer before the hand-over, giving back the balance and the limit', async () => {
    const { fixture, account } = await fundedCompany('Cancel Co');
    const sent = await send(fixture, achRequest(fixture, account.id, 'cancel-1-transfer-key'));
    const id = sent.data?.createAchTransfer.id as string;
    expect(sent.data?.createAchTransfer).toMatchObject({
      status: 'pending',
      cancellable: true,
      handOverAt: '2026-11-18T21:00:00.000Z',
      handedOverAt: null,
    });
    const limitsBefore = await fixture.gql<{ tprimeTransferLimits: { ach: { usedToday: number } } }>(LIMITS, {
      id: account.id,
    });
    expect(limitsBefore.data?.tprimeTransferLimits.ach.usedToday).toBe(125_000);
    const admin = await fixture.member('admin');
    const canceled = await fixture.gql<{ cancelTransfer: Detail }>(CANCEL, { id }, admin);
    expect(canceled.errors).toBeUndefined();
    expect(canceled.data?.cancelTransfer).toMatchObject({ status: 'canceled', cancellable: false });
    const [view] =
      (
        await fixture.gql<{ providerBankAccounts: { availableBalance: number }[] }>(ACCOUNTS, {
          e: fixture.entityId,
        })
      ).data?.providerBankAccounts ?? [];
    expect(view?.availableBalance).toBe(2_000_000);
    const limits = await fixture.gql<{ tprimeTransferLimits: { ach: { usedToday: number } } }>(LIMITS, {
      id: account.id,
    });
    expect(limits.data?.tprimeTransferLimits.ach.usedToday).toBe(0);
    // Its hand-over time comes: nothing reaches the bank, nothing posts.
    t.clock.set(new Date('2026-11-19T06:00:00.000Z'));
    await runTransferHandOver(t, id);
    await runBankMirror(t, fixture.entityId);
    const after = await bankingSnapshot(t.db, fixture.entityId);
    expect(JSON.stringify(after)).not.toContain('ACH to Figma');
    // Canceled twice: refused, naming the transfer.
    const again = await fixture.gql(CANCEL, { id });
    expect(again.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'transferId' } });
  });

  it('refuses to cancel once the transfer was handed to the bank, and refuses other roles and companies', async () => {
    const { fixture, account } = await fundedCompany('Too Late Co');
    const sent = await send(fixture, achRequest(fixture, account.id, 'late-1-transfer-key'));
    const id = sent.data?.createAchTransfer.id as string;
    const bookkeeper = await fixture.member('bookkeeper');
    expect((await fixture.gql(CANCEL, { id }, bookkeeper)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await detailOf(fixture, id, bookkeeper)).cancellable).toBe(false);
    const stranger = await fundedCompany('Stranger Co');
    expect((await stranger.fixture.gql(CANCEL, { id })).errors?.[0]).toMatchObject({
      message: 'Transfer not found',
      extensions: { code: 'NOT_FOUND' },
    });
    t.clock.set(new Date('2026-11-18T21:00:00.000Z'));
    await runTransferHandOver(t, id);
    const handed = await detailOf(fixture, id);
    expect(handed).toMatchObject({ status: 'pending', cancellable: false });
    expect(handed.handedOverAt).toBe('2026-11-18T21:00:00.000Z');
    const refused = await fixture.gql(CANCEL, { id });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'This transfer was already handed to the bank and can no longer be canceled',
      extensions: { code: 'BAD_USER_INPUT', field: 'transferId' },
    });
    expect((await detailOf(fixture, id)).status).toBe('pending');
  });
});

describe('second approver', () => {
  it('holds transfers above the owner’s amount for another member, who approves; the creator cannot', async () => {
    const { fixture, account } = await fundedCompany('Approval Co');
    const admin = await fixture.member('admin');
    // Only an owner sets it; an admin is refused, a bookkeeper too.
    expect(
      (await fixture.gql(SET_POLICY, { e: fixture.entityId, th: 100_000 }, admin)).errors?.[0]?.extensions
        ?.code,
    ).toBe('FORBIDDEN');
    for (const th of [99, 100_000_001]) {
      const refused = await fixture.gql(SET_POLICY, { e: fixture.entityId, th });
      expect(refused.errors?.[0]).toMatchObject({
        extensions: { code: 'BAD_USER_INPUT', field: 'threshold' },
      });
    }
    const set = await fixture.gql(SET_POLICY, { e: fixture.entityId, th: 100_000 });
    expect(set.data).toEqual({ setTransferApprovalThreshold: { threshold: 100_000, canChange: true } });
    expect((await fixture.gql(POLICY, { e: fixture.entityId }, admin)).data).toEqual({
      transferApprovalPolicy: { threshold: 100_000, canChange: false },
    });
    const events = await t.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(eq(auditEvents.type, 'transfer.approval_threshold_changed'));
    expect(events.map((event) => event.details)).toContainEqual(
      expect.objectContaining({ from: null, to: 100_000 }),
    );

    // At the amount: no approval needed. Above it: awaiting approval, and the review says so.
    const { k: _k, ...form } = achRequest(fixture, account.id, 'x', { amt: 100_001 });
    const review = await fixture.gql<{ reviewAchTransfer: { needsApproval: boolean } }>(REVIEW_ACH, form);
    expect(review.data?.reviewAchTransfer).toMatchObject({ needsApproval: true, approvalThreshold: 100_000 });
    const small = await send(
      fixture,
      achRequest(fixture, account.id, 'small-1-transfer-key', { amt: 100_000 }),
    );
    expect(small.data?.createAchTransfer.status).toBe('pending');
    const big = await send(fixture, achRequest(fixture, account.id, 'big-1-transfer-key', { amt: 100_001 }));
    const id = big.data?.createAchTransfer.id as string;
    expect(big.data?.createAchTransfer).toMatchObject({
      status: 'awaiting_approval',
      cancellable: true,
      approvable: false,
      receiptUrl: null,
      handOverAt: null,
    });
    // The admin (another member who may send money) was emailed; the owner who sent it was not.
    const approverMail = await queryRows<{ subject: string }>(
      t.db,
      sql`SELECT o.subject FROM outbox_messages o JOIN users u ON lower(u.email) = o.recipient
          JOIN memberships m ON m.user_id = u.id
          WHERE m.entity_id = ${fixture.entityId}::uuid AND m.role = 'admin' AND o.subject LIKE '%needs your approval'`,
    );
    expect(approverMail).toHaveLength(1);
    expect(
      (await emailsTo(await ownerEmail(fixture))).filter((m) => (m.subject ?? '').includes('approval')),
    ).toEqual([]);
    // Counted against the available balance and the day's limit while it waits.
    const limits = await fixture.gql<{ tprimeTransferLimits: { ach: { usedToday: number } } }>(LIMITS, {
      id: account.id,
    });
    expect(limits.data?.tprimeTransferLimits.ach.usedToday).toBe(200_001);
    // It does not reach the bank while it waits.
    t.clock.set(new Date('2026-11-18T21:05:00.000Z'));
    await runBankMirror(t, fixture.entityId);
    expect((await detailOf(fixture, id)).status).toBe('awaiting_approval');

    // The creator cannot approve it.
    const own = await fixture.gql(APPROVE, { id });
    expect(own.errors?.[0]).toMatchObject({
      message: 'You created this transfer: another member who can send money must approve it',
      extensions: { code: 'FORBIDDEN' },
    });
    expect((await detailOf(fixture, id, admin)).approvable).toBe(true);
    const approved = await fixture.gql<{ approveTransfer: Detail }>(APPROVE, { id }, admin);
    expect(approved.errors).toBeUndefined();
    expect(approved.data?.approveTransfer).toMatchObject({
      status: 'pending',
      approvable: false,
      // Approved after the ACH cut-off: handed over at the next business day's cut-off.
      handOverAt: '2026-11-19T21:00:00.000Z',
      expectedArrival: '2026-11-20',
    });
    expect(approved.data?.approveTransfer.approvedByName).toBeTruthy();
    expect((await fixture.gql(APPROVE, { id }, admin)).errors?.[0]?.extensions).toMatchObject({
      field: 'transferId',
    });
    t.clock.set(new Date('2026-11-19T21:00:00.000Z'));
    fixture.owner.token = (await issueAccessToken(t.db, t.clock, fixture.owner.user.id, 24)).token;
    await runTransferHandOver(t, id);
    expect((await detailOf(fixture, id)).handedOverAt).toBe('2026-11-19T21:00:00.000Z');
  });

  it('rejects with a reason (at most 200 characters), and turns the amount off with null', async () => {
    const { fixture, account } = await fundedCompany('Reject Co');
    await fixture.gql(SET_POLICY, { e: fixture.entityId, th: 100 });
    const sent = await send(fixture, achRequest(fixture, account.id, 'reject-1-transfer-key'));
    const id = sent.data?.createAchTransfer.id as string;
    const admin = await fixture.member('admin');
    const long = await fixture.gql(REJECT, { id, r: 'x'.repeat(201) }, admin);
    expect(long.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', field: 'reason' } });
    const rejected = await fixture.gql<{ rejectTransfer: Detail }>(REJECT, { id, r: 'Wrong vendor' }, admin);
    expect(rejected.data?.rejectTransfer).toMatchObject({ status: 'canceled', cancelReason: 'Wrong vendor' });
    expect((await fixture.gql(APPROVE, { id }, admin)).errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    await fixture.gql(SET_POLICY, { e: fixture.entityId, th: null });
    const after = await send(fixture, achRequest(fixture, account.id, 'reject-2-transfer-key'));
    expect(after.data?.createAchTransfer.status).toBe('pending');
  });
});

describe('receipt and emails', () => {
  it('serves a receipt PDF through a single-use file token', async () => {
    const { fixture, account } = await fundedCompany('Receipt Co');
    const sent = await send(fixture, achRequest(fixture, account.id, 'receipt-1-transfer-key'));
    const detail = sent.data?.createAchTransfer as Detail;
    expect(detail.receiptUrl).toBe(`/api/v1/transfers/receipt?transfer_id=${detail.id}`);
    const tokenOf = async (token: string, entityId: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/file_tokens?entity_id=${entityId}`,
          headers: { authorization: `Bearer ${token}` },
        })
      ).json().token as string;
    const token = await tokenOf(fixture.owner.token, fixture.entityId);
    const response = await t.app.inject({ method: 'GET', url: `${detail.receiptUrl}&token=${token}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const { text } = await readPdfText(new Uint8Array(response.rawPayload));
    const accountLast4 = (
      await queryRows<{ n: string }>(
        t.db,
        sql`SELECT account_number AS n FROM deposit_accounts WHERE id = ${account.id}::uuid`,
      )
    )[0]?.n.slice(-4);
    for (const line of [
      'Transfer receipt',
      'Amount $1,250.00',
      'Fee $0.00',
      `From account ${account.name} ••${accountLast4}`,
      'Recipient Figma Inc.',
      'Routing number 021000021',
      'Account ••9012',
      'Send date November 18, 2026',
      'Expected arrival November 19, 2026',
      'Status Pending',
      `Reference ${detail.id}`,
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain('123456789012');
    // The token was spent.
    const again = await t.app.inject({ method: 'GET', url: `${detail.receiptUrl}&token=${token}` });
    expect(again.statusCode).toBe(401);
    // Another company's token does not open it.
    const other = await fundedCompany('Other Receipt Co');
    const foreign = await tokenOf(other.fixture.owner.token, other.fixture.entityId);
    expect(
      (await t.app.inject({ method: 'GET', url: `${detail.receiptUrl}&token=${foreign}` })).statusCode,
    ).toBe(404);
  });

  it('emails the owners and the creator when a transfer is sent, posted and returned', async () => {
    const { fixture, account } = await fundedCompany('Mail Co');
    await fixture.member('admin');
    const owner = await ownerEmail(fixture);
    const posted = await send(fixture, achRequest(fixture, account.id, 'mail-1-transfer-key'));
    const returned = await send(
      fixture,
      achRequest(fixture, account.id, 'mail-2-transfer-key', { num: RETURNED_ACCOUNT_NUMBER, amt: 20_000 }),
    );
    expect(await emailsTo(owner)).toEqual([]);
    t.clock.set(new Date('2026-11-18T21:00:00.000Z'));
    await runTransferHandOver(t, posted.data?.createAchTransfer.id as string);
    await runTransferHandOver(t, returned.data?.createAchTransfer.id as string);
    expect((await emailsTo(owner)).map((m) => m.subject).sort()).toEqual([
      'Mail Co: your ACH of $1,250.00 to Figma Inc. was sent to the bank',
      'Mail Co: your ACH of $200.00 to Figma Inc. was sent to the bank',
    ]);
    t.clock.set(new Date('2026-11-19T05:00:00.000Z'));
    await runBankMirror(t, fixture.entityId);
    t.clock.set(new Date('2026-11-20T05:00:00.000Z'));
    await runBankMirror(t, fixture.entityId);
    const mail = await emailsTo(owner);
    expect(mail.map((m) => m.subject).sort()).toEqual([
      'Mail Co: your ACH of $1,250.00 to Figma Inc. has posted',
      'Mail Co: your ACH of $1,250.00 to Figma Inc. was sent to the bank',
      'Mail Co: your ACH of $200.00 to Figma Inc. has posted',
      'Mail Co: your ACH of $200.00 to Figma Inc. was returned',
      'Mail Co: your ACH of $200.00 to Figma Inc. was sent to the bank',
    ]);
    expect(mail.find((m) => (m.subject ?? '').endsWith('was returned'))?.body).toContain(
      'R03 No account/unable to locate account',
    );
    // A member who neither owns the company nor sent the transfer gets none.
    const adminMail = await queryRows<{ subject: string }>(
      t.db,
      sql`SELECT o.subject FROM outbox_messages o JOIN users u ON lower(u.email) = o.recipient
          JOIN memberships m ON m.user_id = u.id
          WHERE m.entity_id = ${fixture.entityId}::uuid AND m.role = 'admin'`,
    );
    expect(adminMail).toEqual([]);
    expect(mail.map((m) => m.body).join('\n')).not.toContain('123456789012');
  });
});
