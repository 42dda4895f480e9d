/**
 * The banking module's public entry (issue 16: deposit accounts, cards, transfers, vendors, applications):
 * its GraphQL fields (registered on import) and the services the demo and tests use.
 */
import './bankingQueries';
import './bankingMutations';
import './cardQueries';
import './cardMutations';

export { applyForAccount } from './applyForAccount';
export type { BankingDeps } from './bankingDeps';
export { bookBankPostings, settleDueBanking, settleDueInTransaction } from './bookBankPostings';
export { cardDepsOf, requireCard } from './cardContext';
export { REVEAL_MESSAGES, revealCard, spendExposedRevealToken } from './cardReveal';
export { issueCard } from './cards';
export { listDepositAccounts, openDepositAccount } from './depositAccounts';
export * from './documents';
export { sendTransfer } from './sendTransfer';
export { createVendor } from './vendors';
