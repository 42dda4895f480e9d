import { builder } from '../../graphql/builder';
import type { BookkeepingTransaction, BookkeepingTransactionsPage } from './service';

const BookkeepingTransactionRef = builder
  .objectRef<BookkeepingTransaction>('BookkeepingTransaction')
  .implement({
    description: 'A bookkeeping transaction as the Transactions list shows it (spec §3 Transaction).',
    fields: (t) => ({
      id: t.exposeID('id'),
      name: t.exposeString('name'),
      date: t.field({ type: 'Date', resolve: (row) => row.date }),
      amount: t.field({
        type: 'Cents',
        description: 'Money moved on the account side, in cents: money in positive, money out negative.',
        resolve: (row) => row.amount,
      }),
      accountName: t.exposeString('accountName', {
        nullable: true,
        description: 'The bank or card account; for a transaction with none, the credited account.',
      }),
      categoryName: t.exposeString('categoryName', {
        nullable: true,
        description: 'The account on the other side (the largest other entry).',
      }),
    }),
  });

const BookkeepingTransactionEdgeRef = builder
  .objectRef<BookkeepingTransactionsPage['edges'][number]>('BookkeepingTransactionEdge')
  .implement({
    fields: (t) => ({
      cursor: t.exposeString('cursor'),
      node: t.field({ type: BookkeepingTransactionRef, resolve: (edge) => edge.node }),
    }),
  });

const TransactionPageInfoRef = builder
  .objectRef<{ hasNextPage: boolean; endCursor: string | null }>('TransactionPageInfo')
  .implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      endCursor: t.exposeString('endCursor', {
        nullable: true,
        description: 'Pass as `cursor` for the next page.',
      }),
    }),
  });

export const BookkeepingTransactionsConnectionRef = builder
  .objectRef<BookkeepingTransactionsPage>('BookkeepingTransactionsConnection')
  .implement({
    fields: (t) => ({
      count: t.exposeInt('count', { description: 'How many transactions match, on every page.' }),
      pageInfo: t.field({
        type: TransactionPageInfoRef,
        resolve: (page) => ({ hasNextPage: page.hasNextPage, endCursor: page.edges.at(-1)?.cursor ?? null }),
      }),
      edges: t.field({ type: [BookkeepingTransactionEdgeRef], resolve: (page) => page.edges }),
    }),
  });
