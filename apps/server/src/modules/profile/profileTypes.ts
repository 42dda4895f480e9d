import { builder } from '../../graphql/builder';
import { MeRef } from '../entities/types';
import { type AddressView, findPersonRow, type PersonView, personOf } from './personRows';

const AddressRef = builder.objectRef<AddressView>('Address').implement({
  description: 'A postal address in the United States (spec §3 Address).',
  fields: (t) => ({
    streetLine1: t.exposeString('streetLine1'),
    streetLine2: t.exposeString('streetLine2', { nullable: true }),
    city: t.exposeString('city'),
    state: t.exposeString('state', { description: 'Two-letter USPS code.' }),
    postalCode: t.exposeString('postalCode', { description: 'Five digits.' }),
    country: t.exposeString('country', { description: "Always 'United States'." }),
  }),
});

export const AddressInputRef = builder.inputType('AddressInput', {
  description:
    "An address in the United States: streetLine1 and city required ('Required'), state a two-letter code ('Invalid'), postalCode 5 digits ('Invalid Zip code').",
  fields: (t) => ({
    streetLine1: t.string(),
    streetLine2: t.string(),
    city: t.string(),
    state: t.string(),
    postalCode: t.string(),
  }),
});

export const PersonRef = builder.objectRef<PersonView>('Person').implement({
  description:
    "The signed-in user as a person (spec §3 Person): the profile of /settings. The name's parts come from the full name.",
  fields: (t) => ({
    userId: t.exposeID('userId'),
    firstName: t.exposeString('firstName'),
    middleName: t.exposeString('middleName', { nullable: true }),
    lastName: t.exposeString('lastName', { nullable: true }),
    suffix: t.exposeString('suffix', { nullable: true }),
    name: t.exposeString('name', { description: 'The full name, as the profile form edits it.' }),
    email: t.exposeString('email', { description: 'Read-only here.' }),
    phoneNumber: t.exposeString('phoneNumber', { nullable: true, description: 'E.164, e.g. +14155550134.' }),
    physicalAddress: t.field({ type: AddressRef, nullable: true, resolve: (p) => p.physicalAddress }),
    mailingAddress: t.field({
      type: AddressRef,
      nullable: true,
      description: 'Not collected: always null (spec §5).',
      resolve: () => null,
    }),
    accountIds: t.idList({
      description: "The Keel deposit accounts the person holds (none until Keel's own accounts exist).",
      resolve: () => [],
    }),
    entityId: t.id({
      nullable: true,
      description: 'The company the person was opened for; none yet.',
      resolve: () => null,
    }),
  }),
});

builder.objectFields(MeRef, (t) => ({
  tprimePerson: t.field({
    type: PersonRef,
    description: 'MyProfile: the signed-in user as a person (spec §3 User / Me).',
    resolve: async (user, _args, ctx) => personOf(user, await findPersonRow(ctx.db, user.id)),
  }),
}));
