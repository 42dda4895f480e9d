import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// Relative path, not '@keel/domain': Vite's config loader bundles relative files but hands package
// imports to Node, which cannot load the package's TypeScript source.
import { PRODUCT_NAME } from '../../packages/domain/src/product.ts';

/** The API server the dev server forwards to (`npm run dev -w apps/server` listens on 3000). */
const apiTarget = process.env.KEEL_API_URL ?? 'http://localhost:3000';

// Prefixes end in '/' where a page route shares the start: '/api' alone would also capture '/apply'.
const proxiedPrefixes = ['/api/', '/graphql', '/oauth/', '/userinfo/'];

/** Puts the product name into index.html so it is written in one place (packages/domain). */
function productNamePlugin(): Plugin {
  return {
    name: 'keel-product-name',
    transformIndexHtml: (html) => html.replaceAll('%PRODUCT_NAME%', PRODUCT_NAME),
  };
}

/** What is worth compressing: text files over 1 kB (smaller ones gain less than the headers cost). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|map)$/;
const MIN_COMPRESS_BYTES = 1024;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once, at the
 * best compression: the server sends them as they are to browsers that accept them (apps/server
 * app.ts, @fastify/static `preCompressed`), so no request pays for compressing.
 */
function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'keel-precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: () => {
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
        const path = join(entry.parentPath, entry.name);
        const content = readFileSync(path);
        if (content.length < MIN_COMPRESS_BYTES) continue;
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${path}.gz`, gzipSync(content, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), productNamePlugin(), precompressPlugin()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(proxiedPrefixes.map((prefix) => [prefix, { target: apiTarget }])),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports in one file, as Rollup would: automatic splitting cuts out
          // every module a lazy page shares (a dozen small files), which compress worse apart and
          // each cost the first load a request.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
