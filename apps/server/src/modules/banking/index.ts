/**
 * The banking module's public entry (issue 16: deposit accounts, transfers, vendors, applications):
 * its GraphQL fields (registered on import) and the services the demo and tests use.
 */
import './bankingQueries';
import './bankingMutations';

export { applyForAccount } from './applyForAccount';
export type { BankingDeps } from './bankingDeps';
export { bookBankPostings, settleDueBanking, settleDueInTransaction } from './bookBankPostings';
export { listDepositAccounts, openDepositAccount } from './depositAccounts';
export { sendTransfer } from './sendTransfer';
export { createVendor } from './vendors';
