import { builder } from '../../graphql/builder';
import type { JobRow } from '../../jobs/jobRows';
import { JobStatusRef } from '../jobs/jobTypes';
import { type BankLinkRow, type BankLinkView, type LinkedAccountRow, needsReconnect } from './bankLinkRows';

export const LinkedAccountBalancesRef = builder
  .objectRef<Pick<LinkedAccountRow, 'currentBalance' | 'availableBalance'>>('LinkedAccountBalances')
  .implement({
    description:
      'Balances as the institution states them, in cents: what is in a deposit or investment account, what is owed on a card or loan (positive; the page negates credit balances, spec §9). Null when the institution gives none.',
    fields: (t) => ({
      current: t.field({ type: 'Cents', nullable: true, resolve: (b) => b.currentBalance }),
      available: t.field({ type: 'Cents', nullable: true, resolve: (b) => b.availableBalance }),
    }),
  });

export const LinkedAccountRef = builder.objectRef<LinkedAccountRow>('LinkedAccount').implement({
  description:
    'An account of a bank link (spec §3 aggregator accounts). Its activity is imported into its mirror in the books (`ledgerAccountId`), under Banks, Credit Cards, Investments, Loans or Other by its type.',
  fields: (t) => ({
    accountId: t.exposeID('id', {
      description: "Keel's id of the account; it stays when the bank is linked again.",
    }),
    name: t.exposeString('name'),
    mask: t.exposeString('mask', { nullable: true, description: 'The last digits of the account number.' }),
    officialName: t.exposeString('officialName', { nullable: true }),
    accountType: t.exposeString('accountType', {
      description: 'depository, credit, loan, investment or other.',
    }),
    subtype: t.exposeString('subtype', {
      nullable: true,
      description: "e.g. checking, savings, 'credit card'.",
    }),
    balances: t.field({ type: LinkedAccountBalancesRef, resolve: (account) => account }),
    balancesUpdatedAt: t.field({ type: 'DateTime', nullable: true, resolve: (a) => a.balancesUpdatedAt }),
    ledgerAccountId: t.exposeID('ledgerAccountId', { nullable: true }),
  }),
});

const InstitutionRef = builder.objectRef<BankLinkRow>('LinkInstitution').implement({
  fields: (t) => ({
    institutionId: t.exposeString('institutionId'),
    name: t.exposeString('institutionName'),
  }),
});

const PlaidItemErrorRef = builder.objectRef<BankLinkRow>('PlaidItemError').implement({
  description:
    "Why an item is unhealthy, in Plaid's words (spec §3). error_code ITEM_LOGIN_REQUIRED: the page shows 'Login required' and Reconnect (spec §4).",
  fields: (t) => ({
    error_type: t.string({ resolve: (link) => link.errorType ?? 'ITEM_ERROR' }),
    error_code: t.string({ resolve: (link) => link.errorCode ?? '' }),
    error_message: t.string({ resolve: (link) => link.errorMessage ?? '' }),
    display_message: t.exposeString('displayMessage', { nullable: true }),
  }),
});

export const PlaidItemRef = builder.objectRef<BankLinkView>('PlaidItem').implement({
  description: 'A bank linked through provider A (spec §3 Aggregator item A).',
  fields: (t) => ({
    itemId: t.id({
      description: "Keel's id of the item (what DeletePlaidItem and update mode take).",
      resolve: (v) => v.link.id,
    }),
    institution: t.field({ type: InstitutionRef, resolve: (v) => v.link }),
    error: t.field({
      type: PlaidItemErrorRef,
      nullable: true,
      description: 'Null while the item is healthy.',
      resolve: (v) => (v.link.state === 'error' || v.link.errorCode ? v.link : null),
    }),
    needsReconnect: t.boolean({ resolve: (v) => needsReconnect(v.link) }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.link.updatedAt }),
    lastSyncedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.link.lastSyncedAt }),
    accounts: t.field({ type: [LinkedAccountRef], resolve: (v) => v.accounts }),
  }),
});

export const MoneykitLinkRef = builder.objectRef<BankLinkView>('MoneykitLink').implement({
  description:
    "A bank linked through provider B (spec §3 Aggregator link B). state 'error' with errorCode auth_expired: Reconnect (spec §4).",
  fields: (t) => ({
    id: t.id({ resolve: (v) => v.link.id }),
    institutionName: t.string({ resolve: (v) => v.link.institutionName }),
    state: t.string({ description: 'connected or error.', resolve: (v) => v.link.state }),
    errorCode: t.string({ nullable: true, resolve: (v) => v.link.errorCode }),
    errorMessage: t.string({ nullable: true, resolve: (v) => v.link.errorMessage }),
    needsReconnect: t.boolean({ resolve: (v) => needsReconnect(v.link) }),
    updatedAt: t.field({ type: 'DateTime', resolve: (v) => v.link.updatedAt }),
    lastSyncedAt: t.field({ type: 'DateTime', nullable: true, resolve: (v) => v.link.lastSyncedAt }),
    accounts: t.field({ type: [LinkedAccountRef], resolve: (v) => v.accounts }),
  }),
});

const errorsField = {
  description: 'Always empty: a refusal is a BAD_USER_INPUT error naming the argument.',
  resolve: () => [] as string[],
};

export const PlaidLinkTokenPayloadRef = builder
  .objectRef<{ linkToken: string; expiresAt: Date }>('PlaidLinkTokenPayload')
  .implement({
    fields: (t) => ({
      linkToken: t.exposeString('linkToken', {
        description: 'Opens Link (stored by the page until /plaid-oauth).',
      }),
      expiration: t.field({ type: 'DateTime', resolve: (p) => p.expiresAt }),
      errors: t.stringList(errorsField),
    }),
  });

export const LinkSessionTokenPayloadRef = builder
  .objectRef<{ linkToken: string; expiresAt: Date }>('LinkSessionTokenPayload')
  .implement({
    fields: (t) => ({
      linkSessionToken: t.exposeString('linkToken', { description: "Opens the provider's Connect flow." }),
      expiration: t.field({ type: 'DateTime', resolve: (p) => p.expiresAt }),
      errors: t.stringList(errorsField),
    }),
  });

type LinkPayload = { view: BankLinkView; job: JobRow | null };

export const PlaidItemPayloadRef = builder.objectRef<LinkPayload>('PlaidItemPayload').implement({
  fields: (t) => ({
    item: t.field({ type: PlaidItemRef, resolve: (p) => p.view }),
    job: t.field({
      type: JobStatusRef,
      nullable: true,
      description: 'The sync it queued.',
      resolve: (p) => p.job,
    }),
    errors: t.stringList(errorsField),
  }),
});

export const MoneykitLinkPayloadRef = builder.objectRef<LinkPayload>('MoneykitLinkPayload').implement({
  fields: (t) => ({
    link: t.field({ type: MoneykitLinkRef, resolve: (p) => p.view }),
    job: t.field({
      type: JobStatusRef,
      nullable: true,
      description: 'The sync it queued (none when the link needs reconnecting).',
      resolve: (p) => p.job,
    }),
    errors: t.stringList(errorsField),
  }),
});

export const DeleteBankLinkPayloadRef = builder.objectRef<{ id: string }>('DeleteBankLinkPayload').implement({
  fields: (t) => ({
    id: t.exposeID('id', { description: 'The deleted link.' }),
    errors: t.stringList(errorsField),
  }),
});
