import type { Tx } from '../../db/client';
import { bankLedgerEntries, bankPostings } from '../../db/schema';
import type { BankPostingMade } from './index';

type NewPosting = Omit<BankPostingMade, 'id'>;

/**
 * Books a posting at the bank and its two legs, which sum to zero: the deposit account's and the bank's
 * own `bankAccount` (ach_clearing, wire_clearing, incoming_clearing, interest_expense).
 */
export async function bookBankPosting(
  tx: Tx,
  posting: NewPosting,
  bankAccount: string,
): Promise<BankPostingMade> {
  const [row] = await tx
    .insert(bankPostings)
    .values({ ...posting })
    .returning();
  if (!row) throw new Error('Posting insert returned nothing');
  await tx.insert(bankLedgerEntries).values([
    {
      entityId: posting.entityId,
      postingId: row.id,
      depositAccountId: posting.depositAccountId,
      amount: posting.amount,
    },
    { entityId: posting.entityId, postingId: row.id, bankAccount, amount: -posting.amount },
  ]);
  return { ...posting, id: row.id };
}
