import { randomBytes } from 'node:crypto';
import { addMonths } from '@keel/domain';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { accounts, bankTransfers, depositAccounts, entities, jobs } from '../db/schema';
import {
  applyForAccount,
  type BankingDeps,
  bookBankPostings,
  createVendor,
  handOverDueTransfers,
  sendTransfer,
  settleDueInTransaction,
} from '../modules/banking';
import { cancelTransfer } from '../modules/banking/transferApproval';
import { TRANSFER_HAND_OVER_JOB } from '../modules/banking/transferHandOver';
import type { BankPostingMade } from '../providers/banking';
import { createSandboxBanking } from '../providers/banking/sandbox';
import { createSecretBox, type SecretBox } from '../secrets/secretBox';

/** The demo's deposit account: opened this many months before today's month. */
const DEMO_BANKING_MONTHS = 13;

/** Who the demo company pays from its deposit account, how, on which day, how much, booked where. */
const DEMO_PAYEES = [
  { name: 'Lee & Park LLP', rail: 'ach', day: 10, cents: 2_400_00, step: 150_00, account: 'Legal' },
  { name: 'Ledgerly Accounting', rail: 'ach', day: 15, cents: 1_800_00, step: 0, account: 'Accounting' },
  {
    name: 'Shenzhen Motion Components',
    rail: 'wire',
    day: 20,
    cents: 3_900_00,
    step: 75_00,
    account: 'Equipment',
  },
] as const;

/** What moves from Mercury Checking to the deposit account on the 3rd of each month. */
const DEMO_MONTHLY_FUNDING = 12_000_00;

const atTen = (day: string) => new Date(`${day}T10:00:00.000Z`);
/** The day, moved to Monday when it falls on a weekend (banks send on business days). */
function businessDay(day: string): string {
  const at = new Date(`${day}T00:00:00.000Z`);
  const weekday = at.getUTCDay();
  if (weekday === 6) at.setUTCDate(at.getUTCDate() + 2);
  if (weekday === 0) at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

async function accountId(tx: Tx, entityId: string, name: string): Promise<string> {
  const [row] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), eq(accounts.name, name)))
    .limit(1);
  if (!row) throw new Error(`The demo chart has no ${name}`);
  return row.id;
}

/**
 * The demo company's Keel checking account: an approved application and the account it
 * opened on the 1st of the month DEMO_BANKING_MONTHS before today's, then a year of activity through
 * the banking sandbox with the clock moved day by day: $12,000 from Mercury Checking on the 3rd of each
 * month (booked against Mercury Checking, so cash in total does not change), ACH payments to a law
 * firm and an accountant and a wire to a parts supplier (booked on Legal, Accounting and Equipment),
 * and the monthly interest the bank credits (Interest Income). Events after today do not happen;
 * what is due by today is settled. Deterministic: the same today gives the same books. The applicant's
 * SSN is a fictional one sealed under a throwaway key (nobody reads it back).
 */
