import { requireFeature } from '../../errors';
import { builder } from '../../graphql/builder';
import { fieldPolicy } from '../../graphql/fieldPolicy';
import { textLimit } from '../../graphql/inputLimits';
import { secretBoxOf } from '../../secrets/secretBox';
import { changePassword } from './changePassword';
import {
  DeleteUserFactorPayloadRef,
  UpdateUserFactorPayloadRef,
  UpdateUserPasswordPayloadRef,
} from './securityTypes';
import { deleteUserFactor, updateUserFactor } from './updateUserFactor';

/** Passwords are checked by the domain's rules (8-128); the argument bound only stops floods. */
const passwordArg = textLimit(1024);

builder.mutationFields((t) => ({
  updateUserPassword: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: UpdateUserPasswordPayloadRef,
    description:
      "updateUserPassword (spec §7): the current password (rate-limited like signing in) and a new one of 8 to 128 characters. On success every other session of the user is signed out; errors otherwise ('Password must be at least 8 characters', 'Current password is incorrect', ...).",
    args: {
      currentPassword: t.arg.string({ required: true, ...passwordArg }),
      newPassword: t.arg.string({ required: true, ...passwordArg }),
      passwordConfirmation: t.arg.string({
        ...passwordArg,
        description: "When sent, it must equal newPassword ('Passwords do not match').",
      }),
    },
    resolve: (_root, args, ctx) =>
      changePassword(
        { db: ctx.db, clock: ctx.clock, email: ctx.providers.email },
        ctx.requireViewer(),
        {
          currentPassword: args.currentPassword,
          newPassword: args.newPassword,
          passwordConfirmation: args.passwordConfirmation ?? null,
        },
        ctx.client,
      ),
  }),
  updateUserFactor: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: UpdateUserFactorPayloadRef,
    description:
      'updateUserFactor (spec §7), within 15 minutes of TwoFactor(password) (FORBIDDEN otherwise): otpAttempt alone enables the authenticator app; phoneNumber alone texts a code (again after 30 s); both enable SMS. One method at a time. With phoneNumber, FEATURE_UNAVAILABLE on a server without text messages.',
    args: {
      otpAttempt: t.arg.string({ ...textLimit(16), description: 'A 6-digit code.' }),
      phoneNumber: t.arg.string({ ...textLimit(32), description: 'A US mobile number.' }),
    },
    resolve: (_root, args, ctx) => {
      const viewer = ctx.requireViewer();
      if (args.phoneNumber != null) requireFeature(ctx.config.FEATURES, 'sms');
      return updateUserFactor(
        {
          db: ctx.db,
          clock: ctx.clock,
          sms: ctx.providers.sms,
          email: ctx.providers.email,
          secrets: secretBoxOf(ctx.config),
        },
        viewer,
        { otpAttempt: args.otpAttempt ?? null, phoneNumber: args.phoneNumber ?? null },
        ctx.client,
      );
    },
  }),
  deleteUserFactor: t.field({
    ...fieldPolicy({ access: 'viewer' }),
    type: DeleteUserFactorPayloadRef,
    description:
      'deleteUserFactor (spec §7, Remove): two-factor off, within 15 minutes of TwoFactor(password) (FORBIDDEN otherwise).',
    resolve: async (_root, _args, ctx) => ({
      user: await deleteUserFactor(
        {
          db: ctx.db,
          clock: ctx.clock,
          sms: ctx.providers.sms,
          email: ctx.providers.email,
          secrets: secretBoxOf(ctx.config),
        },
        ctx.requireViewer(),
        ctx.client,
      ),
    }),
  }),
}));
