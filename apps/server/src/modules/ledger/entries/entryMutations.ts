import { ENTRY_MEMO_MAX, ENTRY_NAME_MAX } from '@keel/domain';
import type { Db, Tx } from '../../../db/client';
import { writeTransaction } from '../../../db/transactions';
import { KeelError } from '../../../errors';
import { builder } from '../../../graphql/builder';
import type { Context } from '../../../graphql/context';
import { fieldPolicy } from '../../../graphql/fieldPolicy';
import { textLimit } from '../../../graphql/inputLimits';
import { AccountRef } from '../accounts';
import { requireAccount, requireEntry } from '../shared/guardLedgerRow';
import { entryNotFound } from '../shared/ledgerErrors';
import type { EntryRow } from '../shared/ledgerRows';
import { createUserTransaction } from './createUserTransaction';
import { deleteEntry } from './deleteEntry';
import { EntryRef } from './entryTypes';
import { type EntryView, hydrateEntries } from './entryViews';
import { updateEntries } from './updateEntries';
import { updateEntry } from './updateEntry';
import { updateEntryAttributes } from './updateEntryAttributes';
import { updateUserTransaction } from './updateUserTransaction';

type UpdateEntryPayload = { errors: string[]; entry: EntryView | null; original: EntryView | null };

const UpdateEntryPayloadRef = builder.objectRef<UpdateEntryPayload>('UpdateEntryPayload').implement({
  description: 'When errors is not empty nothing changed: entry is the entry as it is and original is null.',
  fields: (t) => ({
    errors: t.exposeStringList('errors', { description: 'User-facing messages; empty on success.' }),
    entry: t.field({
      type: EntryRef,
      nullable: true,
      description: 'The entry after the change.',
      resolve: (p) => p.entry,
    }),
    original: t.field({
      type: EntryRef,
      nullable: true,
      description: 'The entry before the change.',
      resolve: (p) => p.original,
    }),
  }),
});

const DeleteEntryPayloadRef = builder
  .objectRef<Awaited<ReturnType<typeof deleteEntry>>>('DeleteEntryPayload')
  .implement({
    fields: (t) => ({
      id: t.exposeID('id', { description: 'The entry asked for.' }),
      transactionId: t.exposeID('transactionId', {
        description: 'Its transaction (or forecast’s), deleted too.',
      }),
      deletedEntryIds: t.exposeIDList('deletedEntryIds', { description: 'Every entry deleted with it.' }),
    }),
  });

const UpdateEntriesPayloadRef = builder
  .objectRef<Awaited<ReturnType<typeof updateEntries>>>('UpdateEntriesPayload')
  .implement({
    fields: (t) => ({
      accounts: t.field({
        type: [AccountRef],
        description: 'The accounts whose entries changed: those entries left, then toAccount.',
        resolve: (payload) => payload.accounts,
      }),
      fromAccount: t.field({ type: AccountRef, resolve: (payload) => payload.fromAccount }),
      toAccount: t.field({ type: AccountRef, resolve: (payload) => payload.toAccount }),
      movedCount: t.exposeInt('movedCount', { description: 'How many entries moved.' }),
    }),
  });

/**
 * The answer to an entry mutation, read in the write's own transaction: what the write did, even when
 * another write changes or deletes the entry right after it commits.
 */
async function entryView(db: Db | Tx, row: EntryRow): Promise<EntryView> {
  const [view] = await hydrateEntries(db, [row]);
  if (!view) throw entryNotFound();
  return view;
}

const idOrNull = (value: string | number | null | undefined) => (value == null ? null : String(value));
const userIdOf = (ctx: Context) => ctx.requireViewer().userId;