export async function seedDemoBanking(
  tx: Tx,
  clock: Clock,
  input: { entityId: string; ownerId: string; secrets?: SecretBox | undefined },
): Promise<void> {
  const [existing] = await tx
    .select({ id: depositAccounts.id })
    .from(depositAccounts)
    .where(eq(depositAccounts.entityId, input.entityId))
    .limit(1);
  if (existing) return;
  const today = clock.now().toISOString().slice(0, 10);
  const openMonth = addMonths(today.slice(0, 7), -DEMO_BANKING_MONTHS);
  let now = atTen(businessDay(`${openMonth}-01`));
  const mercury = await accountId(tx, input.entityId, 'Mercury Checking');
  const counters = new Map<string, string>();
  for (const payee of DEMO_PAYEES) {
    const prefix = payee.rail === 'ach' ? 'ACH' : 'Wire';
    counters.set(`${prefix} to ${payee.name}`, await accountId(tx, input.entityId, payee.account));
  }
  const deps: BankingDeps = {
    db: tx,
    clock: { now: () => now },
    banking: createSandboxBanking(),
    // The server's box when given, so the 1099-INT opens the demo's EIN; else a throwaway key.
    secrets: input.secrets ?? createSecretBox(randomBytes(32)),
    counterFor: (posting: BankPostingMade) =>
      posting.kind === 'deposit' ? mercury : counters.get(posting.description),
  };
  const { account } = await applyForAccount(deps, {
    entityId: input.entityId,
    userId: input.ownerId,
    acknowledgedAgreements: true,
    person: {
      firstName: 'Dana',
      lastName: 'Reyes',
      email: 'demo@keel.test',
      phoneNumber: '4155550134',
      dateOfBirth: '1984-06-14',
      citizen: true,
      tin: '123456789',
      ein: '874512369',
    },
    address: { streetLine1: '500 Howard St', city: 'San Francisco', state: 'CA', postalCode: '94105' },
  });
  if (!account) throw new Error('The demo application was not approved');
  const vendorIds = new Map<string, string>();
  for (const payee of DEMO_PAYEES) {
    const vendor = await createVendor(tx, deps.clock, {
      entityId: input.entityId,
      userId: input.ownerId,
      form: { name: payee.name, companyName: payee.name, vendorType: 'business' },
    });
    vendorIds.set(payee.name, vendor.id);
  }

  type DemoEvent = { day: string; run: () => Promise<unknown> };
  const events: DemoEvent[] = [];
  for (let index = 0; index <= DEMO_BANKING_MONTHS; index += 1) {
    const month = addMonths(openMonth, index);
    const funding = businessDay(`${month}-03`);
    events.push({
      day: funding,
      run: () =>
        deps.banking.receiveDeposit(tx, {
          depositAccountId: account.id,
          amount: index === 0 ? 3 * DEMO_MONTHLY_FUNDING : DEMO_MONTHLY_FUNDING,
          date: funding,
          description: 'Transfer from Mercury Checking',
        }),
    });
    for (const payee of DEMO_PAYEES) {
      const day = businessDay(`${month}-${String(payee.day).padStart(2, '0')}`);
      const amount = payee.cents + payee.step * (index % 4);
      const form: Record<string, unknown> = {
        vendorId: vendorIds.get(payee.name),
        recipientName: payee.name,
        routingNumber: '021000021',
        accountNumber: `40${String(payee.day).padStart(2, '0')}123456`,
        amount,
        date: day,
        memo: `${month} invoice`,
      };
      if (payee.rail === 'wire') {
        form.recipientAddress = {
          line1: '88 Keyuan Rd',
          city: 'San Francisco',
          state: 'CA',
          postalCode: '94107',
        };
        form.bank = {
          name: 'Example Trade Bank',
          address: '1 Bank Plaza',
          city: 'New York',
          state: 'NY',
          postalCode: '10005',
        };
      }
      events.push({
        day,
        run: () =>
          sendTransfer(deps, {
            entityId: input.entityId,
            userId: input.ownerId,
            rail: payee.rail,
            idempotencyKey: `demo-${month}-${payee.rail}-${payee.day}`,
            accountId: account.id,
            form,
          }),
      });
    }
  }
  events.sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0));
  for (const event of events) {
    if (event.day > today) continue;
    now = atTen(event.day);
    await handOverDueTransfers(deps, input.entityId);
    await settleDueInTransaction(tx, deps, input.entityId);
    const made = await event.run();
    // A deposit is booked here; transfers book themselves when they settle.
    if (made && typeof made === 'object' && 'kind' in made) {
      await bookBankPostings(tx, deps.clock, [made as BankPostingMade], deps.counterFor);
    }
  }
  now = clock.now();
  await handOverDueTransfers(deps, input.entityId);
  await settleDueInTransaction(tx, deps, input.entityId);
  // The year's transfers are history: their hand-over jobs are not left in the company's job list.
  await tx.delete(jobs).where(
    and(
      eq(jobs.entityId, input.entityId),
      eq(jobs.type, TRANSFER_HAND_OVER_JOB),
      inArray(
        jobs.subjectId,
        tx
          .select({ id: sql<string>`${bankTransfers.id}::text` })
          .from(bankTransfers)
          .where(and(eq(bankTransfers.entityId, input.entityId), isNotNull(bankTransfers.handedOverAt))),
      ),
    ),
  );
  await seedDemoTransferApproval(tx, deps, { ...input, accountId: account.id, today, vendorIds });
}

/** The demo's approval amount: transfers above $3,000 need a second approver. */
const DEMO_APPROVAL_THRESHOLD = 3_000_00;

/**
 * The transfers page alive: the owner has set an approval amount, a wire above it waits for
 * a second approver, an ACH was canceled before the bank had it, and two ACH payments dated in the
 * coming days are pending (cancelable until they are handed over at their cut-off).
 */
async function seedDemoTransferApproval(
  tx: Tx,
  deps: BankingDeps,
  input: {
    entityId: string;
    ownerId: string;
    accountId: string;
    today: string;
    vendorIds: Map<string, string>;
  },
): Promise<void> {
  await tx
    .update(entities)
    .set({ transferApprovalThreshold: DEMO_APPROVAL_THRESHOLD })
    .where(eq(entities.id, input.entityId));
  const ahead = (days: number) => {
    const at = new Date(`${input.today}T00:00:00.000Z`);
    at.setUTCDate(at.getUTCDate() + days);
    return businessDay(at.toISOString().slice(0, 10));
  };
  const ach = (key: string, name: string, amount: number, date: string, memo: string) =>
    sendTransfer(deps, {
      entityId: input.entityId,
      userId: input.ownerId,
      rail: 'ach',
      idempotencyKey: `demo-upcoming-${key}`,
      accountId: input.accountId,
      form: {
        vendorId: input.vendorIds.get(name),
        recipientName: name,
        routingNumber: '021000021',
        accountNumber: '4010123456',
        amount,
        date,
        memo,
      },
    });
  await ach('legal', 'Lee & Park LLP', 2_250_00, ahead(3), 'Retainer');
  await ach('accounting', 'Ledgerly Accounting', 1_800_00, ahead(5), 'Monthly close');
  const canceled = await ach(
    'duplicate',
    'Ledgerly Accounting',
    1_800_00,
    ahead(4),
    'Monthly close (duplicate)',
  );
  await cancelTransfer(deps, { entityId: input.entityId, userId: input.ownerId }, canceled.id, 'Sent twice');
  await sendTransfer(deps, {
    entityId: input.entityId,
    userId: input.ownerId,
    rail: 'wire',
    idempotencyKey: 'demo-upcoming-parts',
    accountId: input.accountId,
    form: {
      vendorId: input.vendorIds.get('Shenzhen Motion Components'),
      recipientName: 'Shenzhen Motion Components',
      routingNumber: '021000021',
      accountNumber: '4020123456',
      amount: 4_600_00,
      date: ahead(2),
      memo: 'Motor order 118',
      recipientAddress: { line1: '88 Keyuan Rd', city: 'San Francisco', state: 'CA', postalCode: '94107' },
      bank: {
        name: 'Example Trade Bank',
        address: '1 Bank Plaza',
        city: 'New York',
        state: 'NY',
        postalCode: '10005',
      },
    },
  });
}
