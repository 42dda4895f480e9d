import type { Config } from '../config';
import type { Db } from '../db/client';
import { createSandboxBanking } from './banking/sandbox';
import { createSandboxCardIssuer } from './banking/sandboxCards';
import { createSandboxEmail } from './email/sandbox';
import { createSmtpEmail } from './email/smtp';
import { createGoogleIdentity } from './google/googleAuthLibrary';
import type { Providers } from './index';
import { createSandboxPayments } from './payments/sandbox';
import { createStripePayments } from './payments/stripe';
import { createSandboxSms } from './sms/sandbox';

/** Chooses each provider by configuration: the sandbox unless the vendor's keys are set. */
export function createProviders(config: Config, db: Db): Providers {
  return {
    email: config.SMTP_URL ? createSmtpEmail(config.SMTP_URL, config.MAIL_FROM) : createSandboxEmail(db),
    sms: createSandboxSms(db),
    google: config.GOOGLE_CLIENT_ID ? createGoogleIdentity(config.GOOGLE_CLIENT_ID) : null,
    payments:
      config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
        ? createStripePayments(config.STRIPE_SECRET_KEY, config.STRIPE_PUBLISHABLE_KEY)
        : createSandboxPayments(db),
    banking: createSandboxBanking(),
    cards: createSandboxCardIssuer(),
  };
}
