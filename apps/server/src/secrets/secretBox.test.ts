import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCTION_TEST_ENV } from '../../test/productionEnv';
import { readConfig } from '../config';
import { createSecretBox, secretBoxOf } from './secretBox';
import { decodeSecretKey } from './secretKey';

const KEY = Buffer.alloc(32, 3);

describe('secret box', () => {
  const box = createSecretBox(KEY);

  it('opens what it sealed, for the same context only', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'totp:user-1');
    expect(sealed).toMatch(/^v1:/);
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.open(sealed, 'totp:user-1')).toBe('JBSWY3DPEHPK3PXP');
    // Copied into another user's row, it does not open.
    expect(() => box.open(sealed, 'totp:user-2')).toThrow();
  });

  it('seals the same secret differently each time (a fresh nonce)', () => {
    expect(box.seal('same', 'c')).not.toBe(box.seal('same', 'c'));
  });

  it('refuses an altered value, a value of another key, and plain text', () => {
    const sealed = box.seal('secret', 'c');
    const [version, iv, body] = sealed.split(':') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(() => box.open(`${version}:${iv}:${flipped.toString('base64url')}`, 'c')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 4)).open(sealed, 'c')).toThrow();
    expect(() => box.open('JBSWY3DPEHPK3PXP', 'c')).toThrow();
    expect(() => box.open('v1:AAAA:AA', 'c')).toThrow();
  });

  it('reads SECRET_KEY as base64 or hex, 32 bytes only', () => {
    expect(decodeSecretKey(KEY.toString('base64'))).toEqual(KEY);
    expect(decodeSecretKey(KEY.toString('hex'))).toEqual(KEY);
    expect(decodeSecretKey('short')).toBeNull();
    expect(decodeSecretKey(Buffer.alloc(16).toString('base64'))).toBeNull();
  });
});

describe('the server key', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('is refused in production when unset or malformed, naming SECRET_KEY', () => {
    expect(() => readConfig({ NODE_ENV: 'production' })).toThrow(/SECRET_KEY: must be set in production/);
    expect(() => readConfig({ NODE_ENV: 'production', SECRET_KEY: 'abc' })).toThrow(
      /SECRET_KEY: must be 32 bytes/,
    );
  });

  it('uses SECRET_KEY when set: two servers with one key open each other’s secrets', () => {
    const env = { ...PRODUCTION_TEST_ENV, SECRET_KEY: KEY.toString('base64') };
    const sealed = secretBoxOf(readConfig(env)).seal('shared', 'c');
    expect(secretBoxOf(readConfig(env)).open(sealed, 'c')).toBe('shared');
  });

  it('in development, unset, is made once in DATA_DIR/secret.key (owner-only) and kept across restarts', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'keel-key-'));
    dirs.push(dataDir);
    const sealed = secretBoxOf(readConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })).seal('kept', 'c');
    const path = join(dataDir, 'secret.key');
    expect(decodeSecretKey(readFileSync(path, 'utf8'))).not.toBeNull();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(secretBoxOf(readConfig({ NODE_ENV: 'development', DATA_DIR: dataDir })).open(sealed, 'c')).toBe(
      'kept',
    );
  });
});