builder.mutationFields((t) => ({
  createUserTransaction: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: EntryRef,
    description:
      'CreateUserTransaction: books amount (debit-positive cents) on accountId and -amount on againstId (default: Banks, else the first account). Returns the entry on accountId.',
    args: {
      reportId: t.arg.id(),
      name: t.arg.string(),
      memo: t.arg.string({ ...textLimit(ENTRY_MEMO_MAX) }),
      entityId: t.arg.id({ required: true }),
      accountId: t.arg.id({ required: true }),
      againstId: t.arg.id(),
      date: t.arg({ type: 'Date', required: true }),
      amount: t.arg({ type: 'Cents', required: true }),
    },
    resolve: async (_root, args, ctx) => {
      const entityId = String(args.entityId);
      await ctx.requireEntity(entityId, 'bookkeeping');
      return writeTransaction(ctx.db, async (tx) => {
        const entry = await createUserTransaction(tx, ctx.clock, userIdOf(ctx), {
          entityId,
          accountId: String(args.accountId),
          againstId: idOrNull(args.againstId),
          date: args.date,
          amount: args.amount,
          name: args.name,
          memo: args.memo,
          reportId: idOrNull(args.reportId),
        });
        return entryView(tx, entry);
      });
    },
  }),
  updateUserTransaction: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: EntryRef,
    description:
      'UpdateUserTransaction(id, ...): id is the entry the form edits (as returned by createUserTransaction); absent fields stay; againstId moves the other entry. Only user transactions.',
    args: {
      id: t.arg.id({ required: true }),
      reportId: t.arg.id(),
      name: t.arg.string(),
      memo: t.arg.string({ ...textLimit(ENTRY_MEMO_MAX) }),
      entityId: t.arg.id(),
      accountId: t.arg.id(),
      againstId: t.arg.id(),
      date: t.arg({ type: 'Date' }),
      amount: t.arg({ type: 'Cents' }),
    },
    resolve: async (_root, args, ctx) => {
      if (args.entityId != null) await ctx.requireEntity(String(args.entityId), 'bookkeeping');
      const row = await requireEntry(ctx, String(args.id), 'bookkeeping');
      return writeTransaction(ctx.db, async (tx) => {
        const entry = await updateUserTransaction(tx, ctx.clock, userIdOf(ctx), {
          id: row.id,
          entityId: idOrNull(args.entityId),
          accountId: idOrNull(args.accountId),
          againstId: idOrNull(args.againstId),
          date: args.date,
          amount: args.amount,
          name: args.name,
          memo: args.memo,
          reportId: idOrNull(args.reportId),
        });
        return entryView(tx, entry);
      });
    },
  }),
  updateEntry: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: UpdateEntryPayloadRef,
    description:
      'UpdateEntry (spec §7): user transactions may change anything (the other entry follows); forecast occurrences their account, name and memo; imported entries only their account. Rule violations come back in errors; unknown or foreign ids as NOT_FOUND.',
    args: {
      id: t.arg.id({ required: true }),
      accountId: t.arg.id(),
      amount: t.arg({ type: 'Cents' }),
      date: t.arg({ type: 'Date' }),
      // The service refuses a name or memo past its limit in the payload's errors (spec §7), so the
      // request-wide caps here only stop what no form would send.
      name: t.arg.string({ ...textLimit(4 * ENTRY_NAME_MAX) }),
      memo: t.arg.string({ ...textLimit(4 * ENTRY_MEMO_MAX) }),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const row = await requireEntry(ctx, String(args.id), 'bookkeeping');
      try {
        return await writeTransaction(ctx.db, async (tx) => {
          const result = await updateEntry(tx, ctx.clock, userIdOf(ctx), {
            id: row.id,
            reportId: idOrNull(args.reportId),
            changes: {
              accountId: idOrNull(args.accountId),
              amount: args.amount,
              date: args.date,
              name: args.name,
              memo: args.memo,
            },
          });
          return {
            errors: [],
            entry: await entryView(tx, result.entry),
            original: await entryView(tx, result.original),
          };
        });
      } catch (error) {
        if (!(error instanceof KeelError) || error.code !== 'BAD_USER_INPUT') throw error;
        return { errors: [error.message], entry: await entryView(ctx.db, row), original: null };
      }
    },
  }),
  deleteEntry: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: DeleteEntryPayloadRef,
    description:
      "DeleteEntry: deletes the entry's whole transaction: both entries of a user transaction, or the whole forecast for a forecast occurrence. Imported entries cannot be deleted.",
    args: { id: t.arg.id({ required: true }), reportId: t.arg.id() },
    resolve: async (_root, args, ctx) => {
      const row = await requireEntry(ctx, String(args.id), 'bookkeeping');
      return deleteEntry(ctx.db, ctx.clock, userIdOf(ctx), { id: row.id, reportId: idOrNull(args.reportId) });
    },
  }),
  updateEntryAttributes: t.field({
    ...fieldPolicy({ access: 'bookkeeping' }),
    type: EntryRef,
    description:
      'UpdateEntryAttributes: the name and memo of a user transaction or forecast (all its entries); absent fields stay. Not for imported entries.',
    args: {
      id: t.arg.id({ required: true }),
      name: t.arg.string(),
      memo: t.arg.string({ ...textLimit(ENTRY_MEMO_MAX) }),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const row = await requireEntry(ctx, String(args.id), 'bookkeeping');
      return writeTransaction(ctx.db, async (tx) => {
        const entry = await updateEntryAttributes(tx, ctx.clock, userIdOf(ctx), {
          id: row.id,
          name: args.name,
          memo: args.memo,
          reportId: idOrNull(args.reportId),
        });
        return entryView(tx, entry);
      });
    },
  }),
  updateEntries: t.field({
    // Cost: a bulk move: up to every entry of an account subtree.
    ...fieldPolicy({ access: 'bookkeeping', cost: 5_000 }),
    type: UpdateEntriesPayloadRef,
    description:
      "UpdateEntries (spec §4 drag of a monthly cell or subtree): moves every entry of fromAccount (and its sub-accounts when includeSubtree) dated startDate..endDate (open ends when absent) — actual entries through the end of actualsEndDate's month (default: the current month), forecast entries after it — whose name or memo contains searchFilter (case-insensitive; blank: all) to toAccount. Refused onto the same account or into the dragged subtree.",
    args: {
      fromAccountId: t.arg.id({ required: true }),
      toAccountId: t.arg.id({ required: true }),
      startDate: t.arg({ type: 'Date' }),
      actualsEndDate: t.arg({ type: 'Date' }),
      endDate: t.arg({ type: 'Date' }),
      searchFilter: t.arg.string(),
      includeSubtree: t.arg.boolean(),
      reportId: t.arg.id(),
    },
    resolve: async (_root, args, ctx) => {
      const from = await requireAccount(ctx, String(args.fromAccountId), 'bookkeeping');
      return updateEntries(ctx.db, ctx.clock, userIdOf(ctx), {
        entityId: from.entityId,
        fromAccountId: from.id,
        toAccountId: String(args.toAccountId),
        startDate: args.startDate,
        endDate: args.endDate,
        actualsEndDate: args.actualsEndDate,
        searchFilter: args.searchFilter,
        includeSubtree: args.includeSubtree,
        reportId: idOrNull(args.reportId),
      });
    },
  }),
}));
