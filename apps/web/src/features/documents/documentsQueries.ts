import { graphql, type ResultOf } from '../../lib/graphql';

/**
 * Documents(entityId) (spec §7): a file download token, and the company's Keel accounts with the
 * months they have statements for and their tax documents. Asked afresh on every visit
 * (network-only): each answer carries a new token, and a cached one may have expired.
 */
export const DOCUMENTS_QUERY = graphql(`
  query Documents($entityId: ID!) {
    documents(entityId: $entityId) {
      entityId
      fileToken {
        token
        expiresIn
      }
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
