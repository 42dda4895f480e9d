import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { decodeSecretKey, KEY_BYTES } from './secretKey';

/**
 * Seals the secrets Keel must read back (authenticator-app secrets) before they are stored: AES-256-GCM
 * under the server's key, bound to a context (what the value is and whose), so a sealed value copied
 * into another row or column does not open there. A database dump or backup alone reveals none of them.
 */
export type SecretBox = {
  seal(plaintext: string, context: string): string;
  /** The plaintext, or an error when the value was altered, moved, or sealed under another key. */
  open(sealed: string, context: string): string;
};

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`A secret key is ${KEY_BYTES} bytes`);
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}:${iv.toString('base64url')}:${body.toString('base64url')}`;
    },
    open(sealed, context) {
      const [version, ivText, bodyText] = sealed.split(':');
      if (version !== VERSION || !ivText || !bodyText) throw new Error('Not a sealed secret');
      const body = Buffer.from(bodyText, 'base64url');
      if (body.length < TAG_BYTES) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
      return Buffer.concat([
        decipher.update(body.subarray(0, body.length - TAG_BYTES)),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

const boxes = new WeakMap<Config, SecretBox>();

/**
 * The server's secret box. Its key is SECRET_KEY (required in production, and shared by every server
 * of one database); without it, a development server keeps a random key in DATA_DIR/secret.key (made
 * on first use, readable only by its owner), and a test server a random key of its own.
 */
export function secretBoxOf(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = createSecretBox(secretKeyOf(config));
    boxes.set(config, box);
  }
  return box;
}

function secretKeyOf(config: Config): Buffer {
  if (config.SECRET_KEY) {
    const key = decodeSecretKey(config.SECRET_KEY);
    if (key) return key;
  }
  if (config.NODE_ENV === 'production') throw new Error('SECRET_KEY must be set in production');
  if (config.NODE_ENV === 'test') return randomBytes(KEY_BYTES);
  const path = join(config.DATA_DIR, 'secret.key');
  if (existsSync(path)) {
    const key = decodeSecretKey(readFileSync(path, 'utf8'));
    if (key) return key;
    throw new Error(`${path} does not hold a 32-byte key: remove it or set SECRET_KEY`);
  }
  mkdirSync(config.DATA_DIR, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    writeFileSync(path, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another server on this DATA_DIR made it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return secretKeyOf(config);
    throw error;
  }
  chmodSync(path, 0o600);
  return key;
}
