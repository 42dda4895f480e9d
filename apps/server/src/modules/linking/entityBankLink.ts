import type { Db, Tx } from '../../db/client';
import type { LinkProvider } from '../../db/schema';
import { type BankLinkRow, findBankLink } from './bankLinkRows';
import { bankLinkNotFound } from './linkingErrors';

/**
 * The company's link of this provider with this id, or NOT_FOUND 'Bank link not found': unknown ids,
 * another company's and the other provider's answer alike.
 */
export async function requireEntityBankLink(
  db: Db | Tx,
  entityId: string,
  provider: LinkProvider,
  linkId: string,
): Promise<BankLinkRow> {
  const link = await findBankLink(db, linkId);
  if (!link || link.entityId !== entityId || link.provider !== provider) throw bankLinkNotFound();
  return link;
}
