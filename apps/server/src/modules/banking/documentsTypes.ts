import { builder } from '../../graphql/builder';
import { entityToday } from '../entities/timeZone';
import { ProviderBankAccountRef } from './bankingTypes';
import type { DepositAccountView } from './depositAccounts';
import { statementMonthsOf } from './documentsStatement';
import { type IssuedFileToken, issueFileToken } from './fileTokens';
import { listTaxDocuments, type TaxDocumentRow } from './taxDocuments';

/**
 * What Documents(entityId) answers (spec §7): a download token and the company's deposit accounts. The
 * token is made only when the field is asked for (for the viewer, `userId`): each is single use.
 */
type DocumentsView = {
  entityId: string;
  userId: string;
  accounts: DepositAccountView[];
};

const TaxDocumentRef = builder.objectRef<TaxDocumentRow>('TaxDocument').implement({
  description:
    "A deposit account's tax document (spec §3 taxDocuments): a Form 1099-INT per year whose interest reached $10. Downloaded from GET /api/v1/account/document?accountId=&id=&token= (a single-use file token) once filed.",
  fields: (t) => ({
    id: t.exposeID('id'),
    accountId: t.exposeID('depositAccountId', { description: 'The deposit account it reports on.' }),
    type: t.exposeString('type', { description: "'1099-INT'." }),
    year: t.exposeInt('year', { description: 'The tax year (calendar year) it covers.' }),
    name: t.exposeString('name'),
    status: t.exposeString('status', {
      description: 'draft, filed, corrected or void; the Documents page lists and serves filed ones only.',
    }),
    amount: t.field({
      type: 'Cents',
      description: 'What the form reports: for a 1099-INT, the interest credited in the year (box 1).',
      resolve: (document) => document.amount,
    }),
    filedAt: t.field({ type: 'DateTime', nullable: true, resolve: (document) => document.filedAt }),
  }),
});

const FileTokenRef = builder.objectRef<IssuedFileToken>('FileToken').implement({
  description:
    'A file download token (GET /api/v1/file_tokens): the `token` query parameter of a statement or tax document link. It opens one file of the company for the user it was made for, once, within a minute: ask for a new one for each download.',
  fields: (t) => ({
    token: t.exposeString('token'),
    expiresAt: t.field({ type: 'DateTime', resolve: (token) => token.expiresAt }),
    expiresIn: t.exposeInt('expiresIn', {
      description:
        "Seconds it lives from now: count from when it arrived (the browser's clock may differ from the server's).",
    }),
  }),
});

export const DocumentsRef = builder.objectRef<DocumentsView>('Documents').implement({
  description:
    'The Documents page (spec §2 /documents, §7 Documents(entityId)): a download token and the deposit accounts with their statement months and tax documents.',
  fields: (t) => ({
    entityId: t.exposeID('entityId'),
    fileToken: t.field({
      type: FileTokenRef,
      description: 'A new single-use download token for the viewer, made when this field is asked for.',
      resolve: (documents, _args, ctx) =>
        issueFileToken(ctx.db, ctx.clock, { entityId: documents.entityId, userId: documents.userId }),
    }),
    accounts: t.field({
      type: [ProviderBankAccountRef],
      description: 'The deposit accounts, oldest first.',
      resolve: (documents) => documents.accounts,
    }),
  }),
});

builder.objectFields(ProviderBankAccountRef, (t) => ({
  statementMonths: t.field({
    type: ['MonthKey'],
    description:
      "The months with a statement, newest first: from the month the account opened (its first, partial month: ours, where spec §9 starts the month after) to last month, in the company's time zone. GET /api/v1/account/statement?account_id=&month=&token= (a single-use file token) downloads one.",
    resolve: async (account: DepositAccountView, _args, ctx) =>
      statementMonthsOf(account, (await entityToday(ctx.db, ctx.clock, account.entityId)).today),
  }),
  taxDocuments: t.field({
    type: [TaxDocumentRef],
    description: 'Its tax documents, every status, newest year first (spec §3 taxDocuments).',
    resolve: (account: DepositAccountView, _args, ctx) => listTaxDocuments(ctx.db, [account.id]),
  }),
}));
