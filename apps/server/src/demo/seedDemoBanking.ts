import { randomBytes } from 'node:crypto';
import { addMonths } from '@keel/domain';
import { and, eq } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Tx } from '../db/client';
import { accounts, depositAccounts } from '../db/schema';
import {
  applyForAccount,
  type BankingDeps,
  bookBankPostings,
  createVendor,
  sendTransfer,
  settleDueInTransaction,
} from '../modules/banking';
import type { BankPostingMade } from '../providers/banking';
import { createSandboxBanking } from '../providers/banking/sandbox';
import { createSecretBox } from '../secrets/secretBox';

/** The demo's Keel account: opened this many months before today's month. */
export const DEMO_BANKING_MONTHS = 13;

/** Who the demo company pays from its Keel account, how, on which day, how much, booked where. */
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

/** What moves from Mercury Checking to the Keel account on the 3rd of each month. */
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
 * The demo company's Keel checking account (issue 16): an approved application and the account it
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
  input: { entityId: string; ownerId: string },
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
    secrets: createSecretBox(randomBytes(32)),
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
    await settleDueInTransaction(tx, deps, input.entityId);
    const made = await event.run();
    // A deposit is booked here; transfers book themselves when they settle.
    if (made && typeof made === 'object' && 'kind' in made) {
      await bookBankPostings(tx, deps.clock, [made as BankPostingMade], deps.counterFor);
    }
  }
  now = clock.now();
  await settleDueInTransaction(tx, deps, input.entityId);
}
