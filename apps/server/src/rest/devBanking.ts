import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppDeps } from '../appDeps';
import { depositAccounts } from '../db/schema';
import { writeTransaction } from '../db/transactions';
import { bookBankPostings, settleDueBanking } from '../modules/banking';
import { secretBoxOf } from '../secrets/secretBox';
import { sendProblem } from './problem';
import { readBodyFields } from './requestInput';

/** The largest deposit the route takes: $1,000,000 (a test needs a few thousand). */
export const DEV_DEPOSIT_MAX_CENTS = 100_000_000;
/** How far ahead the bank may be settled: a month, enough for any transfer's settlement and return. */
export const DEV_SETTLE_MAX_DAYS = 31;

const DAY_MS = 24 * 60 * 60 * 1000;
const uuid = (label: string) => z.uuid({ error: `${label} must be an id` });

const depositInputSchema = z.object({
  account_id: uuid('account_id'),
  amount: z
    .number({ error: 'amount must be a number of cents' })
    .int('amount must be a whole number of cents')
    .min(1, 'amount must be positive')
    .max(DEV_DEPOSIT_MAX_CENTS, `amount must be at most ${DEV_DEPOSIT_MAX_CENTS} cents`),
  description: z.string().trim().min(1).max(100).default('Incoming ACH'),
});

const settleInputSchema = z.object({
  entity_id: uuid('entity_id'),
  at: z.iso.datetime({ error: 'at must be an ISO 8601 instant', offset: true }),
});

/**
 * The banking sandbox's development routes, for the browser tests, which run against one shared server
 * whose clock they cannot move:
 *
 * - POST /api/dev/bank/deposit {account_id, amount, description?}: money arriving in a deposit account
 *   from outside today (the sandbox's incoming ACH), booked in the company's books like any posting;
 *   a fresh company has no other way to get money to send.
 * - POST /api/dev/bank/settle {entity_id, at}: the bank settles one company's accounts as of `at`
 *   (now up to DEV_SETTLE_MAX_DAYS ahead), as settleDueBanking does at every read once the clock gets
 *   there: transfers due post (and are booked) or come back. Only that company moves ahead; the
 *   server's clock and every other company stay where they are.
 *
 * Registered by registerDevRoutes inside its loopback-only scope, so they exist only with DEV_ROUTES
 * (never in production) and answer only this machine; and only on the sandbox bank: with a real bank,
 * or none (banking off), they do not exist.
 */
export function registerDevBankingRoutes(app: FastifyInstance, deps: AppDeps) {
  if (deps.config.FEATURES.banking === 'off' || deps.providers.banking.kind !== 'sandbox') return;
  const bankingDeps = (at?: Date) => ({
    db: deps.db,
    clock: at ? { now: () => at } : deps.clock,
    banking: deps.providers.banking,
    secrets: secretBoxOf(deps.config),
  });

  app.post('/api/dev/bank/deposit', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = depositInputSchema.safeParse(body);
    if (!parsed.success) return sendProblem(reply, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const { account_id, amount, description } = parsed.data;
    const [account] = await deps.db
      .select({ id: depositAccounts.id, entityId: depositAccounts.entityId })
      .from(depositAccounts)
      .where(eq(depositAccounts.id, account_id));
    if (!account) return sendProblem(reply, 404, 'Deposit account not found');
    // What is due settles first, so the deposit lands after it, as it would at the bank.
    await settleDueBanking(bankingDeps(), account.entityId);
    const date = deps.clock.now().toISOString().slice(0, 10);
    const posting = await writeTransaction(deps.db, async (tx) => {
      const made = await deps.providers.banking.receiveDeposit(tx, {
        depositAccountId: account.id,
        amount,
        date,
        description,
      });
      await bookBankPostings(tx, deps.clock, [made]);
      return made;
    });
    return reply
      .code(201)
      .send({ id: posting.id, account_id: account.id, amount: posting.amount, date: posting.date });
  });

  app.post('/api/dev/bank/settle', async (request, reply) => {
    const body = await readBodyFields(request, reply);
    if (!body) return reply;
    const parsed = settleInputSchema.safeParse(body);
    if (!parsed.success) return sendProblem(reply, 400, parsed.error.issues[0]?.message ?? 'Invalid request');
    const at = new Date(parsed.data.at);
    const now = deps.clock.now();
    if (at.getTime() < now.getTime() || at.getTime() > now.getTime() + DEV_SETTLE_MAX_DAYS * DAY_MS) {
      return sendProblem(reply, 422, `at must be between now and ${DEV_SETTLE_MAX_DAYS} days ahead`);
    }
    const made = await settleDueBanking(bankingDeps(at), parsed.data.entity_id);
    return {
      postings: made.map((posting) => ({
        id: posting.id,
        kind: posting.kind,
        date: posting.date,
        amount: posting.amount,
        transfer_id: posting.transferId,
      })),
    };
  });
}
