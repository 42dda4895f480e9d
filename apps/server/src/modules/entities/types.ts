import { dayIn } from '@keel/domain';
import type { users } from '../../db/schema';
import { builder } from '../../graphql/builder';
import { defaultEntityIdForUser, type EntityRow, hasProviderBankAccount } from './service';

export const ApiFlagsRef = builder.objectRef<{ qbo: boolean; finch: boolean }>('ApiFlags').implement({
  fields: (t) => ({ qbo: t.exposeBoolean('qbo'), finch: t.exposeBoolean('finch') }),
});

export const EntityRef = builder.objectRef<EntityRow>('Entity').implement({
  description: 'A company. All of its data is scoped to it.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    demo: t.exposeBoolean('demo'),
    timeZone: t.exposeString('timeZone', {
      description:
        "The company's IANA time zone ('America/Los_Angeles'): its 'today', transaction days, month ends and statement months follow it. Set at creation, changed with setEntityTimeZone.",
    }),
    today: t.string({
      description:
        "The company's today (YYYY-MM-DD) in its own time zone by the server's clock: it decides actual vs forecast for this company.",
      resolve: (entity, _args, ctx) => dayIn(entity.timeZone, ctx.clock.now()),
    }),
    apiFlags: t.field({ type: ApiFlagsRef, resolve: (entity) => entity.apiFlags }),
    createdAt: t.field({ type: 'DateTime', resolve: (entity) => entity.createdAt }),
    updatedAt: t.field({ type: 'DateTime', resolve: (entity) => entity.updatedAt }),
    viewerRole: t.string({
      description:
        "The viewer's role in this entity: owner, admin, bookkeeper, card_only or custom (spec §3 Member). The web app shows what the role may see (packages/domain/src/permissions.ts).",
      resolve: async (entity, _args, ctx) => (await ctx.requireEntity(entity.id, 'member')).role,
    }),
    hasKeelAccounts: t.boolean({
      description:
        "Whether the entity holds one of Keel's own deposit accounts (gates Keel Transactions, Documents).",
      resolve: (entity, _args, ctx) => hasProviderBankAccount(ctx.db, entity.id),
    }),
  }),
});

type UserRow = typeof users.$inferSelect;

export const MeRef = builder.objectRef<UserRow>('Me').implement({
  description: 'The signed-in user.',
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    email: t.exposeString('email'),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true }),
    otpModuleEnabled: t.exposeBoolean('otpModuleEnabled'),
    otpMethod: t.exposeString('otpMethod', { nullable: true }),
    canOpenKeelAccounts: t.boolean({
      description: 'Whether the viewer may apply for a Keel account: not on a server without banking.',
      resolve: (_user, _args, ctx) => ctx.config.FEATURES.banking !== 'off',
    }),
    defaultEntityId: t.id({
      nullable: true,
      description:
        'The entity to open when none is remembered on this device: the one opened last (openEntity), else the one with the most in its books.',
      resolve: (user, _args, ctx) => defaultEntityIdForUser(ctx.db, user.id),
    }),
    showFeatureFlags: t.boolean({
      description: 'Staff email domains and one allow-listed address see the Feature Flags menu.',
      resolve: (user, _args, ctx) => isStaffEmail(user.email, ctx.config),
    }),
  }),
});

function isStaffEmail(
  email: string,
  config: { STAFF_EMAIL_DOMAINS: string; FEATURE_FLAGS_ALLOWED_EMAIL: string },
): boolean {
  const address = email.toLowerCase();
  if (config.FEATURE_FLAGS_ALLOWED_EMAIL && address === config.FEATURE_FLAGS_ALLOWED_EMAIL.toLowerCase())
    return true;
  const domain = address.split('@')[1] ?? '';
  return config.STAFF_EMAIL_DOMAINS.split(',')
    .map((d) => d.trim().toLowerCase())
    .filter(Boolean)
    .includes(domain);
}
