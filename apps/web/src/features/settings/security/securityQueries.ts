import { graphql, type ResultOf } from '../../../lib/graphql';

/** The two-factor state of the signed-in user, as the mutations hand it back (`me` is normalised by id). */
const SECURITY_ME_FIELDS = graphql(`
  fragment SecurityMeFields on Me {
    id
    email
    otpModuleEnabled
    otpMethod
    otpPhoneNumber
  }
`);

export type SecurityMe = ResultOf<typeof SECURITY_ME_FIELDS>;

/** Spec §7 Security: the signed-in user's email and two-factor method (`otpPhoneNumber` masked to its last 4). */
export const SECURITY_QUERY = graphql(
  `
  query Security {
    me {
      ...SecurityMeFields
    }
  }
`,
  [SECURITY_ME_FIELDS],
);

/**
 * Spec §7 TwoFactor(password): re-entering the password opens the two-factor section for 15 minutes.
 * With no method on, it carries a new authenticator secret and its QR code (a PNG data URL); every call
 * makes a new secret, so it is never cached.
 */
export const TWO_FACTOR_QUERY = graphql(`
  query TwoFactor($password: String!) {
    twoFactor(password: $password) {
      otpModuleEnabled
      otpMethod
      otpSecret
      otpProvisioningUri
      otpProvisioningQrcode
    }
  }
`);

export type TwoFactorSetup = ResultOf<typeof TWO_FACTOR_QUERY>['twoFactor'];

/** Spec §7 updateUserPassword: `errors` empty on success; the user's other sessions are signed out. */
export const UPDATE_USER_PASSWORD_MUTATION = graphql(`
  mutation UpdateUserPassword($currentPassword: String!, $newPassword: String!, $passwordConfirmation: String) {
    updateUserPassword(
      currentPassword: $currentPassword
      newPassword: $newPassword
      passwordConfirmation: $passwordConfirmation
    ) {
      errors
      success
    }
  }
`);

/**
 * Spec §7 updateUserFactor: `otpAttempt` alone turns the authenticator app on; `phoneNumber` alone texts
 * a code (`codeSent`, then `retryAfterSeconds` until another may be asked for); both turn SMS on.
 * Refusals come back in `fieldErrors` (otpAttempt, phoneNumber or otpMethod); FORBIDDEN once the
 * 15 minutes of the password re-entry are over.
 */
export const UPDATE_USER_FACTOR_MUTATION = graphql(
  `
  mutation UpdateUserFactor($otpAttempt: String, $phoneNumber: String) {
    updateUserFactor(otpAttempt: $otpAttempt, phoneNumber: $phoneNumber) {
      errors
      fieldErrors {
        field
        message
      }
      codeSent
      retryAfterSeconds
      me {
        ...SecurityMeFields
      }
    }
  }
`,
  [SECURITY_ME_FIELDS],
);

export type FactorChangeResult = ResultOf<typeof UPDATE_USER_FACTOR_MUTATION>['updateUserFactor'];

/** Spec §7 deleteUserFactor (Remove): two-factor off; FORBIDDEN once the 15 minutes are over. */
export const DELETE_USER_FACTOR_MUTATION = graphql(
  `
  mutation DeleteUserFactor {
    deleteUserFactor {
      errors
      me {
        ...SecurityMeFields
      }
    }
  }
`,
  [SECURITY_ME_FIELDS],
);
