/**
 * The banking module's public entry (deposit accounts, cards, transfers, vendors, applications):
 * its GraphQL fields (registered on import) and the services the demo and tests use.
 */
import './bankingQueries';
import './bankingMutations';
import './cardQueries';
import './cardMutations';
import './accountDetailsGraphql';

export { applyForAccount } from './applyForAccount';
export type { BankingDeps } from './bankingDeps';
export { bookBankPostings, settleDueInTransaction } from './bookBankPostings';
export { cardDepsOf, requireCard } from './cardContext';
export { REVEAL_MESSAGES, revealCard, spendExposedRevealToken } from './cardReveal';
export { issueCard } from './cards';
export { listDepositAccounts } from './depositAccounts';
export * from './documents';
export { sendTransfer } from './sendTransfer';
export { settleDueBanking } from './settleDueBanking';
export { handOverDueTransfers } from './transferHandOver';
export { downloadTransferReceipt, TRANSFER_RECEIPT_PATH } from './transferReceipt';
export { createVendor } from './vendors';
