import { SEARCH_FILTER_MAX } from '@keel/domain';
import { builder } from '../../../graphql/builder';
import { fieldPolicy } from '../../../graphql/fieldPolicy';
import { textLimit } from '../../../graphql/inputLimits';
import { ForecastRef } from '../forecasts';
import { EntryChangeRef, listEntryHistory } from '../history';
import { listRulesMatchingEntry, RuleRef } from '../rules';
import { requireAccount, requireEntry } from '../shared/guardLedgerRow';
import { entryNotFound } from '../shared/ledgerErrors';
import {
  assertReportOfEntity,
  findAccountsInEntity,
  findTransactionEntries,
  type TransactionRow,
} from '../shared/ledgerRows';
import { EntryRef, LedgerTransactionRef } from './entryTypes';
import { type EntryView, hydrateEntries } from './entryViews';
import { listReportEntries, type ReportEntriesFilter, type ReportEntriesPage } from './listReportEntries';

type EntryWithTransaction = { entry: EntryView; transaction: TransactionRow; otherEntries: EntryView[] };
type EntryWithHistory = { entry: EntryView };
type ReportEntries = {
  filter: ReportEntriesFilter;
  reportItem: { accountId: string; name: string; sign: number };
};

const EntryWithTransactionRef = builder.objectRef<EntryWithTransaction>('EntryWithTransaction').implement({
  description: 'An entry, its transaction and the transaction’s other entries (the Entry form).',
  fields: (t) => ({
    entry: t.field({ type: EntryRef, resolve: (parent) => parent.entry }),
    transaction: t.field({ type: LedgerTransactionRef, resolve: (parent) => parent.transaction }),
    otherEntries: t.field({
      type: [EntryRef],
      description: 'The other entries of the transaction (for a user transaction: the against entry).',
      resolve: (parent) => parent.otherEntries,
    }),
    refTransaction: t.field({
      type: ForecastRef,
      nullable: true,
      description: 'For a forecast occurrence, the forecast (the Forecast form); null otherwise.',
      resolve: (parent) => parent.entry.forecast,
    }),
  }),
});

const EntryWithHistoryRef = builder.objectRef<EntryWithHistory>('EntryWithHistory').implement({
  description: 'The Entry Details dialog: the entry, its Entry History timeline and its Entry Rules.',
  fields: (t) => ({
    entry: t.field({ type: EntryRef, resolve: (parent) => parent.entry }),
    history: t.field({
      type: [EntryChangeRef],
      description: 'Every recorded change, oldest first.',
      resolve: (parent, _args, ctx) => listEntryHistory(ctx.db, parent.entry.id),
    }),
    rules: t.field({
      type: [RuleRef],
      description: 'The rules whose search filter the entry’s name or memo contains (case-insensitive).',
      resolve: (parent, _args, ctx) => listRulesMatchingEntry(ctx.db, parent.entry),
    }),
  }),
});

const ReportItemRef = builder.objectRef<ReportEntries['reportItem']>('ReportEntriesItem').implement({
  description: 'The report line the entries belong to: the selected account.',
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    name: t.exposeString('name'),
    sign: t.exposeInt('sign', {
      description: '+1, or -1 for credit accounts (show amounts times the sign).',
    }),
  }),
});

const PageInfoRef = builder
  .objectRef<{ hasNextPage: boolean; endCursor: string | null }>('EntryPageInfo')
  .implement({
    fields: (t) => ({
      hasNextPage: t.exposeBoolean('hasNextPage'),
      hasPreviousPage: t.boolean({
        description: 'Always false: pages go forward only.',
        resolve: () => false,
      }),
      endCursor: t.exposeString('endCursor', {
        nullable: true,
        description: 'Pass as `after` for the next page.',
      }),
    }),
  });

const EntryEdgeRef = builder.objectRef<ReportEntriesPage['edges'][number]>('EntryEdge').implement({
  fields: (t) => ({
    cursor: t.exposeString('cursor'),
    node: t.field({ type: EntryRef, resolve: (edge) => edge.node }),
  }),
});

