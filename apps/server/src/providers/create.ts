import type { Config } from '../config';
import type { Db } from '../db/client';
import { secretBoxOf } from '../secrets/secretBox';
import { createOffAccounting } from './accounting/off';
import { createSandboxAccounting } from './accounting/sandbox';
import type { Aggregators } from './aggregators';
import { createMoneykitAggregator } from './aggregators/moneykit';
import { createOffAggregator } from './aggregators/off';
import { createPlaidAggregator, createPlaidClient } from './aggregators/plaid';
import { createSandboxAggregators } from './aggregators/sandbox';
import type { AiProvider } from './ai';
import { createOfflineAssistant } from './ai/offline/offlineAssistant';
import { createOpenAiAssistant } from './ai/openai';
import { createIncreaseBanking, createIncreaseClient } from './banking/increase';
import { createIncreaseCardIssuer } from './banking/increaseCards';
import { createOffBanking, createOffCardIssuer } from './banking/off';
import { createSandboxBanking } from './banking/sandbox';
import { createSandboxCardIssuer } from './banking/sandboxCards';
import { createSandboxEmail } from './email/sandbox';
import { createSmtpEmail } from './email/smtp';
import { createGoogleIdentity } from './google/googleAuthLibrary';
import type { Providers } from './index';
import { createOffPayments } from './payments/off';
import { createSandboxPayments } from './payments/sandbox';
import { createStripePayments } from './payments/stripe';
import { createOffSms } from './sms/off';
import { createSandboxSms } from './sms/sandbox';

/**
 * Chooses each provider by configuration: an off one, refusing every call, for a feature
 * DISABLED_FEATURES names (config.FEATURES); else the sandbox unless the vendor's keys are set.
 */
export function createProviders(config: Config, db: Db): Providers {
  const off = (feature: keyof Config['FEATURES']) => config.FEATURES[feature] === 'off';
  return {
    email: config.SMTP_URL ? createSmtpEmail(config.SMTP_URL, config.MAIL_FROM) : createSandboxEmail(db),
    sms: off('sms') ? createOffSms() : createSandboxSms(db),
    google: config.GOOGLE_CLIENT_ID ? createGoogleIdentity(config.GOOGLE_CLIENT_ID) : null,
    payments: off('payments')
      ? createOffPayments()
      : config.STRIPE_SECRET_KEY && config.STRIPE_PUBLISHABLE_KEY
        ? createStripePayments(config.STRIPE_SECRET_KEY, config.STRIPE_PUBLISHABLE_KEY)
        : createSandboxPayments(db),
    ...(off('banking') ? { banking: createOffBanking(), cards: createOffCardIssuer() } : createBank(config)),
    aggregators: createAggregators(config, db),
    // QuickBooks Online: the sandbox is the only implementation (providers/accounting/index.ts).
    accounting: off('quickbooks')
      ? createOffAccounting()
      : createSandboxAccounting(db, { appUrl: config.APP_URL }),
    ai: createAiProvider(config),
  };
}

/** The chat's model: the OpenAI-compatible adapter when AI_PROVIDER is openai (config.ts checks its key), else the offline assistant. */
function createAiProvider(config: Config): AiProvider {
  if (config.AI_PROVIDER !== 'openai' || !config.OPENAI_API_KEY) return createOfflineAssistant();
  return createOpenAiAssistant({
    apiKey: config.OPENAI_API_KEY,
    baseUrl: config.OPENAI_BASE_URL,
    model: config.OPENAI_MODEL,
  });
}

/**
 * The bank aggregators: provider A is Plaid when PLAID_CLIENT_ID and PLAID_SECRET are set, B is
 * MoneyKit when MONEYKIT_CLIENT_ID and MONEYKIT_CLIENT_SECRET are (config.ts refuses one key of a pair
 * alone); each is otherwise its built-in sandbox, or off when DISABLED_FEATURES names it.
 */
function createAggregators(config: Config, db: Db): Aggregators {
  // The secret box opened on first use, so a server that never links a bank makes no key for it.
  const sandboxes = createSandboxAggregators(db, {
    seal: (plaintext, context) => secretBoxOf(config).seal(plaintext, context),
    open: (sealed, context) => secretBoxOf(config).open(sealed, context),
  });
  const plaid =
    config.FEATURES.plaid === 'off'
      ? createOffAggregator('plaid')
      : config.PLAID_CLIENT_ID && config.PLAID_SECRET
        ? createPlaidAggregator(
            createPlaidClient({
              clientId: config.PLAID_CLIENT_ID,
              secret: config.PLAID_SECRET,
              environment: config.PLAID_ENV === 'production' ? 'production' : 'sandbox',
              baseUrl: config.PLAID_BASE_URL,
            }),
          )
        : sandboxes.plaid;
  const moneykit =
    config.FEATURES.moneykit === 'off'
      ? createOffAggregator('moneykit')
      : config.MONEYKIT_CLIENT_ID && config.MONEYKIT_CLIENT_SECRET
        ? createMoneykitAggregator({
            clientId: config.MONEYKIT_CLIENT_ID,
            clientSecret: config.MONEYKIT_CLIENT_SECRET,
            baseUrl: config.MONEYKIT_BASE_URL,
            // Connect's return page (spec §2 /moneykit-oauth), for a session whose request names none.
            defaultRedirectUri: new URL('/moneykit-oauth', config.APP_URL).toString(),
          })
        : sandboxes.moneykit;
  return { plaid, moneykit };
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
