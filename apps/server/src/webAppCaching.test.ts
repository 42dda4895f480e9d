import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { useWebAppServer } from '../test/harness';

/** A build as the web app's Vite build writes it: hashed assets with .br and .gz copies beside them. */
const INDEX_HTML = '<!doctype html><title>Keel</title><script type="module" src="/assets/index-AbC123_x.js">';
const SCRIPT = `export const keel = ${JSON.stringify('k'.repeat(4000))};`;
const withCompressedCopies = (path: string, text: string) => ({
  [path]: text,
  [`${path}.br`]: brotliCompressSync(text),
  [`${path}.gz`]: gzipSync(text),
});
const server = useWebAppServer({
  ...withCompressedCopies('index.html', INDEX_HTML),
  ...withCompressedCopies('assets/index-AbC123_x.js', SCRIPT),
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
});

const IMMUTABLE = 'public, max-age=31536000, immutable';

const get = (url: string, acceptEncoding?: string) =>
  server().app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('serving the built web app compressed and cached', () => {
  it('sends a hashed asset brotli-compressed to a browser that accepts br', async () => {
    const response = await get('/assets/index-AbC123_x.js', 'gzip, deflate, br, zstd');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(SCRIPT);
    expect(response.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
  });

  it('sends gzip to a client without br, and the file itself to one that accepts neither', async () => {
    const gzipped = await get('/assets/index-AbC123_x.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/index-AbC123_x.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('lets browsers keep hashed assets for a year without revalidating', async () => {
    for (const encoding of ['br', 'gzip', undefined]) {
      const response = await get('/assets/index-AbC123_x.js', encoding);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
    }
  });

  it('has index.html revalidated on every load, by name and as every client-side route', async () => {
    for (const url of ['/index.html', '/', '/financial', '/reports/123?month=2026-03']) {
      const response = await get(url, 'gzip, deflate, br');
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers['content-type'], url).toMatch(/text\/html/);
    }
    const page = await get('/financial', 'br');
    expect(page.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX_HTML);
  });

  it('does not cache unhashed public files for good', async () => {
    const response = await get('/favicon.svg', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('does not serve the compressed copies by their own names', async () => {
    const response = await get('/assets/index-AbC123_x.js.br');
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toBe(INDEX_HTML);
  });
});
