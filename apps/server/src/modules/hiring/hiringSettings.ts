import { MODEL_EXCLUDED_ACCOUNT_GROUPS } from '@keel/domain';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import { accounts, hiringSettings } from '../../db/schema';
import { isUuid } from '../../graphql/context';
import { type AccountRow, createAccount } from '../ledger/accounts';

export type HiringSettingsRow = typeof hiringSettings.$inferSelect;

/** The four lines the plan writes into the report, each a forecast of kind 'hiring'. */
export type HiringCostLine = 'salaries' | 'contractors' | 'taxes' | 'benefits';

/**
 * The names the plan looks for among the company's Expense accounts (any case), in order of preference,
 * when a line has no account yet. Salaries and Contractors are made under Expense when none is found;
 * Employer taxes and Benefits without an account of their own go onto the salaries account.
 */
const HIRING_ACCOUNT_NAMES: Record<HiringCostLine, readonly string[]> = {
  salaries: ['Salaries', 'Payroll'],
  contractors: ['Contractors'],
  taxes: ['Payroll Taxes'],
  benefits: ['Benefits'],
};

/** What a line makes under Expense when the chart has none of its names. */
const CREATED_ACCOUNT_NAMES = { salaries: 'Salaries', contractors: 'Contractors' } as const;

/** What `hiringPlan.settings` shows: the accounts (null: found or made when first needed) and rates. */
export type HiringSettingsView = {
  entityId: string;
  salariesAccount: AccountRow | null;
  contractorsAccount: AccountRow | null;
  taxesAccount: AccountRow | null;
  benefitsAccount: AccountRow | null;
  employerTaxBasisPoints: number;
  benefitsBasisPoints: number;
};

/**
 * The company's settings row, made the first time it is needed with the accounts found by name
 * (HIRING_ACCOUNT_NAMES; nothing is created here) and no taxes or benefits. Called under the plan lock,
 * so two first writes make one row (and ON CONFLICT keeps it so even without it).
 */
export async function ensureHiringSettings(
  tx: Tx,
  clock: Clock,
  entityId: string,
): Promise<HiringSettingsRow> {
  const [existing] = await tx.select().from(hiringSettings).where(eq(hiringSettings.entityId, entityId));
  if (existing) return existing;
  const now = clock.now();
  await tx
    .insert(hiringSettings)
    .values({
      entityId,
      salariesAccountId: (await findAccountByName(tx, entityId, 'salaries'))?.id ?? null,
      contractorsAccountId: (await findAccountByName(tx, entityId, 'contractors'))?.id ?? null,
      taxesAccountId: (await findAccountByName(tx, entityId, 'taxes'))?.id ?? null,
      benefitsAccountId: (await findAccountByName(tx, entityId, 'benefits'))?.id ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
  const [created] = await tx.select().from(hiringSettings).where(eq(hiringSettings.entityId, entityId));
  if (!created) throw new Error(`No hiring settings for entity ${entityId}`);
  return created;
}

/**
 * The account of the salaries or contractors line: the one set, else one found by name, else
 * 'Salaries' / 'Contractors' made under the Expense root through the ledger (its locks, its rules).
 * The caller stores what it got.
 */
export async function resolveLineAccount(
  tx: Tx,
  clock: Clock,
  entityId: string,
  line: 'salaries' | 'contractors',
  accountId: string | null,
): Promise<string> {
  if (accountId) return accountId;
  const found = await findAccountByName(tx, entityId, line);
  if (found) return found.id;
  const [root] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(eq(accounts.entityId, entityId), eq(accounts.accountType, 'Expense'), isNull(accounts.parentId)),
    )
    .orderBy(asc(accounts.sortOrder), asc(accounts.createdAt))
    .limit(1);
  if (!root) throw new Error(`Entity ${entityId} has no Expense account`);
  const created = await createAccount(tx, clock, {
    entityId,
    parentId: root.id,
    name: CREATED_ACCOUNT_NAMES[line],
  });
  return created.id;
}

/** The first Expense account (shallowest, then by order) with one of the line's names, any case. */
async function findAccountByName(db: Db | Tx, entityId: string, line: HiringCostLine) {
  for (const name of HIRING_ACCOUNT_NAMES[line]) {
    const [row] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(
        and(
          eq(accounts.entityId, entityId),
          eq(accounts.accountType, 'Expense'),
          sql`lower(trim(${accounts.name})) = ${name.toLowerCase()}`,
        ),
      )
      .orderBy(sql`length(${accounts.ancestry})`, asc(accounts.sortOrder), asc(accounts.createdAt))
      .limit(1);
    if (row) return row;
  }
  return null;
}

/**
 * An account the plan may write to: the company's, outside Banks, Credit Cards, Investments and Loans
 * (spec §9, as model outputs). 'not found' for another company's or a missing id; 'excluded' for those
 * groups.
 */
export async function checkHiringAccount(
  db: Db | Tx,
  entityId: string,
  accountId: string,
): Promise<'ok' | 'not found' | 'excluded'> {
  if (!isUuid(accountId)) return 'not found';
  const [row] = await db
    .select({ accountGroup: accounts.accountGroup })
    .from(accounts)
    .where(and(eq(accounts.entityId, entityId), eq(accounts.id, accountId)));
  if (!row) return 'not found';
  const excluded: readonly string[] = MODEL_EXCLUDED_ACCOUNT_GROUPS;
  return excluded.includes(row.accountGroup ?? '') ? 'excluded' : 'ok';
}

/**
 * The settings as `hiringPlan.settings` shows them. Before the row exists (no cost written, no setting
 * changed), the accounts the plan would find by name and no taxes or benefits: a read makes nothing.
 */
export async function loadHiringSettings(db: Db | Tx, entityId: string): Promise<HiringSettingsView> {
  const [row] = await db.select().from(hiringSettings).where(eq(hiringSettings.entityId, entityId));
  const idOf = async (line: HiringCostLine, stored: string | null | undefined) =>
    row ? (stored ?? null) : ((await findAccountByName(db, entityId, line))?.id ?? null);
  const ids = {
    salaries: await idOf('salaries', row?.salariesAccountId),
    contractors: await idOf('contractors', row?.contractorsAccountId),
    taxes: await idOf('taxes', row?.taxesAccountId),
    benefits: await idOf('benefits', row?.benefitsAccountId),
  };
  const wanted = Object.values(ids).filter((id): id is string => id !== null);
  const rows =
    wanted.length === 0
      ? []
      : await db
          .select()
          .from(accounts)
          .where(and(eq(accounts.entityId, entityId), inArray(accounts.id, wanted)));
  const byId = new Map(rows.map((account) => [account.id, account]));
  const account = (id: string | null) => (id ? (byId.get(id) ?? null) : null);
  return {
    entityId,
    salariesAccount: account(ids.salaries),
    contractorsAccount: account(ids.contractors),
    taxesAccount: account(ids.taxes),
    benefitsAccount: account(ids.benefits),
    employerTaxBasisPoints: row?.employerTaxBasisPoints ?? 0,
    benefitsBasisPoints: row?.benefitsBasisPoints ?? 0,
  };
}
