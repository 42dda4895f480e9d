import { PRODUCT_NAME } from '@keel/domain';
import { eq } from 'drizzle-orm';
import { generateURI } from 'otplib';
import QRCode from 'qrcode';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { Viewer } from '../../graphql/context';
import type { SecretBox } from '../../secrets/secretBox';
import type { ClientInfo } from '../auth/audit';
import { hasTwoFactor, newTotpSecret, sealTotpSecret } from '../auth/twoFactor';
import { reauthenticate } from './reauthenticate';

/** What the two-factor section shows once the password is re-entered. */
export type TwoFactorSetup = {
  otpModuleEnabled: boolean;
  otpMethod: 'app' | 'sms' | null;
  /** The authenticator app's new secret (Base32) and its otpauth:// URI; null while a method is on. */
  otpSecret: string | null;
  otpProvisioningUri: string | null;
  /** The URI as a QR code, a PNG data URL for an <img>; null while a method is on. */
  otpProvisioningQrcode: string | null;
};

/**
 * TwoFactor(password) (spec §7): the two-factor section, gated by re-entering the password
 * (reauthenticate: rate-limited, and it opens this session's two-factor changes for 15 minutes). With
 * no method on, a new authenticator secret is made and kept as the pending one (each call replaces it;
 * the enabled method, if any, is never touched) for updateUserFactor(otpAttempt) to prove.
 */
export async function openTwoFactorSetup(
  db: Db,
  clock: Clock,
  secrets: SecretBox,
  viewer: Viewer,
  password: string,
  client: ClientInfo,
): Promise<TwoFactorSetup> {
  const user = await reauthenticate(db, clock, viewer, password, client);
  if (hasTwoFactor(user)) {
    return {
      otpModuleEnabled: true,
      otpMethod: user.otpMethod,
      otpSecret: null,
      otpProvisioningUri: null,
      otpProvisioningQrcode: null,
    };
  }
  const secret = newTotpSecret();
  await db
    .update(users)
    .set({ otpPendingSecret: sealTotpSecret(secrets, user.id, secret), updatedAt: clock.now() })
    .where(eq(users.id, user.id));
  const uri = generateURI({ issuer: PRODUCT_NAME, label: user.email, secret });
  return {
    otpModuleEnabled: false,
    otpMethod: null,
    otpSecret: secret,
    otpProvisioningUri: uri,
    otpProvisioningQrcode: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
  };
}
