import { formatEin } from '@keel/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { bankApplications, entities } from '../../db/schema';
import type { SecretBox } from '../../secrets/secretBox';
import type { DepositAccountRow } from './depositAccounts';

/** The secret box context the application's EIN is sealed with (applyForAccount). */
export const einSealContext = (applicationId: string) => `bank_application_ein:${applicationId}`;

/** The account holder as a statement or tax document prints it. */
export type DocumentHolder = {
  name: string;
  addressLines: string[];
  /**
   * The business's EIN in its printed layout 'XX-XXXXXXX' (a 1099-INT's recipient TIN), opened from its
   * seal only when a `secrets` box is given; null when none is on file (an application made before the
   * EIN was asked, or an account without one) or not asked for. The owner's SSN is never printed.
   */
  ein: string | null;
};

type StoredAddress = {
  streetLine1?: string;
  streetLine2?: string | null;
  city?: string;
  state?: string;
  postalCode?: string;
};

/** The address the /apply form took, as a letter's lines: street, second line, 'City, ST 12345'. */
function addressLinesOf(address: unknown): string[] {
  if (address === null || typeof address !== 'object') return [];
  const { streetLine1, streetLine2, city, state, postalCode } = address as StoredAddress;
  const place = [city, [state, postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  return [streetLine1, streetLine2, place].filter((line): line is string => !!line && line.trim() !== '');
}

/**
 * Who holds the account: the business (the company's name), with the address and EIN of the application
 * that opened it. An account without an application (none is opened so today) prints the name only.
 */
export async function loadDocumentHolder(
  db: Db | Tx,
  account: DepositAccountRow,
  secrets?: SecretBox,
): Promise<DocumentHolder> {
  const [entity] = await db
    .select({ name: entities.name })
    .from(entities)
    .where(eq(entities.id, account.entityId));
  const [application] = account.applicationId
    ? await db
        .select({
          id: bankApplications.id,
          address: bankApplications.address,
          einSealed: bankApplications.einSealed,
        })
        .from(bankApplications)
        .where(eq(bankApplications.id, account.applicationId))
    : [];
  return {
    name: entity?.name ?? '',
    addressLines: addressLinesOf(application?.address),
    ein:
      application?.einSealed && secrets
        ? formatEin(secrets.open(application.einSealed, einSealContext(application.id)))
        : null,
  };
}
