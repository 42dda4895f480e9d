import { maskPhoneNumber } from '@keel/domain';
import { builder } from '../../graphql/builder';
import { FieldErrorRef } from '../../graphql/fieldErrors';
import type { UserRow } from '../auth/service';
import { MeRef } from '../entities/types';
import type { PasswordChange } from './changePassword';
import type { TwoFactorSetup } from './twoFactorSetup';
import type { FactorChange } from './updateUserFactor';

builder.objectFields(MeRef, (t) => ({
  otpPhoneNumber: t.string({
    nullable: true,
    description:
      "The phone sign-in codes go to while the sms method is on, only its last 4 digits shown ('+*******0134').",
    resolve: (user) =>
      user.otpMethod === 'sms' && user.otpPhoneNumber ? maskPhoneNumber(user.otpPhoneNumber) : null,
  }),
}));

export const TwoFactorSetupRef = builder.objectRef<TwoFactorSetup>('TwoFactorSetup').implement({
  description:
    'The two-factor section once the password is re-entered (spec §7 TwoFactor(password)). With no method on, a new authenticator secret to scan or type; null while one is on.',
  fields: (t) => ({
    otpModuleEnabled: t.exposeBoolean('otpModuleEnabled'),
    otpMethod: t.exposeString('otpMethod', { nullable: true }),
    otpSecret: t.exposeString('otpSecret', { nullable: true, description: 'Base32, to type into the app.' }),
    otpProvisioningUri: t.exposeString('otpProvisioningUri', {
      nullable: true,
      description: 'otpauth://totp/…',
    }),
    otpProvisioningQrcode: t.exposeString('otpProvisioningQrcode', {
      nullable: true,
      description: 'The URI as a QR code: a PNG data URL for an <img>.',
    }),
  }),
});

export const UpdateUserPasswordPayloadRef = builder
  .objectRef<PasswordChange>('UpdateUserPasswordPayload')
  .implement({
    description: 'Spec §7: errors (the form shows the first under it); empty when the password was changed.',
    fields: (t) => ({
      errors: t.stringList({ resolve: (p) => p.errors.map((error) => error.message) }),
      fieldErrors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
      success: t.boolean({ resolve: (p) => p.errors.length === 0 }),
      revokedSessions: t.exposeInt('revokedSessions', {
        description: "The user's other sessions signed out by the change.",
      }),
    }),
  });

export const UpdateUserFactorPayloadRef = builder
  .objectRef<FactorChange>('UpdateUserFactorPayload')
  .implement({
    description:
      'What updateUserFactor did: errors (shown under the code or phone field), or a code sent, or a method turned on (me).',
    fields: (t) => ({
      errors: t.stringList({ resolve: (p) => p.errors.map((error) => error.message) }),
      fieldErrors: t.field({ type: [FieldErrorRef], resolve: (p) => p.errors }),
      codeSent: t.exposeBoolean('codeSent', {
        description: 'A code went by text message to the phone given.',
      }),
      retryAfterSeconds: t.exposeInt('retryAfterSeconds', {
        nullable: true,
        description: 'Seconds until another code may be asked for (30 after a code was sent).',
      }),
      me: t.field({ type: MeRef, resolve: (p) => p.user }),
    }),
  });

export const DeleteUserFactorPayloadRef = builder
  .objectRef<{ user: UserRow }>('DeleteUserFactorPayload')
  .implement({
    fields: (t) => ({
      errors: t.stringList({ resolve: () => [] }),
      me: t.field({ type: MeRef, resolve: (p) => p.user }),
    }),
  });
