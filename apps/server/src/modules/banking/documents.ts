/**
 * The Documents page's part of the banking module (spec §2 /documents): its GraphQL query (registered
 * on import) and what the REST downloads, the demo and the tests use. Statements, tax documents and the
 * file download tokens that open them.
 */
import './documentsQueries';

export {
  type DownloadAnswer,
  downloadStatement,
  downloadTaxDocument,
  type QueryValue,
} from './documentsDownloads';
export { issueFileToken } from './fileTokens';
export { fileDueTaxDocuments } from './taxDocuments';
