import type { Config } from '../config';
import type { Db } from '../db/client';
import { secretBoxOf } from '../secrets/secretBox';
import { createSandboxAggregators } from './aggregators/sandbox';
import { createIncreaseBanking, createIncreaseClient } from './banking/increase';
import { createIncreaseCardIssuer } from './banking/increaseCards';
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
    ...createBank(config),
    // The secret box opened on first use, so a server that never links a bank makes no key for it.
    aggregators: createSandboxAggregators(db, {
      seal: (plaintext, context) => secretBoxOf(config).seal(plaintext, context),
      open: (sealed, context) => secretBoxOf(config).open(sealed, context),
    }),
  };
}

/** The bank and card issuer: Increase when BANKING_PROVIDER is increase (its key checked by config), else the sandbox. */
function createBank(config: Config): Pick<Providers, 'banking' | 'cards'> {
  if (config.BANKING_PROVIDER !== 'increase' || !config.INCREASE_API_KEY) {
    return { banking: createSandboxBanking(), cards: createSandboxCardIssuer() };
  }
  const settings = {
    apiKey: config.INCREASE_API_KEY,
    environment: config.INCREASE_ENVIRONMENT,
    baseURL: config.INCREASE_BASE_URL,
    programId: config.INCREASE_PROGRAM_ID,
  };
  const client = createIncreaseClient(settings);
  return {
    banking: createIncreaseBanking(client, settings),
    cards: createIncreaseCardIssuer(client, {
      physicalCardProfileId: config.INCREASE_PHYSICAL_CARD_PROFILE_ID,
    }),
  };
}
