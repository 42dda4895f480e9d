import { describe, expect, it } from 'vitest';
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
      ...keys,
      PLAID_ENV: 'production',
      NODE_ENV: 'production',
      SECRET_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    expect(production.PLAID_ENV).toBe('production');
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
