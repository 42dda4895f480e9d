import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bankLinks, type importedTransactions, type LinkProvider, linkedAccounts } from '../../db/schema';
import { isUuid } from '../../graphql/context';
import type { LinkCredential } from '../../providers/aggregators';
import type { SecretBox } from '../../secrets/secretBox';

export type BankLinkRow = typeof bankLinks.$inferSelect;
export type LinkedAccountRow = typeof linkedAccounts.$inferSelect;
export type ImportedRow = typeof importedTransactions.$inferSelect;

/** A link with its accounts, as the Linked Accounts page shows it. */
export type BankLinkView = { link: BankLinkRow; accounts: LinkedAccountRow[] };

/** The source of the books' transactions imported through each provider (the demo's older 'plaid' rows differ). */
export const IMPORT_SOURCES: Record<LinkProvider, string> = {
  plaid: 'plaid_link',
  moneykit: 'moneykit_link',
};

/** The ref_type of a linked account's mirror in the books. */
export const LEDGER_REF_TYPES: Record<LinkProvider, string> = {
  plaid: 'Plaid::Account',
  moneykit: 'Moneykit::Account',
};

/** The seal context of a link's access token: a sealed token copied to another link does not open. */
export const accessTokenContext = (linkId: string) => `bank-link-access-token:${linkId}`;

/** One link by id, or null (also for an id that is not a UUID). */
export async function findBankLink(db: Db | Tx, id: string): Promise<BankLinkRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db.select().from(bankLinks).where(eq(bankLinks.id, id));
  return row ?? null;
}

/** The company's links of a provider (both when none given), oldest first, then by institution. */
export async function listBankLinks(
  db: Db | Tx,
  entityId: string,
  provider?: LinkProvider,
): Promise<BankLinkRow[]> {
  return db
    .select()
    .from(bankLinks)
    .where(and(eq(bankLinks.entityId, entityId), provider ? eq(bankLinks.provider, provider) : undefined))
    .orderBy(asc(bankLinks.createdAt), asc(bankLinks.institutionName), asc(bankLinks.id));
}

/** The accounts of these links, in the order they were first linked, then by name. */
export async function listAccountsOfLinks(
  db: Db | Tx,
  linkIds: readonly string[],
): Promise<LinkedAccountRow[]> {
  if (linkIds.length === 0) return [];
  return db
    .select()
    .from(linkedAccounts)
    .where(inArray(linkedAccounts.linkId, [...linkIds]))
    .orderBy(asc(linkedAccounts.createdAt), asc(linkedAccounts.name), asc(linkedAccounts.id));
}

/** What the provider needs to read the link: its id and its access token, opened. */
export function credentialOf(secrets: SecretBox, link: BankLinkRow): LinkCredential {
  return {
    providerLinkId: link.providerLinkId,
    accessToken: link.accessTokenSealed
      ? secrets.open(link.accessTokenSealed, accessTokenContext(link.id))
      : null,
  };
}

/** Whether the link needs the user to sign in again (spec §4): A's ITEM_LOGIN_REQUIRED, B's auth_expired. */
export const needsReconnect = (link: Pick<BankLinkRow, 'state' | 'errorCode'>) =>
  link.errorCode === 'ITEM_LOGIN_REQUIRED' || (link.state === 'error' && link.errorCode === 'auth_expired');
