import { benefitsPercentSchema, employerTaxPercentSchema, HIRING_MESSAGES } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { hiringSettings } from '../../db/schema';
import { writeTransaction } from '../../db/transactions';
import { apiError } from '../../errors';
import { parseInput } from '../../graphql/parseInput';
import { badHiringInput } from './hiringErrors';
import { checkHiringAccount, ensureHiringSettings, type HiringSettingsRow } from './hiringSettings';
import { lockHiringPlan } from './lockHiringPlan';
import { refreshHiringForecasts } from './refreshHiringForecasts';

/**
 * UpdateHiringSettings' fields. An absent (undefined) field stays as it is; null keeps the salaries and
 * contractors accounts and clears the taxes and benefits accounts (those lines then go onto the
 * salaries account). Percents are 0 to 100 with at most 2 decimals (7.65).
 */
type HiringSettingsInput = {
  entityId: string;
  salariesAccountId?: string | null;
  contractorsAccountId?: string | null;
  taxesAccountId?: string | null;
  benefitsAccountId?: string | null;
  employerTaxPercent?: number | string | null;
  benefitsPercent?: number | string | null;
};

/**
 * UpdateHiringSettings: where the plan's cost lines go and the employer tax and benefits rates. Every
 * account must be the company's ('Account not found') and outside Banks, Credit Cards, Investments and
 * Loans. The plan is locked first; the forecasts are then rewritten in the same transaction, so a
 * line moved to another account leaves the old one.
 */
export async function updateHiringSettings(
  db: Db | Tx,
  clock: Clock,
  userId: string | null,
  input: HiringSettingsInput,
): Promise<HiringSettingsRow> {
  const employerTaxBasisPoints =
    input.employerTaxPercent == null
      ? undefined
      : parseInput(employerTaxPercentSchema, input.employerTaxPercent);
  const benefitsBasisPoints =
    input.benefitsPercent == null ? undefined : parseInput(benefitsPercentSchema, input.benefitsPercent);
  return writeTransaction(db, async (tx) => {
    const { entityId } = input;
    await lockHiringPlan(tx, clock, entityId);
    await ensureHiringSettings(tx, clock, entityId);
    const account = async (given: string | null | undefined, clears: boolean) => {
      if (given === undefined || (given === null && !clears)) return undefined;
      if (given === null) return null;
      const check = await checkHiringAccount(tx, entityId, given);
      if (check === 'not found') throw apiError('NOT_FOUND', 'Account not found');
      if (check === 'excluded') throw badHiringInput(HIRING_MESSAGES.costAccountGroup);
      return given;
    };
    const changes = {
      salariesAccountId: await account(input.salariesAccountId, false),
      contractorsAccountId: await account(input.contractorsAccountId, false),
      taxesAccountId: await account(input.taxesAccountId, true),
      benefitsAccountId: await account(input.benefitsAccountId, true),
      employerTaxBasisPoints,
      benefitsBasisPoints,
    };
    await tx
      .update(hiringSettings)
      .set({ ...changes, updatedAt: clock.now() })
      .where(eq(hiringSettings.entityId, entityId));
    await refreshHiringForecasts(tx, clock, userId, entityId);
    const [row] = await tx.select().from(hiringSettings).where(eq(hiringSettings.entityId, entityId));
    if (!row) throw new Error('Hiring settings vanished');
    return row;
  });
}
