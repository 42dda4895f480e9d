import { isServerFeature, SERVER_FEATURES, type ServerFeature, type ServerFeatureState } from '@keel/domain';
import type { z } from 'zod';
import { DEMO_PASSWORD as PUBLISHED_DEMO_PASSWORD } from './demo/demoUsers';

/**
 * The settings the production profile reads (config.ts's, before the derived ones are resolved). Kept
 * here as a shape of its own so this file does not import config.ts back.
 */
type ProfileSettings = {
  NODE_ENV: 'development' | 'production' | 'test';
  DATABASE_URL?: string | undefined;
  SMTP_URL?: string | undefined;
  APP_URL?: string | undefined;
  KEEL_TODAY?: string | undefined;
  SEED_DEMO?: boolean | undefined;
  DEMO_PASSWORD?: string | undefined;
  BANKING_PROVIDER: 'sandbox' | 'increase';
  INCREASE_ENVIRONMENT: 'sandbox' | 'production';
  STRIPE_SECRET_KEY?: string | undefined;
  PLAID_CLIENT_ID?: string | undefined;
  PLAID_SECRET?: string | undefined;
  PLAID_ENV: 'sandbox' | 'development' | 'production';
  MONEYKIT_CLIENT_ID?: string | undefined;
  MONEYKIT_CLIENT_SECRET?: string | undefined;
  SANDBOX_FEATURES: ServerFeature[];
  DISABLED_FEATURES: ServerFeature[];
};

export type FeatureStates = Record<ServerFeature, ServerFeatureState>;

/** The demo's bank accounts, cards, bank links and company file are simulations of these features. */
const DEMO_SIMULATES: readonly ServerFeature[] = ['banking', 'plaid', 'moneykit', 'quickbooks'];

/** A demo password an operator chooses: long enough not to be guessed, short enough to type. */
export const DEMO_PASSWORD_MIN = 12;
export const DEMO_PASSWORD_MAX = 128;

/**
 * What the vendor settings alone make of a feature. `configured`: a vendor's keys or environment are
 * set (the vendor's test environment included), as opposed to the built-in simulation. `setting` is
 * the one to name in a refusal, `why` what it says about it, `goLive` what makes the feature live (null
 * where Keel has no live vendor yet).
 */
type VendorChoice = {
  state: 'live' | 'sandbox';
  configured: boolean;
  setting: string;
  why: string;
  goLive: string | null;
};

function vendorChoiceOf(feature: ServerFeature, settings: ProfileSettings): VendorChoice {
  switch (feature) {
    case 'banking': {
      const goLive =
        'set BANKING_PROVIDER=increase with INCREASE_API_KEY and INCREASE_ENVIRONMENT=production';
      if (settings.BANKING_PROVIDER !== 'increase') {
        const why = 'is sandbox: the bank behind Keel accounts and cards would be a simulation';
        return { state: 'sandbox', configured: false, setting: 'BANKING_PROVIDER', why, goLive };
      }
      if (settings.INCREASE_ENVIRONMENT === 'production') {
        return { state: 'live', configured: true, setting: 'BANKING_PROVIDER', why: 'is increase', goLive };
      }
      const why = "is sandbox, Increase's test environment: no money would move";
      return { state: 'sandbox', configured: true, setting: 'INCREASE_ENVIRONMENT', why, goLive };
    }
    case 'payments': {
      const goLive =
        "set Stripe's live keys, STRIPE_SECRET_KEY (sk_live_…) and STRIPE_PUBLISHABLE_KEY (pk_live_…)";
      const key = settings.STRIPE_SECRET_KEY;
      if (!key) {
        const why = "is not set: the Pro Plan's payments would run the built-in sandbox";
        return { state: 'sandbox', configured: false, setting: 'STRIPE_SECRET_KEY', why, goLive };
      }
      if (key.includes('_live_')) {
        return {
          state: 'live',
          configured: true,
          setting: 'STRIPE_SECRET_KEY',
          why: 'is a live key',
          goLive,
        };
      }
      const why = "is a test key: Stripe's test mode would charge no card";
      return { state: 'sandbox', configured: true, setting: 'STRIPE_SECRET_KEY', why, goLive };
    }
    case 'plaid': {
      const goLive = 'set PLAID_CLIENT_ID, PLAID_SECRET and PLAID_ENV=production';
      if (!settings.PLAID_CLIENT_ID || !settings.PLAID_SECRET) {
        const why = 'is not set: bank linking through Plaid would run the built-in sandbox';
        return { state: 'sandbox', configured: false, setting: 'PLAID_CLIENT_ID', why, goLive };
      }
      if (settings.PLAID_ENV === 'production') {
        return { state: 'live', configured: true, setting: 'PLAID_ENV', why: 'is production', goLive };
      }
      const why = `is ${settings.PLAID_ENV}, Plaid's test environment: its banks would not be real`;
      return { state: 'sandbox', configured: true, setting: 'PLAID_ENV', why, goLive };
    }
    case 'moneykit': {
      const goLive = 'set MONEYKIT_CLIENT_ID and MONEYKIT_CLIENT_SECRET';
      if (!settings.MONEYKIT_CLIENT_ID || !settings.MONEYKIT_CLIENT_SECRET) {
        const why = 'is not set: bank linking through MoneyKit would run the built-in sandbox';
        return { state: 'sandbox', configured: false, setting: 'MONEYKIT_CLIENT_ID', why, goLive };
      }
      // MoneyKit has no environment setting: its keys are the production API's.
      return { state: 'live', configured: true, setting: 'MONEYKIT_CLIENT_ID', why: 'is set', goLive };
    }
    case 'quickbooks': {
      const why = 'the QuickBooks connection has only its built-in sandbox so far';
      return { state: 'sandbox', configured: false, setting: 'DISABLED_FEATURES', why, goLive: null };
    }
    case 'sms': {
      const why = 'text messages have no vendor yet: sign-in codes would only be kept in the outbox table';
      return { state: 'sandbox', configured: false, setting: 'DISABLED_FEATURES', why, goLive: null };
    }
  }
}

