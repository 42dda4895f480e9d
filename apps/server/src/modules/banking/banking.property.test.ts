import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNTS,
  ACH,
  achRequest,
  type BankAccountView,
  balanceViews,
  deposit,
  openDepositAccount,
  runBankMirror,
  WIRE,
  wireRequest,
} from '../../../test/bankingTestKit';
import { createTestApp, type TestApp } from '../../../test/harness';
import { createLedgerFixture, rollupMismatches } from '../../../test/ledgerTestKit';
import { RETURNED_ACCOUNT_NUMBER } from '../../providers/banking/sandbox';
import { issueAccessToken } from '../auth/tokens';

/**
 * Balances always equal the ledger: random sequences of deposits, ACH and wire transfers (some to the
 * sandbox's return account, some retried with their key, some refused) and clock moves across days and
 * a month end. After each sequence, for every account: current balance = the sum of its legs in the
 * bank's ledger = its postings = its bookkeeping account's entries; available = current − pending;
 * every posting balances; the rollups match the entries.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Operation =
  | { kind: 'deposit'; amount: number }
  | { kind: 'ach' | 'wire'; amount: number; returned: boolean; retry: boolean }
  | { kind: 'advance'; hours: number };

const operation: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({
    kind: fc.constantFrom('ach' as const, 'wire' as const),
    amount: fc.integer({ min: 50, max: 600_000 }),
    returned: fc.boolean(),
    retry: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('advance' as const), hours: fc.integer({ min: 1, max: 80 }) }),
);

describe('deposit account balances', () => {
  it('equal the ledger, the postings and the books after any sequence of operations', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 3, maxLength: 10 }), async (operations) => {
        run += 1;
        t.clock.set(new Date('2026-10-27T10:00:00.000Z'));
        const fixture = await createLedgerFixture(t, `Random ${run}`);
        const account = await openDepositAccount(fixture);
        let sequence = 0;
        for (const op of operations) {
          const today = t.clock.now().toISOString().slice(0, 10);
          if (op.kind === 'deposit') {
            await deposit(t, account.id, op.amount, today);
          } else if (op.kind === 'advance') {
            t.clock.advance(op.hours * 3_600_000);
            fixture.owner.token = (await issueAccessToken(t.db, t.clock, fixture.owner.user.id, 24)).token;
          } else {
            sequence += 1;
            const overrides = {
              amt: op.amount,
              d: today,
              ...(op.returned ? { num: RETURNED_ACCOUNT_NUMBER } : {}),
            };
            const key = `random-${run}-${sequence}`;
            const variables =
              op.kind === 'ach'
                ? achRequest(fixture, account.id, key, overrides)
                : wireRequest(fixture, account.id, key, overrides);
            const document = op.kind === 'ach' ? ACH : WIRE;
            const first = await fixture.gql<Record<string, { id: string }>>(document, variables);
            if (op.retry) {
              const again = await fixture.gql<Record<string, { id: string }>>(document, variables);
              const field = op.kind === 'ach' ? 'createAchTransfer' : 'createWireTransfer';
              if (first.data) expect(again.data?.[field]?.id).toBe(first.data[field]?.id);
            }
            for (const error of first.errors ?? []) expect(error.extensions?.code).toBe('BAD_USER_INPUT');
          }
        }
        // What the scheduled BankMirror job does (reads do not settle): then the read's figures are current.
        await runBankMirror(t, fixture.entityId);
        const result = await fixture.gql<{ providerBankAccounts: BankAccountView[] }>(ACCOUNTS, {
          e: fixture.entityId,
        });
        const [view] = result.data?.providerBankAccounts ?? [];
        const views = await balanceViews(t.db, fixture.entityId);
        const [figures] = views.accounts;
        expect(views.unbalanced).toEqual([]);
        expect(String(view?.currentBalance)).toBe(figures?.ledger);
        expect(figures?.postings).toBe(figures?.ledger);
        expect(figures?.books).toBe(figures?.ledger);
        expect(view?.availableBalance).toBe(Number(figures?.ledger) - Number(figures?.pending));
        expect(view?.availableBalance).toBeGreaterThanOrEqual(0);
        expect(await rollupMismatches(t.db, fixture.entityId)).toEqual([]);
      }),
      { numRuns: 12 },
    );
    // Twelve companies, each through the API and a mirror: slow on a loaded machine.
  }, 120_000);
});
