import { graphql, type ResultOf } from '../../lib/graphql';

/**
 * EntitySubscription (spec §7) as the accounts pages hear it: what changed in the company ('reason')
 * and its API flags as they are now. The pages read the rest again themselves (their own queries), so
 * the event only needs to say what to read.
 */
export const ENTITY_WAS_UPDATED_SUBSCRIPTION = graphql(`
  subscription EntityWasUpdated($entityId: ID!) {
    entityWasUpdated(entityId: $entityId) {
      entityId
      reason
      apiFlags {
        qbo
        finch
      }
    }
  }
`);

export type EntityUpdate = ResultOf<typeof ENTITY_WAS_UPDATED_SUBSCRIPTION>['entityWasUpdated'];

/** The queries (operation names) the accounts pages show. */
export const ACCOUNTS_PAGE_QUERIES = [
  'AccountsOverview',
  'LinkedAccounts',
  'KeelAccounts',
  'QuickbooksAccounts',
  'QuickbooksConnection',
] as const;

/** Which of them each kind of change touches; a reason not listed here reloads them all. */
const QUERIES_BY_REASON: Record<string, readonly string[]> = {
  linkedAccounts: ['AccountsOverview', 'LinkedAccounts', 'QuickbooksAccounts'],
  depositAccounts: ['AccountsOverview', 'KeelAccounts'],
  apiFlags: ['AccountsOverview', 'LinkedAccounts', 'QuickbooksAccounts', 'QuickbooksConnection'],
};

export function queriesForEntityUpdate(reason: string): readonly string[] {
  return QUERIES_BY_REASON[reason] ?? ACCOUNTS_PAGE_QUERIES;
}