/** Each feature's state: off when DISABLED_FEATURES names it, else what its vendor settings make it. */
export function featureStatesOf(settings: ProfileSettings): FeatureStates {
  const states = {} as FeatureStates;
  for (const feature of SERVER_FEATURES) {
    states[feature] = settings.DISABLED_FEATURES.includes(feature)
      ? 'off'
      : vendorChoiceOf(feature, settings).state;
  }
  return states;
}

/**
 * SANDBOX_FEATURES and DISABLED_FEATURES as written: feature names separated by commas (any case,
 * spaces allowed); an unknown name is refused with the valid ones.
 */
export function parseFeatureList(value: string, context: z.RefinementCtx): ServerFeature[] {
  const names = value
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  for (const name of names.filter((name) => !isServerFeature(name))) {
    context.addIssue({
      code: 'custom',
      message: `names '${name}', which is not a feature: use ${SERVER_FEATURES.join(', ')}`,
    });
  }
  return [...new Set(names.filter(isServerFeature))];
}

/**
 * The settings that contradict each other in any mode: a feature both simulated and off, simulated
 * while its settings make it live, or off while a vendor is configured for it.
 */
export function checkFeatureLists(settings: ProfileSettings, context: z.RefinementCtx) {
  for (const feature of SERVER_FEATURES) {
    const sandbox = settings.SANDBOX_FEATURES.includes(feature);
    const disabled = settings.DISABLED_FEATURES.includes(feature);
    const vendor = vendorChoiceOf(feature, settings);
    if (sandbox && disabled) {
      context.addIssue({
        code: 'custom',
        path: ['SANDBOX_FEATURES'],
        message: `names ${feature}, which DISABLED_FEATURES names too: a feature is simulated or off, not both`,
      });
    } else if (sandbox && vendor.state === 'live') {
      context.addIssue({
        code: 'custom',
        path: ['SANDBOX_FEATURES'],
        message: `names ${feature}, which ${vendor.setting} makes live: remove ${feature} from the list, or the live settings`,
      });
    } else if (disabled && vendor.configured) {
      context.addIssue({
        code: 'custom',
        path: ['DISABLED_FEATURES'],
        message: `names ${feature}, for which ${vendor.setting} configures a vendor: remove ${feature} from the list, or unset the vendor's settings`,
      });
    }
  }
}

/**
 * What NODE_ENV=production refuses, each with the setting that lifts it: the embedded database, email
 * kept in the outbox, a guessed public address, a fixed clock, a demo with the published password or
 * beside a real bank, and any feature that would run a simulation without being named as one
 * (SANDBOX_FEATURES, for a staging server) or switched off (DISABLED_FEATURES).
 */
export function checkProductionProfile(settings: ProfileSettings, context: z.RefinementCtx) {
  if (settings.NODE_ENV !== 'production') return;
  const refuse = (setting: string, message: string) =>
    context.addIssue({ code: 'custom', path: [setting], message });
  if (!settings.DATABASE_URL) {
    refuse(
      'DATABASE_URL',
      "must be set in production: a PostgreSQL server (the embedded database is for one person's machine)",
    );
  }
  if (!settings.SMTP_URL) {
    refuse('SMTP_URL', 'must be set in production: without it email is kept in the outbox table, never sent');
  }
  if (!settings.APP_URL) {
    refuse(
      'APP_URL',
      'must be set in production: the public address emailed links lead to and pages are allowed from',
    );
  }
  if (settings.KEEL_TODAY) {
    refuse('KEEL_TODAY', 'must not be set in production: production reads the system clock');
  }
  checkProductionDemo(settings, refuse);
  const states = featureStatesOf(settings);
  for (const feature of SERVER_FEATURES) {
    if (states[feature] !== 'sandbox' || settings.SANDBOX_FEATURES.includes(feature)) continue;
    const vendor = vendorChoiceOf(feature, settings);
    if (!vendor.goLive) {
      refuse(
        vendor.setting,
        `must name ${feature} in production, or SANDBOX_FEATURES must (a staging server): ${vendor.why}`,
      );
      continue;
    }
    refuse(
      vendor.setting,
      `${vendor.why}; in production ${vendor.goLive}, or name ${feature} in DISABLED_FEATURES (not offered) or SANDBOX_FEATURES (a staging server)`,
    );
  }
}

/** A demo in production: only on request, with the operator's own password, and beside no real bank. */
function checkProductionDemo(settings: ProfileSettings, refuse: (setting: string, message: string) => void) {
  if (settings.SEED_DEMO !== true) return;
  if (settings.DEMO_PASSWORD === undefined) {
    refuse(
      'DEMO_PASSWORD',
      `must be set with SEED_DEMO=true in production: the demo users' password, ${DEMO_PASSWORD_MIN} to ${DEMO_PASSWORD_MAX} characters, of your choosing`,
    );
  } else if (settings.DEMO_PASSWORD === PUBLISHED_DEMO_PASSWORD) {
    refuse('DEMO_PASSWORD', 'is the published demo password: choose your own in production');
  }
  const states = featureStatesOf(settings);
  const live = DEMO_SIMULATES.filter((feature) => states[feature] === 'live');
  if (live.length > 0) {
    refuse(
      'SEED_DEMO',
      `must not be true while ${live.join(', ')} ${live.length === 1 ? 'is' : 'are'} live: the demo's bank accounts, cards and links are simulated`,
    );
  }
}
