import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { AddressInputRef, PersonRef } from './profileTypes';
import { updatePerson } from './updatePerson';

builder.mutationFields((t) => ({
  updateTprimePerson: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: PersonRef,
    description:
      "updateTprimePerson (spec §7), the personal information of /settings: name required ('Required'), phone a valid US mobile number (blank: none), the physical address; mailingAddress must be null. Refusals are BAD_USER_INPUT naming the field ('physicalAddress.postalCode').",
    args: {
      name: t.arg.string({ required: true }),
      phoneNumber: t.arg.string({
        ...textLimit(32),
        description: 'A US mobile number; blank or null: none.',
      }),
      physicalAddress: t.arg({ type: AddressInputRef, required: true }),
      mailingAddress: t.arg({ type: AddressInputRef, description: 'Must be null (spec §5).' }),
    },
    resolve: async (_root, args, ctx) => {
      const viewer = ctx.requireViewer();
      return updatePerson(
        ctx.db,
        ctx.clock,
        viewer.userId,
        {
          name: args.name,
          phoneNumber: args.phoneNumber,
          physicalAddress: args.physicalAddress,
          mailingAddress: args.mailingAddress,
        },
        ctx.client,
      );
    },
  }),
}));
