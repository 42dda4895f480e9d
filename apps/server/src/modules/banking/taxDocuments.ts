import { FILED_TAX_DOCUMENT_STATUS } from '@keel/domain';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/queryRows';
import { taxDocuments } from '../../db/schema';
import { isUuid } from '../../graphql/context';

export type TaxDocumentRow = typeof taxDocuments.$inferSelect;

/** Form 1099-INT, interest income: the one tax document a Keel deposit account gets. */
export const INTEREST_TAX_DOCUMENT_TYPE = '1099-INT';
const INTEREST_TAX_DOCUMENT_NAME = 'Form 1099-INT';

/**
 * The IRS threshold: a payer files a 1099-INT for a recipient it paid $10 or more of interest in the
 * year (26 CFR 1.6049-4). Below it the account gets no document for that year.
 */
export const INTEREST_REPORTING_THRESHOLD_CENTS = 10_00;

/**
 * Files the company's due Forms 1099-INT, as the bank would: one per deposit account for each complete
 * calendar year whose interest reached INTEREST_REPORTING_THRESHOLD_CENTS, its amount the interest
 * postings dated in that year (box 1), status 'filed', filed now. A year is complete once it is over by
 * the clock and the account's December interest has been credited (or the account is closed, so no more
 * will be); at a real bank, whose interest Keel only mirrors, once January 31 of the next year has come. Idempotent: a year already filed (whatever its status since: corrected, void) is left as it
 * is, so two callers at once file it once (the unique account/type/year index).
 *
 * One statement, cheap enough to run on every read of the Documents page after the banking settlement
 * (documentsQueries.ts), which is where it runs; the demo seed runs it too. It is not in the settlement
 * itself (bookBankPostings.ts), which every banking read and write goes through.
 */
export async function fileDueTaxDocuments(db: Db | Tx, clock: Clock, entityId: string): Promise<number> {
  const now = clock.now();
  const thisYear = now.getUTCFullYear();
  const at = sql`${now.toISOString()}::timestamptz`;
  const filed = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO tax_documents
          (entity_id, deposit_account_id, type, year, name, status, amount, filed_at, created_at, updated_at)
        SELECT d.entity_id, d.id, ${INTEREST_TAX_DOCUMENT_TYPE}, y.year, ${INTEREST_TAX_DOCUMENT_NAME},
               ${FILED_TAX_DOCUMENT_STATUS}, y.interest, ${at}, ${at}, ${at}
        FROM deposit_accounts d
        JOIN LATERAL (
          SELECT extract(year FROM p.date)::int AS year, sum(p.amount)::bigint AS interest
          FROM bank_postings p
          WHERE p.deposit_account_id = d.id AND p.kind = 'interest'
            AND p.date < make_date(${thisYear}::int, 1, 1)
          GROUP BY 1
        ) y ON true
        WHERE d.entity_id = ${entityId}::uuid
          AND y.interest >= ${INTEREST_REPORTING_THRESHOLD_CENTS}
          AND (d.status = 'closed' OR d.interest_through >= y.year::text || '-12'
               -- A real bank's account (Increase) credits interest itself, mirrored as it comes: its
               -- year is complete by January 31, the day the form is due to the recipient.
               OR (d.provider_account_id IS NOT NULL AND ${at} >= make_date(y.year + 1, 1, 31)))
        ON CONFLICT (deposit_account_id, type, year) DO NOTHING
        RETURNING id`,
  );
  return filed.length;
}

/** The tax documents of these deposit accounts (every status), newest year first, then by name. */
export async function listTaxDocuments(
  db: Db | Tx,
  depositAccountIds: readonly string[],
): Promise<TaxDocumentRow[]> {
  if (depositAccountIds.length === 0) return [];
  return db
    .select()
    .from(taxDocuments)
    .where(inArray(taxDocuments.depositAccountId, [...depositAccountIds]))
    .orderBy(desc(taxDocuments.year), asc(taxDocuments.name), asc(taxDocuments.id));
}

/** The account's tax document `id`, or null for a malformed id or another account's document. */
export async function findTaxDocument(
  db: Db | Tx,
  depositAccountId: string,
  id: string,
): Promise<TaxDocumentRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db
    .select()
    .from(taxDocuments)
    .where(and(eq(taxDocuments.depositAccountId, depositAccountId), eq(taxDocuments.id, id)));
  return row ?? null;
}
