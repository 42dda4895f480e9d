import { describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV } from '../test/productionEnv';
import { readConfig } from './config';

describe('readConfig', () => {
  it("derives APP_URL (emailed links, the allowed origin) from the server's own address when unset", () => {
    const config = readConfig({ PORT: '4100' });
    expect(config.APP_URL).toBe('http://localhost:4100');
    expect(config.CORS_ORIGINS[0]).toBe('http://localhost:4100');
    expect(readConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(readConfig({ PORT: '8080', HOST: '127.0.0.1' }).APP_URL).toBe('http://127.0.0.1:8080');
    expect(readConfig({ PORT: '8080', HOST: '::1' }).APP_URL).toBe('http://[::1]:8080');
  });

  it('keeps an APP_URL that is set, whatever the port', () => {
    const config = readConfig({
      PORT: '4100',
      APP_URL: 'https://app.example.com/',
      CORS_ORIGINS: 'https://x.test',
    });
    expect(config.APP_URL).toBe('https://app.example.com/');
    expect(config.CORS_ORIGINS).toEqual(['https://app.example.com', 'https://x.test']);
  });

  it('refuses an APP_URL that is not a URL', () => {
    expect(() => readConfig({ APP_URL: 'app.example.com' })).toThrow(/APP_URL/);
  });

  it('chooses the sandbox bank by default and Increase only with its key, in sandbox unless in production', () => {
    expect(readConfig({}).BANKING_PROVIDER).toBe('sandbox');
    expect(() => readConfig({ BANKING_PROVIDER: 'increase' })).toThrow(/INCREASE_API_KEY: must be set/);
    const increase = readConfig({ BANKING_PROVIDER: 'increase', INCREASE_API_KEY: 'key' });
    expect(increase.INCREASE_ENVIRONMENT).toBe('sandbox');
    expect(() =>
      readConfig({
        BANKING_PROVIDER: 'increase',
        INCREASE_API_KEY: 'key',
        INCREASE_ENVIRONMENT: 'production',
      }),
    ).toThrow(/INCREASE_ENVIRONMENT: is production/);
    expect(() => readConfig({ BANKING_PROVIDER: 'bank-of-mom' })).toThrow(/BANKING_PROVIDER/);
  });

  it('links banks through the sandboxes by default, and through Plaid and MoneyKit only with both of their keys', () => {
    const defaults = readConfig({});
    expect(defaults.PLAID_CLIENT_ID).toBeUndefined();
    expect(defaults.MONEYKIT_CLIENT_ID).toBeUndefined();
    expect(defaults.PLAID_ENV).toBe('sandbox');
    expect(defaults.MONEYKIT_BASE_URL).toBe('https://api.moneykit.com');
    const live = readConfig({
      PLAID_CLIENT_ID: 'client',
      PLAID_SECRET: 'secret',
      PLAID_BASE_URL: 'http://127.0.0.1:4010',
      MONEYKIT_CLIENT_ID: 'mk_client',
      MONEYKIT_CLIENT_SECRET: 'mk_secret',
      MONEYKIT_BASE_URL: 'http://127.0.0.1:4011',
    });
    expect(live).toMatchObject({ PLAID_ENV: 'sandbox', PLAID_BASE_URL: 'http://127.0.0.1:4010' });
    expect(live.MONEYKIT_BASE_URL).toBe('http://127.0.0.1:4011');
    expect(() => readConfig({ PLAID_CLIENT_ID: 'client' })).toThrow(
      /PLAID_SECRET: must be set with PLAID_CLIENT_ID/,
    );
    expect(() => readConfig({ PLAID_SECRET: 'secret' })).toThrow(
      /PLAID_CLIENT_ID: must be set with PLAID_SECRET/,
    );
    expect(() => readConfig({ MONEYKIT_CLIENT_SECRET: 's' })).toThrow(
      /MONEYKIT_CLIENT_ID: must be set with MONEYKIT_CLIENT_SECRET/,
    );
    expect(() => readConfig({ MONEYKIT_BASE_URL: 'api.moneykit.com' })).toThrow(/MONEYKIT_BASE_URL/);
    expect(() => readConfig({ PLAID_ENV: 'staging' })).toThrow(/PLAID_ENV/);
  });

  it("uses Plaid's production only in production, and names why its retired development is refused", () => {
    const keys = { PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret' };
    expect(() => readConfig({ ...keys, PLAID_ENV: 'production' })).toThrow(/PLAID_ENV: is production/);
    expect(() => readConfig({ ...keys, PLAID_ENV: 'development' })).toThrow(/Plaid retired in June 2024/);
    const production = readConfig({
      ...PRODUCTION_TEST_ENV,
      ...keys,
      PLAID_ENV: 'production',
      SANDBOX_FEATURES: 'banking,payments,moneykit,quickbooks,sms',
    });
    expect(production.PLAID_ENV).toBe('production');
    expect(production.FEATURES.plaid).toBe('live');
  });

  it('answers chat with the offline assistant by default, and through an OpenAI-compatible server only with a key', () => {
    expect(readConfig({})).toMatchObject({ AI_PROVIDER: 'offline', OPENAI_MODEL: 'gpt-4o-mini' });
    expect(readConfig({}).OPENAI_API_KEY).toBeUndefined();
    const local = readConfig({
      AI_PROVIDER: 'openai',
      OPENAI_API_KEY: 'sk-local',
      OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1',
      OPENAI_MODEL: 'llama3.1',
    });
    expect(local).toMatchObject({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1', OPENAI_MODEL: 'llama3.1' });
    expect(() => readConfig({ AI_PROVIDER: 'openai' })).toThrow(
      /OPENAI_API_KEY: must be set when AI_PROVIDER is openai/,
    );
    expect(() => readConfig({ AI_PROVIDER: 'skynet' })).toThrow(/AI_PROVIDER/);
    expect(() =>
      readConfig({ AI_PROVIDER: 'openai', OPENAI_API_KEY: 'k', OPENAI_BASE_URL: 'not a url' }),
    ).toThrow(/OPENAI_BASE_URL/);
  });
});

/**
 * A production server that offers none of the vendor features: the least production accepts. The
 * tests below take one setting away or add one, so each refusal is seen alone.
 */
const PRODUCTION = {
  NODE_ENV: 'production',
  SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
  DATABASE_URL: 'postgres://keel@db.example.com:5432/keel',
  SMTP_URL: 'smtps://keel:secret@smtp.example.com',
  APP_URL: 'https://app.example.com',
  DISABLED_FEATURES: 'banking,payments,plaid,moneykit,quickbooks,sms',
} as const;

/** PRODUCTION with the features in `features` neither off nor opted in: each left to its settings. */
function productionOffering(features: string[], env: Record<string, string> = {}) {
  const offered = new Set(features);
  const disabled = PRODUCTION.DISABLED_FEATURES.split(',').filter((feature) => !offered.has(feature));
  return { ...PRODUCTION, DISABLED_FEATURES: disabled.join(','), ...env };
}

/** The message readConfig refuses `env` with ('' when it accepts it). */
function refusalOf(env: Record<string, string | undefined>): string {
  try {
    readConfig(env);
    return '';
  } catch (error) {
    return (error as Error).message;
  }
}

const LIVE_KEYS = {
  banking: { BANKING_PROVIDER: 'increase', INCREASE_API_KEY: 'key', INCREASE_ENVIRONMENT: 'production' },
  payments: { STRIPE_SECRET_KEY: 'sk_live_abc', STRIPE_PUBLISHABLE_KEY: 'pk_live_abc' },
  plaid: { PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret', PLAID_ENV: 'production' },
  moneykit: { MONEYKIT_CLIENT_ID: 'mk_client', MONEYKIT_CLIENT_SECRET: 'mk_secret' },
} as const;

describe('the production profile', () => {
  it('starts with the required settings and every vendor feature off, no demo', () => {
    const config = readConfig(PRODUCTION);
    expect(Object.values(config.FEATURES)).toEqual(['off', 'off', 'off', 'off', 'off', 'off']);
    expect(config).toMatchObject({ SEED_DEMO: false, DEMO_PASSWORD: null });
  });

  it.each([
    ['DATABASE_URL', /DATABASE_URL: must be set in production: a PostgreSQL server/],
    ['SMTP_URL', /SMTP_URL: must be set in production: without it email is kept in the outbox/],
    ['APP_URL', /APP_URL: must be set in production: the public address/],
  ])('refuses to start without %s, and starts once it is set', (setting, refusal) => {
    expect(refusalOf({ ...PRODUCTION, [setting]: undefined })).toMatch(refusal);
    expect(refusalOf({ ...PRODUCTION, NODE_ENV: 'development', [setting]: undefined })).toBe('');
  });

  it('refuses KEEL_TODAY: production reads the system clock', () => {
    expect(refusalOf({ ...PRODUCTION, KEEL_TODAY: '2026-11-22' })).toMatch(
      /KEEL_TODAY: must not be set in production/,
    );
    expect(readConfig({ ...PRODUCTION, NODE_ENV: 'development', KEEL_TODAY: '2026-11-22' }).KEEL_TODAY).toBe(
      '2026-11-22',
    );
  });

  it('lists every refusal at once, one line per setting', () => {
    const message = refusalOf({ NODE_ENV: 'production', KEEL_TODAY: '2026-11-22' });
    const settings = message
      .split('\n')
      .slice(1)
      .map((line) => /^ {2}(\w+): /.exec(line)?.[1]);
    expect(settings).toEqual([
      'SECRET_KEY',
      'DATABASE_URL',
      'SMTP_URL',
      'APP_URL',
      'KEEL_TODAY',
      'BANKING_PROVIDER',
      'STRIPE_SECRET_KEY',
      'PLAID_CLIENT_ID',
      'MONEYKIT_CLIENT_ID',
      'DISABLED_FEATURES',
      'DISABLED_FEATURES',
    ]);
  });

  it.each([
    [
      'banking',
      /BANKING_PROVIDER: is sandbox: .*set BANKING_PROVIDER=increase with INCREASE_API_KEY and INCREASE_ENVIRONMENT=production, or name banking in DISABLED_FEATURES .* or SANDBOX_FEATURES/,
    ],
    [
      'payments',
      /STRIPE_SECRET_KEY: is not set: .*set Stripe's live keys.*, or name payments in DISABLED_FEATURES/,
    ],
    [
      'plaid',
      /PLAID_CLIENT_ID: is not set: .*set PLAID_CLIENT_ID, PLAID_SECRET and PLAID_ENV=production, or name plaid in/,
    ],
    [
      'moneykit',
      /MONEYKIT_CLIENT_ID: is not set: .*set MONEYKIT_CLIENT_ID and MONEYKIT_CLIENT_SECRET, or name moneykit in/,
    ],
    [
      'quickbooks',
      /DISABLED_FEATURES: must name quickbooks in production, or SANDBOX_FEATURES must \(a staging server\): the QuickBooks connection has only its built-in sandbox/,
    ],
    [
      'sms',
      /DISABLED_FEATURES: must name sms in production, or SANDBOX_FEATURES must \(a staging server\): text messages have no vendor yet/,
    ],
  ])('refuses %s running its built-in sandbox unless a list names it', (feature, refusal) => {
    const env = productionOffering([feature]);
    expect(refusalOf(env)).toMatch(refusal);
    expect(readConfig({ ...env, SANDBOX_FEATURES: feature }).FEATURES[feature as 'sms']).toBe('sandbox');
    expect(readConfig(PRODUCTION).FEATURES[feature as 'sms']).toBe('off');
  });

  it.each([
    [
      'banking',
      { BANKING_PROVIDER: 'increase', INCREASE_API_KEY: 'key' },
      /INCREASE_ENVIRONMENT: is sandbox, Increase's test environment/,
    ],
    [
      'payments',
      { STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_PUBLISHABLE_KEY: 'pk_test_abc' },
      /STRIPE_SECRET_KEY: is a test key/,
    ],
    [
      'plaid',
      { PLAID_CLIENT_ID: 'client', PLAID_SECRET: 'secret' },
      /PLAID_ENV: is sandbox, Plaid's test environment/,
    ],
  ])(
    "counts %s in the vendor's test environment as a sandbox, which needs the opt-in",
    (feature, keys, refusal) => {
      const env = productionOffering([feature], keys);
      expect(refusalOf(env)).toMatch(refusal);
      expect(readConfig({ ...env, SANDBOX_FEATURES: feature }).FEATURES[feature as 'plaid']).toBe('sandbox');
    },
  );

  it.each(Object.entries(LIVE_KEYS))('starts with %s live through its vendor', (feature, keys) => {
    const config = readConfig(productionOffering([feature], keys));
    expect(config.FEATURES[feature as 'plaid']).toBe('live');
  });

  it('refuses a feature named in both lists, a live one named a sandbox, and an off one with a vendor set, in any mode', () => {
    for (const NODE_ENV of ['production', 'development']) {
      expect(refusalOf({ ...PRODUCTION, NODE_ENV, SANDBOX_FEATURES: 'sms' })).toMatch(
        /SANDBOX_FEATURES: names sms, which DISABLED_FEATURES names too/,
      );
      expect(
        refusalOf({
          ...productionOffering(['moneykit'], LIVE_KEYS.moneykit),
          NODE_ENV,
          SANDBOX_FEATURES: 'moneykit',
        }),
      ).toMatch(/SANDBOX_FEATURES: names moneykit, which MONEYKIT_CLIENT_ID makes live/);
      expect(refusalOf({ ...PRODUCTION, NODE_ENV, ...LIVE_KEYS.moneykit })).toMatch(
        /DISABLED_FEATURES: names moneykit, for which MONEYKIT_CLIENT_ID configures a vendor/,
      );
    }
    expect(refusalOf({ ...PRODUCTION, ...LIVE_KEYS.banking })).toMatch(
      /DISABLED_FEATURES: names banking, for which BANKING_PROVIDER configures a vendor/,
    );
  });

  it('refuses an unknown feature name, naming the valid ones', () => {
    expect(refusalOf({ DISABLED_FEATURES: 'banking, bank' })).toMatch(
      /DISABLED_FEATURES: names 'bank', which is not a feature: use banking, payments, plaid, moneykit, quickbooks, sms/,
    );
    expect(refusalOf({ SANDBOX_FEATURES: 'sms,texts' })).toMatch(/SANDBOX_FEATURES: names 'texts'/);
    expect(readConfig({ DISABLED_FEATURES: ' Banking , SMS,' }).DISABLED_FEATURES).toEqual([
      'banking',
      'sms',
    ]);
  });

  it('seeds the demo only on request, with a password of the operator’s own that nobody published', () => {
    expect(refusalOf({ ...PRODUCTION, SEED_DEMO: 'true' })).toMatch(
      /DEMO_PASSWORD: must be set with SEED_DEMO=true in production/,
    );
    expect(refusalOf({ ...PRODUCTION, SEED_DEMO: 'true', DEMO_PASSWORD: 'keel-demo-2026' })).toMatch(
      /DEMO_PASSWORD: is the published demo password/,
    );
    expect(refusalOf({ ...PRODUCTION, SEED_DEMO: 'true', DEMO_PASSWORD: 'short' })).toMatch(
      /DEMO_PASSWORD: must be at least 12 characters/,
    );
    const demo = readConfig({ ...PRODUCTION, SEED_DEMO: 'true', DEMO_PASSWORD: 'a staging password' });
    expect(demo).toMatchObject({ SEED_DEMO: true, DEMO_PASSWORD: 'a staging password' });
  });

  it.each(['banking', 'plaid', 'moneykit'] as const)(
    'refuses the demo, whose accounts and links are simulated, while %s is live',
    (feature) => {
      const env = productionOffering([feature], {
        ...LIVE_KEYS[feature],
        DEMO_PASSWORD: 'a staging password',
      });
      expect(refusalOf({ ...env, SEED_DEMO: 'true' })).toMatch(
        new RegExp(`SEED_DEMO: must not be true while ${feature} is live: the demo's bank accounts`),
      );
      expect(refusalOf(env)).toBe('');
    },
  );

  it('keeps development as it was: the demo with its published password, every feature its sandbox', () => {
    const config = readConfig({});
    expect(config).toMatchObject({ SEED_DEMO: true, DEMO_PASSWORD: 'keel-demo-2026' });
    expect(Object.values(config.FEATURES)).toEqual(Array(6).fill('sandbox'));
    expect(readConfig({ DEMO_PASSWORD: 'another demo password' }).DEMO_PASSWORD).toBe(
      'another demo password',
    );
    expect(readConfig({ SEED_DEMO: 'false' }).SEED_DEMO).toBe(false);
    const off = readConfig({ DISABLED_FEATURES: 'banking,sms' });
    expect(off.FEATURES).toMatchObject({ banking: 'off', sms: 'off', payments: 'sandbox' });
  });
});
