import { builder } from '../../graphql/builder';
import type { AccountsOverview, BalanceSeries, OverviewGroup, OverviewItem } from './accountsOverview';
import { LinkedAccountBalancesRef } from './linkingTypes';

const OverviewItemRef = builder.objectRef<OverviewItem>('AccountsOverviewItem').implement({
  description:
    "An account on the accounts overview (spec §3 Accounts overview items): a linked bank's account, or one of Keel's own deposit accounts.",
  fields: (t) => ({
    accountId: t.exposeID('accountId'),
    accountingCategory: t.string({
      description: 'Its group: Cash, Credit Cards, Investments, Loans or Other.',
      resolve: (item) => item.group,
    }),
    name: t.exposeString('name'),
    mask: t.exposeString('mask', { nullable: true }),
    officialName: t.exposeString('officialName', { nullable: true }),
    balances: t.field({ type: LinkedAccountBalancesRef, resolve: (item) => item.balances }),
    ledgerBalance: t.field({
      type: 'Cents',
      description:
        'Its balance in the books, shown as the bank shows it (owed positive): equal to balances.current after a sync.',
      resolve: (item) => item.ledgerBalance,
    }),
    ledgerAccountId: t.exposeID('ledgerAccountId'),
    institutionName: t.exposeString('institutionName'),
    provider: t.string({
      description:
        "Where it comes from: plaid or moneykit (a linked bank), keel (Keel's own bank) or quickbooks (the accounting source).",
      resolve: (item) => item.source,
    }),
    needsReconnect: t.exposeBoolean('needsReconnect'),
    updatedAt: t.field({
      type: 'DateTime',
      description: 'When its balances were last read from the bank.',
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

export const AccountsOverviewRef = builder.objectRef<AccountsOverview>('AccountsOverview').implement({
  fields: (t) => ({
    asOf: t.field({ type: 'Date', resolve: (o) => o.asOf }),
    groups: t.field({ type: [OverviewGroupRef], resolve: (o) => o.groups }),
    summary: t.field({ type: SummaryRef, resolve: (o) => o.summary }),
    netWorth: t.field({ type: SeriesRef, resolve: (o) => o.netWorth }),
    totalAssets: t.field({ type: SeriesRef, resolve: (o) => o.totalAssets }),
  }),
});
