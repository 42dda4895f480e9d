import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';
import type { EmailProvider } from '../../providers';
import type { BankingProvider, BankPostingMade } from '../../providers/banking';
import type { SecretBox } from '../../secrets/secretBox';

/** What the banking services work with: the database, the clock, the bank and the secret box. */
export type BankingDeps = {
  db: Db | Tx;
  clock: Clock;
  banking: BankingProvider;
  secrets: SecretBox;
  /** Where the transfer emails go (sent, posted, returned, awaiting approval); none are sent without it. */
  email?: EmailProvider;
  /**
   * Where the books put the other side of a posting, when the caller knows (the demo's categories); the
   * API leaves it unset and bookBankPostings' defaults apply.
   */
  counterFor?: (posting: BankPostingMade) => string | undefined;
};
