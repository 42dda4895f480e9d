import { graphql, type ResultOf } from '../../lib/graphql';

/**
 * Documents(entityId) (spec §7): the company's deposit accounts with the months they have statements for
 * and their tax documents. Asked afresh on every visit (network-only). Its `fileToken` is not asked
 * for: a file token opens one download, so the page gets one per click (useFileDownloads.ts).
 */
export const DOCUMENTS_QUERY = graphql(`
  query Documents($entityId: ID!) {
    documents(entityId: $entityId) {
      entityId
      accounts {
        id
        name
        accountNumber
        statementMonths
        taxDocuments {
          id
          accountId
          type
          year
          name
          status
        }
      }
    }
  }
`);

export type DocumentsData = ResultOf<typeof DOCUMENTS_QUERY>['documents'];
export type DocumentsAccount = DocumentsData['accounts'][number];
export type DocumentsTaxDocument = DocumentsAccount['taxDocuments'][number];
