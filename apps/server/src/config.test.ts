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
});
