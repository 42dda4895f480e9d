import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bankApplications, entities } from '../../db/schema';
import type { DepositAccountRow } from './depositAccounts';

/** The account holder as a statement or tax document prints it. */
export type DocumentHolder = {
  name: string;
  addressLines: string[];
  /**
   * The applicant's SSN in its printed layout with only the last 4 digits real ('000-00-6789'): the PDF
   * shows it masked ('***-**-6789'), so the sealed SSN is never opened to print a document.
   */
  maskableTaxId: string;
};

type StoredAddress = {
  streetLine1?: string;
  streetLine2?: string | null;
  city?: string;
  state?: string;
  postalCode?: string;
};

/** The address the /apply form took, as a letter's lines: street, second line, 'City, ST 12345'. */
export function addressLinesOf(address: unknown): string[] {
  if (address === null || typeof address !== 'object') return [];
  const { streetLine1, streetLine2, city, state, postalCode } = address as StoredAddress;
  const place = [city, [state, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [streetLine1, streetLine2, place].filter((line): line is string => !!line && line.trim() !== '');
}

/**
 * Who holds the account: the company's name, and the address and SSN (last 4) of the application that
 * opened it. An account without an application (none is opened so today) prints the name only.
 */
export async function loadDocumentHolder(db: Db | Tx, account: DepositAccountRow): Promise<DocumentHolder> {
  const [entity] = await db
    .select({ name: entities.name })
    .from(entities)
    .where(eq(entities.id, account.entityId));
  const [application] = account.applicationId
    ? await db
        .select({ address: bankApplications.address, tinLast4: bankApplications.tinLast4 })
        .from(bankApplications)
        .where(eq(bankApplications.id, account.applicationId))
    : [];
  return {
    name: entity?.name ?? '',
    addressLines: addressLinesOf(application?.address),
    maskableTaxId: application ? `000-00-${application.tinLast4}` : '',
  };
}
