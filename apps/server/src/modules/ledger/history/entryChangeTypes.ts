import { builder } from '../../../graphql/builder';
import type { EntryChangeView } from './listEntryHistory';
import type { ObjectChanges } from './recordEntryChanges';

type Pair = [unknown, unknown];

const StringChangeRef = builder.objectRef<Pair>('StringChange').implement({
  description: 'A field before and after a change (null: it did not exist).',
  fields: (t) => ({
    before: t.string({ nullable: true, resolve: ([before]) => (before == null ? null : String(before)) }),
    after: t.string({ nullable: true, resolve: ([, after]) => (after == null ? null : String(after)) }),
  }),
});

const CentsChangeRef = builder.objectRef<Pair>('CentsChange').implement({
  fields: (t) => ({
    before: t.field({
      type: 'Cents',
      nullable: true,
      resolve: ([before]) => (before == null ? null : Number(before)),
    }),
    after: t.field({
      type: 'Cents',
      nullable: true,
      resolve: ([, after]) => (after == null ? null : Number(after)),
    }),
  }),
});

/** ISO timestamps whatever wrote them (JavaScript or SQL). */
const isoPair = (pair: Pair | undefined): Pair | null =>
  pair ? (pair.map((value) => (value == null ? null : new Date(String(value)).toISOString())) as Pair) : null;

const ObjectChangesRef = builder.objectRef<ObjectChanges>('EntryObjectChanges').implement({
  description:
    'What one change did: each field that changed, before and after. Absent fields did not change.',
  fields: (t) => ({
    updatedAt: t.field({
      type: StringChangeRef,
      nullable: true,
      description: 'When: the entry’s updatedAt before and after (ISO timestamps).',
      resolve: (changes) => isoPair(changes.updated_at),
    }),
    account: t.field({
      type: StringChangeRef,
      nullable: true,
      description: 'Which account: names before and after, when the account changed.',
      resolve: (changes) => changes.account ?? null,
    }),
    accountId: t.field({ type: StringChangeRef, nullable: true, resolve: (c) => c.account_id ?? null }),
    amount: t.field({ type: CentsChangeRef, nullable: true, resolve: (c) => c.amount ?? null }),
    date: t.field({ type: StringChangeRef, nullable: true, resolve: (c) => c.date ?? null }),
    name: t.field({ type: StringChangeRef, nullable: true, resolve: (c) => c.name ?? null }),
    memo: t.field({ type: StringChangeRef, nullable: true, resolve: (c) => c.memo ?? null }),
  }),
});

/** One row of Entry History (spec §3). */
export const EntryChangeRef = builder.objectRef<EntryChangeView>('EntryChange').implement({
  fields: (t) => ({
    id: t.id({ resolve: (change) => String(change.id) }),
    entryId: t.exposeID('entryId'),
    event: t.exposeString('event', {
      description: 'create, update, move (only the account changed) or destroy.',
    }),
    userId: t.exposeID('userId', {
      nullable: true,
      description: 'Who; null for imports and rules applied to them.',
    }),
    userName: t.exposeString('userName', { nullable: true }),
    createdAt: t.field({ type: 'DateTime', resolve: (change) => change.createdAt }),
    objectChanges: t.field({
      type: ObjectChangesRef,
      resolve: (change) => change.objectChanges as ObjectChanges,
    }),
  }),
});
