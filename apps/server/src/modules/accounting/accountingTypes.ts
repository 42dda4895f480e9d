import { builder } from '../../graphql/builder';
import type { QuickbooksAccountRow } from './listQuickbooksAccounts';
import type { QuickbooksConnectionRow } from './quickbooksConnectionRows';

export const QuickbooksConnectionPayloadRef = builder
  .objectRef<{ oauthUrl: string }>('QuickbooksConnectionPayload')
  .implement({
    fields: (t) => ({
      oauthUrl: t.exposeString('oauthUrl', {
        description:
          "QuickBooks' consent screen: the browser goes there. It comes back to /api/quickbooks/callback, which sends it on to /settings/integrations?quickbooks=connected&jobId=… (or quickbooks=error&reason=…). Valid 10 minutes, once, and only in the browser that asked for it (the binding cookie set with this answer); any other browser gets a refusal page and nothing is connected.",
      }),
    }),
  });

export const QuickbooksConnectionRef = builder
  .objectRef<QuickbooksConnectionRow>('QuickbooksConnection')
  .implement({
    description:
      "The company's QuickBooks Online connection: the company file (realm) its books are imported from.",
    fields: (t) => ({
      id: t.exposeID('id'),
      realmId: t.exposeString('realmId', { description: "QuickBooks' id of the company file." }),
      companyName: t.exposeString('companyName'),
      status: t.string({
        description:
          "'connected', or 'login_required' when QuickBooks refused its tokens (revoked or expired): connect again (createQuickbooksConnection) to repair it.",
        resolve: (connection) => connection.status,
      }),
      connectedAt: t.field({ type: 'DateTime', resolve: (connection) => connection.connectedAt }),
      lastSyncedAt: t.field({
        type: 'DateTime',
        nullable: true,
        description: 'When the last sync that finished began; null before the first.',
        resolve: (connection) => connection.lastSyncedAt,
      }),
      sandbox: t.exposeBoolean('sandbox', {
        description: "Whether the company file is the built-in QuickBooks sandbox's.",
      }),
    }),
  });

export const QuickbooksAccountRef = builder.objectRef<QuickbooksAccountRow>('QuickbooksAccount').implement({
  description:
    'An account of the QuickBooks company file as last synced (spec §3 Accounting-software account: Name, CurrentBalance).',
  fields: (t) => ({
    id: t.exposeID('qboAccountId', { description: "QuickBooks' Id of the account." }),
    name: t.exposeString('name'),
    accountType: t.exposeString('accountType', {
      description: "QuickBooks' AccountType: 'Bank', 'Credit Card', 'Accounts Receivable', 'Expense'…",
    }),
    currentBalance: t.field({
      type: 'Cents',
      description:
        'CurrentBalance in cents, as QuickBooks states it: what an asset holds, what a liability owes (positive), 0 for income and expense accounts.',
      resolve: (account) => account.currentBalance,
    }),
    ledgerAccountId: t.id({
      nullable: true,
      description: 'The account of the books it is imported into.',
      resolve: (account) => account.ledgerAccountId,
    }),
  }),
});

export const DeleteQuickbooksConnectionPayloadRef = builder
  .objectRef<{ entityId: string }>('DeleteQuickbooksConnectionPayload')
  .implement({
    fields: (t) => ({ entityId: t.exposeID('entityId', { description: 'The company disconnected.' }) }),
  });