const EntryConnectionRef = builder.objectRef<ReportEntriesPage>('EntryConnection').implement({
  fields: (t) => ({
    edges: t.field({ type: [EntryEdgeRef], resolve: (page) => page.edges }),
    pageInfo: t.field({
      type: PageInfoRef,
      resolve: (page) => ({ hasNextPage: page.hasNextPage, endCursor: page.edges.at(-1)?.cursor ?? null }),
    }),
    totalCount: t.exposeInt('totalCount', { description: 'How many entries match, on every page.' }),
    totalAmount: t.field({
      type: 'Cents',
      description: 'The sum of every matching entry, raw debit-positive cents (the summary bar).',
      resolve: (page) => page.totalAmount,
    }),
  }),
});

const ReportEntriesRef = builder.objectRef<ReportEntries>('ReportEntries').implement({
  fields: (t) => ({
    reportItem: t.field({ type: ReportItemRef, resolve: (parent) => parent.reportItem }),
    entries: t.field({
      type: EntryConnectionRef,
      // A page of entries plus their count and sum over the whole window (operationCost.ts).
      extensions: { cost: 500 },
      description: 'Newest first (date, then id); `search` matches name or memo, case-insensitive.',
      args: {
        first: t.arg.int({ description: 'Page size, 0 to 500; default 50.' }),
        after: t.arg.string({ description: 'endCursor of the previous page.', ...textLimit(128) }),
        search: t.arg.string({
          description: "The drawer's 'Search entries'.",
          ...textLimit(SEARCH_FILTER_MAX),
        }),
      },
      resolve: (parent, args, ctx) => listReportEntries(ctx.db, ctx.clock, parent.filter, args),
    }),
  }),
});

builder.queryFields((t) => ({
  entryWithTransaction: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: EntryWithTransactionRef,
    description: 'EntryWithTransaction(id) (spec §7).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const row = await requireEntry(ctx, String(args.id), 'read');
      const transaction = await ctx.db.query.transactions.findFirst({
        where: (transactions, { eq }) => eq(transactions.id, row.transactionId),
      });
      if (!transaction) throw entryNotFound();
      const views = await hydrateEntries(ctx.db, await findTransactionEntries(ctx.db, row.transactionId));
      const entry = views.find((view) => view.id === row.id);
      if (!entry) throw entryNotFound();
      return { entry, transaction, otherEntries: views.filter((view) => view.id !== row.id) };
    },
  }),
  entryWithHistory: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: EntryWithHistoryRef,
    description: 'EntryWithHistory(id) (spec §7).',
    args: { id: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) => {
      const row = await requireEntry(ctx, String(args.id), 'read');
      const [entry] = await hydrateEntries(ctx.db, [row]);
      if (!entry) throw entryNotFound();
      return { entry };
    },
  }),
  reportEntries: t.field({
    ...fieldPolicy({ access: 'read' }),
    type: ReportEntriesRef,
    description:
      "ReportEntries (spec §7): the entries of an account (and of accountIds, e.g. its sub-accounts) from startDate to endDate: actual entries through the end of actualsEndDate's month (default: the current month), forecast entries after it. period and timeZone are accepted for the client's sake; the server computes in UTC over the given dates.",
    args: {
      reportId: t.arg.id(),
      accountId: t.arg.id({ required: true }),
      accountIds: t.arg.idList(),
      startDate: t.arg({ type: 'Date' }),
      endDate: t.arg({ type: 'Date' }),
      actualsEndDate: t.arg({ type: 'Date' }),
      period: t.arg.string({ ...textLimit(32) }),
      timeZone: t.arg.string({ ...textLimit(64) }),
    },
    resolve: async (_root, args, ctx) => {
      const account = await requireAccount(ctx, String(args.accountId), 'read');
      await assertReportOfEntity(
        ctx.db,
        account.entityId,
        args.reportId == null ? null : String(args.reportId),
      );
      const others = await findAccountsInEntity(
        ctx.db,
        account.entityId,
        (args.accountIds ?? []).map(String),
      );
      const accountIds = new Set([account.id, ...others.map((other) => other.id)]);
      return {
        reportItem: { accountId: account.id, name: account.name, sign: account.sign },
        filter: {
          entityId: account.entityId,
          accountIds: [...accountIds],
          startDate: args.startDate,
          endDate: args.endDate,
          actualsEndDate: args.actualsEndDate,
        },
      };
    },
  }),
}));
