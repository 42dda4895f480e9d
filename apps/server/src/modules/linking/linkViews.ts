import type { Db, Tx } from '../../db/client';
import type { LinkProvider } from '../../db/schema';
import { type BankLinkRow, type BankLinkView, listAccountsOfLinks, listBankLinks } from './bankLinkRows';

/** The company's links of a provider with their accounts, oldest first (LinkedAccounts, spec §7). */
export async function listLinkViews(
  db: Db | Tx,
  entityId: string,
  provider: LinkProvider,
): Promise<BankLinkView[]> {
  const links = await listBankLinks(db, entityId, provider);
  const accounts = await listAccountsOfLinks(
    db,
    links.map((link) => link.id),
  );
  return links.map((link) => ({ link, accounts: accounts.filter((account) => account.linkId === link.id) }));
}

/** One link with its accounts. */
export async function linkViewOf(db: Db | Tx, link: BankLinkRow): Promise<BankLinkView> {
  return { link, accounts: await listAccountsOfLinks(db, [link.id]) };
}
