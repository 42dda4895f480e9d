import { builder } from '../../graphql/builder';
import {
  type AccountsOverview,
  type BalanceSeries,
  type GroupHistory,
  type OverviewGroup,
  type OverviewItem,
  SOURCE_LABELS,
} from './accountsOverview';
import { LinkedAccountBalancesRef } from './linkingTypes';

const OverviewItemRef = builder.objectRef<OverviewItem>('AccountsOverviewItem').implement({
  description:
    "An account on the accounts overview (spec §3 Accounts overview items): a balance-sheet account of the company's books with a balance (or fed by a link, Keel or QuickBooks), with where it comes from.",
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    accountingCategory: t.string({
      description: 'Its group: Cash, Credit Cards, Investments, Loans or Other.',
      resolve: (item) => item.group,
    }),
    name: t.exposeString('name'),
    accountPath: t.exposeString('accountPath', {
      description: "Its place in the chart of accounts: 'Banks/Mercury Checking'.",
    }),
    mask: t.exposeString('mask', { nullable: true }),
    officialName: t.exposeString('officialName', { nullable: true }),
    balances: t.field({ type: LinkedAccountBalancesRef, resolve: (item) => item.balances }),
    ledgerBalance: t.field({
      type: 'Cents',
      description:
        'Its own balance in the books at the close of the current month, as the Financial Report shows it (owed positive): equal to balances.current after a sync.',
      resolve: (item) => item.ledgerBalance,
    }),
    ledgerAccountId: t.exposeID('ledgerAccountId'),
    institutionName: t.exposeString('institutionName', {
      nullable: true,
      description: 'The bank or source that feeds it; null for an account of the books alone.',
    }),
    provider: t.string({
      description:
        "Where it comes from: plaid or moneykit (a linked bank), keel (Keel's own bank), quickbooks (the accounting source) or books (the books alone).",
      resolve: (item) => item.source,
    }),
    sourceLabel: t.string({
      description: "Its source as the page names it: 'Linked · Plaid', 'Keel account', 'Books only'…",
      resolve: (item) => SOURCE_LABELS[item.source],
    }),
    needsReconnect: t.exposeBoolean('needsReconnect'),
    updatedAt: t.field({
      type: 'DateTime',
      nullable: true,
      description: 'When its balances were last read from the bank; null for an account of the books alone.',
      resolve: (item) => item.updatedAt,
    }),
  }),
});

const OverviewGroupRef = builder.objectRef<OverviewGroup>('AccountsOverviewGroup').implement({
  fields: (t) => ({
    name: t.exposeString('name', { description: 'Cash, Credit Cards, Investments, Loans or Other.' }),
    total: t.field({
      type: 'Cents',
      description: 'Its accounts’ balances in the books, owed positive.',
      resolve: (g) => g.total,
    }),
    items: t.field({ type: [OverviewItemRef], resolve: (g) => g.items }),
  }),
});

const SummaryRef = builder.objectRef<AccountsOverview['summary']>('AccountsSummary').implement({
  description:
    'Assets (Cash and Investments) against liabilities (Credit Cards and Loans, owed), in cents (spec §9).',
  fields: (t) => ({
    assets: t.field({ type: 'Cents', resolve: (s) => s.assets }),
    liabilities: t.field({ type: 'Cents', resolve: (s) => s.liabilities }),
    netWorth: t.field({ type: 'Cents', description: 'assets − liabilities.', resolve: (s) => s.netWorth }),
  }),
});

const PointRef = builder.objectRef<BalanceSeries['data'][number]>('BalancePoint').implement({
  fields: (t) => ({
    date: t.field({
      type: 'Date',
      description: "The month's last day (today for the current month).",
      resolve: (p) => p.date,
    }),
    value: t.field({ type: 'Cents', resolve: (p) => p.value }),
  }),
});

const SeriesRef = builder.objectRef<BalanceSeries>('BalanceSeries').implement({
  description: 'A chart series of the overview (spec §3 Net worth and total assets series), a point a month.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    color: t.exposeString('color'),
    data: t.field({ type: [PointRef], resolve: (s) => s.data }),
  }),
});

const GroupHistoryRef = builder.objectRef<GroupHistory>('AccountsOverviewGroupHistory').implement({
  description: "A group's balance month by month: the Financial Report's line of its root (owed positive).",
  fields: (t) => ({
    name: t.exposeString('name'),
    data: t.field({ type: [PointRef], resolve: (h) => h.data }),
  }),
});

export const AccountsOverviewRef = builder.objectRef<AccountsOverview>('AccountsOverview').implement({
  fields: (t) => ({
    asOf: t.field({ type: 'Date', description: "Today in the company's time zone.", resolve: (o) => o.asOf }),
    currentMonth: t.field({
      type: 'MonthKey',
      description: "The current month in the company's time zone: the series' last.",
      resolve: (o) => o.currentMonth,
    }),
    timeZone: t.exposeString('timeZone'),
    groups: t.field({ type: [OverviewGroupRef], resolve: (o) => o.groups }),
    summary: t.field({ type: SummaryRef, resolve: (o) => o.summary }),
    netWorth: t.field({ type: SeriesRef, resolve: (o) => o.netWorth }),
    totalAssets: t.field({ type: SeriesRef, resolve: (o) => o.totalAssets }),
    groupHistory: t.field({ type: [GroupHistoryRef], resolve: (o) => o.groupHistory }),
  }),
});
